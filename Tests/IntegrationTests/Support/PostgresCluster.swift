import Foundation
import Glibc

/// A throwaway PostgreSQL 15 cluster for one test: initdb and pg_ctl run as the unprivileged `postgres` user
/// (initdb refuses root) through `runuser`, with the data and the Unix socket in a temporary directory, no TCP
/// listener, and nothing under /etc or /var/lib. `stop()` ends it and removes everything.
final class PostgresCluster {
    /// The directory holding the data directory, the socket and the server's log.
    let directory: TemporaryDirectory
    /// Where the server's socket is.
    let socketDirectory: String
    /// The cluster's data directory.
    let dataDirectory: String
    /// The database placesd uses.
    let database = "places"

    private static let binaries = "/usr/lib/postgresql/15/bin"

    /// Where the server also listens for TCP connections (port 5432), as well as on its socket; nil: nowhere.
    let tcpAddress: String?
    /// The server's port: the name of its socket file (and its TCP port).
    let port: Int
    /// More `-c name=value` settings for the server.
    let settings: [String]

    /// Creates and starts a cluster with one database, `places`; with `tcpAddress`, the server also listens there
    /// (and trusts every client of its /16); `settings` are more `name=value` settings for the server.
    convenience init(tcpAddress: String? = nil, settings: [String] = []) throws {
        try self.init(tcpAddress: tcpAddress, port: 5432, settings: settings) { cluster throws in
            try cluster.runAsPostgres(
                "initdb", ["-D", cluster.dataDirectory, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"])
        }
        if let tcpAddress {
            let network = tcpAddress.split(separator: ".").prefix(2).joined(separator: ".") + ".0.0/16"
            try append("host all all \(network) trust\n", to: "pg_hba.conf")
        }
        try start()
        try runAsPostgres("createdb", ["-h", socketDirectory, "-p", "\(port)", "-U", "postgres", database])
    }

    /// Makes the directories (owned by `postgres`) and the data directory with `create`; does not start.
    private init(
        tcpAddress: String?, port: Int, settings: [String], create: (PostgresCluster) throws -> Void
    ) throws {
        guard access(Self.binaries + "/initdb", X_OK) == 0 else {
            throw TestFailure("\(Self.binaries)/initdb is missing: install postgresql-15 (make deps-test does)")
        }
        self.tcpAddress = tcpAddress
        self.port = port
        self.settings = settings
        directory = try TemporaryDirectory()
        socketDirectory = directory.file("socket")
        dataDirectory = directory.file("data")
        guard let user = getpwnam("postgres") else {
            throw TestFailure("there is no user 'postgres': install postgresql-15 (make deps-test does)")
        }
        chmod(directory.path, 0o755)
        for path in [socketDirectory, dataDirectory] {
            mkdir(path, 0o700)
            chown(path, user.pointee.pw_uid, user.pointee.pw_gid)
        }
        do {
            try create(self)
        } catch {
            directory.remove()
            throw error
        }
    }

    /// A streaming standby of this cluster, named `name` (its `application_name`, as
    /// `synchronous_standby_names` names it), on `port`, started.
    func makeStandby(named name: String, port: Int) throws -> PostgresCluster {
        let standby = try PostgresCluster(tcpAddress: nil, port: port, settings: []) { standby throws in
            try standby.runAsPostgres(
                "pg_basebackup",
                [
                    "-D", standby.dataDirectory, "-h", socketDirectory, "-p", "\(self.port)", "-U", "postgres", "-X",
                    "stream",
                    // An immediate checkpoint: a spread one would keep the copy waiting for a minute or more.
                    "--checkpoint=fast",
                ],
                timeout: 120)
        }
        try standby.append(
            "primary_conninfo = 'host=\(socketDirectory) port=\(self.port) user=postgres application_name=\(name)'\n",
            to: "postgresql.auto.conf")
        try standby.append("", to: "standby.signal")
        try standby.start()
        return standby
    }

    /// Promotes a standby to a primary and waits until it is one.
    func promote() throws {
        try runAsPostgres("pg_ctl", ["-D", dataDirectory, "-w", "-t", "60", "promote"], timeout: 90)
    }

    /// Appends `text` to the file `name` of the data directory, which stays the server's.
    private func append(_ text: String, to name: String) throws {
        let path = dataDirectory + "/" + name
        try TemporaryDirectory.write((TemporaryDirectory.contents(of: path) ?? []) + Array(text.utf8), to: path)
        if let user = getpwnam("postgres") { chown(path, user.pointee.pw_uid, user.pointee.pw_gid) }
    }

    /// The connection string for TCP to `tcpAddress`.
    var tcpConnectionString: String {
        "host=\(tcpAddress ?? "") port=\(port) dbname=\(database) user=postgres"
    }

    /// The connection URI placesd is given.
    var uri: String {
        "postgresql:///\(database)?host=\(socketDirectory)&port=\(port)&user=postgres"
    }

    /// Starts the server (again).
    func start() throws {
        let options =
            "-c listen_addresses='\(tcpAddress ?? "")' -c unix_socket_directories='\(socketDirectory)' -c port=\(port) "
            + "-c fsync=off" + settings.map { " -c \($0)" }.joined()
        try runAsPostgres(
            "pg_ctl",
            ["-D", dataDirectory, "-w", "-t", "60", "-l", dataDirectory + "/server.log", "-o", options, "start"],
            timeout: 90)
    }

    /// Stops the server at once (`-m immediate`: as a crash would), keeping its data.
    func halt() throws {
        try runAsPostgres("pg_ctl", ["-D", dataDirectory, "-w", "-m", "immediate", "stop"], timeout: 60)
    }

    /// Runs `sql` with psql and returns its unaligned output, one line per row.
    @discardableResult
    func psql(_ sql: String) throws -> String {
        let result = try Subprocess.run(
            Self.binaries + "/psql", ["-A", "-t"] + psqlArguments(sql), in: directory, timeout: 60)
        guard result.status == .exited(0) else { throw TestFailure("psql \(sql): \(result.summary)") }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Starts psql running `sql` without waiting for it; returns its pid (see `Spawn.wait`).
    func startPsql(_ sql: String) throws -> pid_t {
        try Spawn.start(
            Self.binaries + "/psql", psqlArguments(sql), environment: Spawn.cleanEnvironment(),
            stdout: directory.file("psql.log"), stderr: directory.file("psql.log"))
    }

    /// The ids of the places the database holds.
    func storedPlaceIDs() throws -> Set<String> {
        Set(try psql("SELECT id FROM places").split(separator: "\n").map(String.init))
    }

    /// psql's arguments to run `sql` on the database as `postgres`, stopping at the first error.
    private func psqlArguments(_ sql: String) -> [String] {
        [
            "-X", "-v", "ON_ERROR_STOP=1", "-h", socketDirectory, "-p", "\(port)", "-U", "postgres", "-d", database,
            "-c", sql,
        ]
    }

    /// Makes every commit wait for a synchronous standby named `absent`, which never connects, and returns once a
    /// commit does: the checkpointer applies the setting a moment after `pg_reload_conf()` returns, and until then
    /// commits do not wait. Returns the probe psql sessions started to see it, some of them waiting: hand them to
    /// `dropTheAbsentStandby`.
    func requireAnAbsentSynchronousStandby() throws -> [pid_t] {
        try psql("CREATE TABLE IF NOT EXISTS standby_probe (at timestamptz)")
        try psql("ALTER SYSTEM SET synchronous_standby_names = 'absent'")
        try psql("SELECT pg_reload_conf()")
        var probes: [pid_t] = []
        let waiting = "SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'SyncRep'"
        // A probe that started before the setting applied commits at once; the next one may wait.
        let applied = try Deadline.wait(seconds: 60) {
            probes.append(try startPsql("INSERT INTO standby_probe VALUES (now())"))
            return try Deadline.wait(seconds: 1) { try psql(waiting) != "0" }
        }
        guard applied else { throw TestFailure("no commit waits for the absent synchronous standby") }
        return probes
    }

    /// Undoes `requireAnAbsentSynchronousStandby` and returns once its waiting probes have committed (the
    /// checkpointer lets every waiting commit go when it applies the change).
    func dropTheAbsentStandby(_ probes: [pid_t]) throws {
        try psql("ALTER SYSTEM RESET synchronous_standby_names")
        try psql("SELECT pg_reload_conf()")
        for probe in probes where Spawn.wait(probe, timeout: 60) != .exited(0) {
            throw TestFailure("a probe commit did not end once no standby was required")
        }
    }

    /// Every regular file of the cluster's data directory, WAL included.
    func dataFiles() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: dataDirectory)
        var files: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            let path = dataDirectory + "/" + relative
            var status = stat()
            if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG { files.append(path) }
        }
        return files
    }

