#include <sqlite3.h>

/* sqlite3_config is variadic, which Swift cannot call. Turns off SQLite's count of the memory it allocates, which
 * takes a process-wide mutex on every allocation and free; nothing here reads it. Only has an effect before the
 * library initializes (the first open): afterwards it returns SQLITE_MISUSE and changes nothing. */
static inline int placesd_sqlite3_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
