// sqlite-floor: the SQLite work of durable places.add requests and nothing else, as a floor for placesd's figures.
//
//   sqlite-floor DATABASE ADDS_PER_COMMIT -n ADDS [-d SECONDS]
//
// Commits ADDS requests' worth of places in transactions of ADDS_PER_COMMIT (stopping early after SECONDS): each
// transaction is what placesd's writer runs for a batch of adds, with its statements, its schema and its pragmas
// (WAL, synchronous = FULL, a passive checkpoint on a thread of its own from 1,000 WAL pages): BEGIN IMMEDIATE;
// for each add, an insert into `places` and one into `changes`; the owner's and the store's revisions; COMMIT.
// Nothing else: no socket, no JSON, no in-memory indexes. A pipeline whose whole depth is one commit cannot run
// faster than this on the same disk, whatever placesd does around it.
//
// Prints one JSON line in jsonl-load's shape: requests are adds, p50/p99 are of the transactions, cpu_s is the
// process's user + system time.
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static sqlite3 *db;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void check(int rc, const char *what) {
    if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW) {
        fprintf(stderr, "sqlite-floor: %s: %s\n", what, sqlite3_errmsg(db));
        exit(1);
    }
}

static sqlite3_stmt *prepare(const char *sql) {
    sqlite3_stmt *statement;
    check(sqlite3_prepare_v2(db, sql, -1, &statement, NULL), sql);
    return statement;
}

static void run(sqlite3_stmt *statement, const char *what) {
    check(sqlite3_step(statement), what);
    sqlite3_reset(statement);
}

// The checkpointer: placesd's writer hands a passive checkpoint to a connection of its own from 1,000 WAL pages
// and runs one itself from 8,000.
static const char *path;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wanted = PTHREAD_COND_INITIALIZER;
static int scheduled, stopping;