    /// Stops the server and removes the directory; failures are ignored (this runs in a `defer`).
    func stop() {
        _ = try? runAsPostgres("pg_ctl", ["-D", dataDirectory, "-w", "-m", "immediate", "stop"], timeout: 60)
        directory.remove()
    }

    fileprivate func runAsPostgres(_ tool: String, _ arguments: [String], timeout: Double = 60) throws {
        let runuser = access("/usr/sbin/runuser", X_OK) == 0 ? "/usr/sbin/runuser" : "/sbin/runuser"
        let result = try Subprocess.run(
            runuser, ["-u", "postgres", "--", Self.binaries + "/" + tool] + arguments, in: directory,
            timeout: timeout)
        guard result.status == .exited(0) else { throw TestFailure("\(tool) \(arguments): \(result.summary)") }
    }
}

extension PostgresCluster {
    /// Runs the SQL file at `path` (a `pg_dump` of a database, say) in the `places` database, stopping at the
    /// first error.
    func psql(file path: String) throws {
        let result = try Subprocess.run(
            "/usr/lib/postgresql/15/bin/psql",
            [
                "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", socketDirectory, "-p", "\(port)", "-U", "postgres", "-d",
                database,
                "-f", path,
            ], in: directory, timeout: 60)
        guard result.status == .exited(0) else { throw TestFailure("psql -f \(path): \(result.summary)") }
    }
}
