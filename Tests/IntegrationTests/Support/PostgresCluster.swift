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

    /// Creates and starts a cluster with one database, `places`.
    init() throws {
        guard access(Self.binaries + "/initdb", X_OK) == 0 else {
            throw TestFailure("\(Self.binaries)/initdb is missing: install postgresql-15 (make deps-test does)")
        }
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
        try runAsPostgres("initdb", ["-D", dataDirectory, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"])
        try start()
        try runAsPostgres("createdb", ["-h", socketDirectory, "-U", "postgres", database])
    }

    /// The connection URI placesd is given.
    var uri: String {
        "postgresql:///\(database)?host=\(socketDirectory)&user=postgres"
    }

    /// Starts the server (again).
    func start() throws {
        let options = "-c listen_addresses='' -c unix_socket_directories='\(socketDirectory)' -c fsync=off"
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
            Self.binaries + "/psql",
            [
                "-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", socketDirectory, "-U", "postgres", "-d", database,
                "-c", sql,
            ],
            in: directory, timeout: 60)
        guard result.status == .exited(0) else { throw TestFailure("psql \(sql): \(result.summary)") }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Stops the server and removes the directory; failures are ignored (this runs in a `defer`).
    func stop() {
        _ = try? runAsPostgres("pg_ctl", ["-D", dataDirectory, "-w", "-m", "immediate", "stop"], timeout: 60)
        directory.remove()
    }

    private func runAsPostgres(_ tool: String, _ arguments: [String], timeout: Double = 60) throws {
        let runuser = access("/usr/sbin/runuser", X_OK) == 0 ? "/usr/sbin/runuser" : "/sbin/runuser"
        let result = try Subprocess.run(
            runuser, ["-u", "postgres", "--", Self.binaries + "/" + tool] + arguments, in: directory,
            timeout: timeout)
        guard result.status == .exited(0) else { throw TestFailure("\(tool) \(arguments): \(result.summary)") }
    }
}
