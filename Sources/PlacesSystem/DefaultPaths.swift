/// Where placesd puts its socket and database when not told otherwise.
public enum DefaultPaths {
    /// The system instance's socket, made by `placesd.socket`.
    public static let systemSocketPath = "/run/placesd/placesd.sock"

    /// The socket: `$XDG_RUNTIME_DIR/placesd.sock`; without an absolute `XDG_RUNTIME_DIR`,
    /// `/run/placesd/placesd.sock` for root and `/tmp/placesd-UID/placesd.sock` for anyone else.
    public static func socketPath(environment: [String: String], uid: UInt32) -> String {
        if let runtime = absolute(environment["XDG_RUNTIME_DIR"]) {
            return joined(runtime, "placesd.sock")
        }
        return uid == 0 ? systemSocketPath : "/tmp/placesd-\(uid)/placesd.sock"
    }

    /// The daemon's own socket: `$RUNTIME_DIRECTORY/placesd.sock` when systemd made a runtime directory for the
    /// service (its first entry, if colon-separated), else `socketPath(environment:uid:)`.
    public static func daemonSocketPath(environment: [String: String], uid: UInt32) -> String {
        if let runtimeDirectory = first(environment["RUNTIME_DIRECTORY"]) {
            return joined(runtimeDirectory, "placesd.sock")
        }
        return socketPath(environment: environment, uid: uid)
    }

    /// The configuration file: `$CONFIGURATION_DIRECTORY/placesd.conf` when systemd set it (first entry);
    /// else `/etc/placesd/placesd.conf` for root; else `$XDG_CONFIG_HOME/placesd/placesd.conf`, or
    /// `$HOME/.config/placesd/placesd.conf`.
    public static func configurationPath(environment: [String: String], uid: UInt32) -> String {
        if let configurationDirectory = first(environment["CONFIGURATION_DIRECTORY"]) {
            return joined(configurationDirectory, "placesd.conf")
        }
        if uid == 0 {
            return "/etc/placesd/placesd.conf"
        }
        if let configHome = absolute(environment["XDG_CONFIG_HOME"]) {
            return joined(configHome, "placesd/placesd.conf")
        }
        if let home = absolute(environment["HOME"]) ?? absolute(FileSystem.homeDirectory(uid: uid)) {
            return joined(home, ".config/placesd/placesd.conf")
        }
        return "/etc/placesd/placesd.conf"
    }

    /// The first entry of a colon-separated list of directories, when it is absolute.
    private static func first(_ list: String?) -> String? {
        absolute(list?.split(separator: ":").first.map(String.init))
    }

    /// The database: `$STATE_DIRECTORY/places.sqlite` (its first entry, if colon-separated); else
    /// `$XDG_STATE_HOME/placesd/places.sqlite`; else `$HOME/.local/state/placesd/places.sqlite`; else, for root,
    /// `/var/lib/placesd/places.sqlite`, and for anyone else the same under the password database's home
    /// directory, or under `/tmp/placesd-UID` as a last resort.
    public static func databasePath(environment: [String: String], uid: UInt32) -> String {
        if let stateDirectory = first(environment["STATE_DIRECTORY"]) {
            return joined(stateDirectory, "places.sqlite")
        }
        if let stateHome = absolute(environment["XDG_STATE_HOME"]) {
            return joined(stateHome, "placesd/places.sqlite")
        }
        if let home = absolute(environment["HOME"]) {
            return joined(home, ".local/state/placesd/places.sqlite")
        }
        if uid == 0 {
            return "/var/lib/placesd/places.sqlite"
        }
        if let home = absolute(FileSystem.homeDirectory(uid: uid)) {
            return joined(home, ".local/state/placesd/places.sqlite")
        }
        return "/tmp/placesd-\(uid)/places.sqlite"
    }

    /// `value` when it is an absolute path; the XDG base directory rules say to ignore relative ones.
    private static func absolute(_ value: String?) -> String? {
        guard let value, value.hasPrefix("/") else { return nil }
        return value
    }

    private static func joined(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