static void *checkpointer(void *unused) {
    (void)unused;
    sqlite3 *own;
    if (sqlite3_open_v2(path, &own, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
        fprintf(stderr, "sqlite-floor: the checkpointer cannot open %s\n", path);
        exit(1);
    }
    sqlite3_exec(own, "PRAGMA synchronous = FULL", NULL, NULL, NULL);
    pthread_mutex_lock(&lock);
    for (;;) {
        while (!scheduled && !stopping)
            pthread_cond_wait(&wanted, &lock);
        if (stopping)
            break;
        pthread_mutex_unlock(&lock);
        sqlite3_wal_checkpoint_v2(own, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
        pthread_mutex_lock(&lock);
        scheduled = 0;
    }
    pthread_mutex_unlock(&lock);
    sqlite3_close(own);
    return NULL;
}

static int wal_grew(void *unused, sqlite3 *writer, const char *name, int pages) {
    (void)unused;
    (void)name;
    if (pages >= 8000) {
        sqlite3_wal_checkpoint_v2(writer, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
    } else if (pages >= 1000) {
        pthread_mutex_lock(&lock);
        if (!scheduled) {
            scheduled = 1;
            pthread_cond_signal(&wanted);
        }
        pthread_mutex_unlock(&lock);
    }
    return SQLITE_OK;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    long total = 0;
    double seconds = 300;
    if (argc < 5) {
        fprintf(stderr, "usage: sqlite-floor DATABASE ADDS_PER_COMMIT -n ADDS [-d SECONDS]\n");
        return 64;
    }
    path = argv[1];
    long per = atol(argv[2]);
    for (int i = 3; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "-n") == 0)
            total = atol(argv[i + 1]);
        else if (strcmp(argv[i], "-d") == 0)
            seconds = atof(argv[i + 1]);
    }
    if (per < 1 || total < 1) {
        fprintf(stderr, "sqlite-floor: ADDS_PER_COMMIT and ADDS must be positive\n");
        return 64;
    }
    check(sqlite3_open(path, &db), "open");
    check(sqlite3_exec(db,
              "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA journal_size_limit = 67108864;"
              "CREATE TABLE IF NOT EXISTS meta (singleton INTEGER PRIMARY KEY CHECK (singleton = 1),"
              " schema_version INTEGER NOT NULL, application TEXT NOT NULL, revision INTEGER NOT NULL,"
              " key_check BLOB);"
              "INSERT OR IGNORE INTO meta (singleton, schema_version, application, revision)"
              " VALUES (1, 5, 'placesd', 0);"
              "CREATE TABLE IF NOT EXISTS owners (uid INTEGER PRIMARY KEY, revision INTEGER NOT NULL);"
              "CREATE TABLE IF NOT EXISTS places (rowid INTEGER PRIMARY KEY,"
              " id BLOB NOT NULL CHECK (length(id) = 16), owner INTEGER NOT NULL, position INTEGER NOT NULL,"
              " name TEXT NOT NULL, description TEXT NOT NULL, latitude REAL NOT NULL, longitude REAL NOT NULL,"
              " visited INTEGER NOT NULL, version INTEGER NOT NULL, created_at INTEGER NOT NULL,"
              " updated_at INTEGER NOT NULL, sealed BLOB);"
              "CREATE TABLE IF NOT EXISTS changes (revision INTEGER PRIMARY KEY, owner INTEGER NOT NULL,"
              " owner_revision INTEGER NOT NULL, kind TEXT NOT NULL, id BLOB NOT NULL CHECK (length(id) = 16),"
              " name TEXT NOT NULL, description TEXT NOT NULL, latitude REAL NOT NULL, longitude REAL NOT NULL,"
              " visited INTEGER NOT NULL, version INTEGER NOT NULL, created_at INTEGER NOT NULL,"
              " updated_at INTEGER NOT NULL, sealed BLOB, logged_at INTEGER NOT NULL);",
              NULL, NULL, NULL),
        "schema");
    sqlite3_wal_hook(db, wal_grew, NULL);
    pthread_t thread;
    pthread_create(&thread, NULL, checkpointer, NULL);

    sqlite3_stmt *begin = prepare("BEGIN IMMEDIATE"), *commit = prepare("COMMIT");
    sqlite3_stmt *insert = prepare(
        "INSERT INTO places (id, owner, position, name, description, latitude, longitude, visited, version,"
        " created_at, updated_at, rowid, sealed) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)");
    sqlite3_stmt *append = prepare(
        "INSERT INTO changes (revision, owner, owner_revision, kind, id, name, description, latitude, longitude,"
        " visited, version, created_at, updated_at, sealed, logged_at)"
        " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)");
    sqlite3_stmt *owner = prepare(
        "INSERT INTO owners (uid, revision) VALUES (?1, ?2) ON CONFLICT (uid) DO UPDATE SET revision = ?2");
    sqlite3_stmt *store = prepare("UPDATE meta SET revision = ?1 WHERE singleton = 1");
    sqlite3_stmt *last = prepare("SELECT coalesce(max(rowid), 0), (SELECT revision FROM meta) FROM places");
    check(sqlite3_step(last), "read the last row");
    long long rowid = sqlite3_column_int64(last, 0), revision = sqlite3_column_int64(last, 1);
    sqlite3_finalize(last);

    long commits_made = 0, capacity = total / per + 2, adds = 0;
    double *durations = malloc(sizeof(double) * (size_t)capacity);
    unsigned long long state = 0x9e3779b97f4a7c15ull ^ (unsigned long long)rowid;
    const char *description = "Added by the benchmark.";
    double start = now();
    while (adds < total && now() - start < seconds) {
        double began = now();
        run(begin, "BEGIN");
        long count = per < total - adds ? per : total - adds;
        for (long i = 0; i < count; i++) {
            unsigned char id[16];
            for (int k = 0; k < 16; k += 8) {
                state ^= state << 13, state ^= state >> 7, state ^= state << 17;
                memcpy(id + k, &state, 8);
            }
            rowid++, revision++;
            char name[48];
            int length = snprintf(name, sizeof name, "Bench place %lld", rowid);
            double latitude = -80 + (double)(rowid % 100) * 1.6, longitude = -179 + (double)(rowid % 100) * 3.5;
            long long at = (long long)time(NULL) * 1000, position = 2305843009213693952LL + rowid * 4294967296LL;
            sqlite3_bind_blob(insert, 1, id, 16, SQLITE_TRANSIENT);
            sqlite3_bind_int64(insert, 2, 1000);
            sqlite3_bind_int64(insert, 3, position);
            sqlite3_bind_text(insert, 4, name, length, SQLITE_TRANSIENT);
            sqlite3_bind_text(insert, 5, description, -1, SQLITE_STATIC);
            sqlite3_bind_double(insert, 6, latitude);
            sqlite3_bind_double(insert, 7, longitude);
            sqlite3_bind_int64(insert, 8, 0);
            sqlite3_bind_int64(insert, 9, 1);
            sqlite3_bind_int64(insert, 10, at);
            sqlite3_bind_int64(insert, 11, at);
            sqlite3_bind_int64(insert, 12, rowid);
            sqlite3_bind_null(insert, 13);
            run(insert, "insert a place");
            sqlite3_bind_int64(append, 1, revision);
            sqlite3_bind_int64(append, 2, 1000);
            sqlite3_bind_int64(append, 3, revision);
            sqlite3_bind_text(append, 4, "added", -1, SQLITE_STATIC);
            sqlite3_bind_blob(append, 5, id, 16, SQLITE_TRANSIENT);
            sqlite3_bind_text(append, 6, name, length, SQLITE_TRANSIENT);
            sqlite3_bind_text(append, 7, description, -1, SQLITE_STATIC);
            sqlite3_bind_double(append, 8, latitude);
            sqlite3_bind_double(append, 9, longitude);
            sqlite3_bind_int64(append, 10, 0);
            sqlite3_bind_int64(append, 11, 1);
            sqlite3_bind_int64(append, 12, at);
            sqlite3_bind_int64(append, 13, at);
            sqlite3_bind_null(append, 14);
            sqlite3_bind_int64(append, 15, at);
            run(append, "log a change");
        }
        sqlite3_bind_int64(owner, 1, 1000);
        sqlite3_bind_int64(owner, 2, revision);
        run(owner, "the owner's revision");
        sqlite3_bind_int64(store, 1, revision);
        run(store, "the store's revision");
        run(commit, "COMMIT");
        adds += count;
        durations[commits_made++] = now() - began;
    }
    double elapsed = now() - start;

    pthread_mutex_lock(&lock);
    stopping = 1;
    pthread_cond_signal(&wanted);
    pthread_mutex_unlock(&lock);
    pthread_join(thread, NULL);
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    double cpu = (double)usage.ru_utime.tv_sec + (double)usage.ru_utime.tv_usec / 1e6 +
                 (double)usage.ru_stime.tv_sec + (double)usage.ru_stime.tv_usec / 1e6;
    qsort(durations, (size_t)commits_made, sizeof(double), by_value);
    printf("{\"requests\":%ld,\"errors\":0,\"unanswered\":0,\"seconds\":%.3f,\"rps\":%.0f,\"p50_us\":%.1f,"
           "\"p99_us\":%.1f,\"commits\":%ld,\"connections\":1,\"depth\":%ld,\"cpu_s\":%.3f}\n",
        adds, elapsed, (double)adds / elapsed, durations[commits_made / 2] * 1e6,
        durations[commits_made * 99 / 100] * 1e6, commits_made, per, cpu);
    free(durations);
    for (sqlite3_stmt *statement = NULL; (statement = sqlite3_next_stmt(db, NULL)) != NULL;)
        sqlite3_finalize(statement);
    return sqlite3_close(db) == SQLITE_OK ? 0 : 1;
}
