import PlacesSystem

/// Finds the socket placesctl talks to.
///
/// The order is: the explicit path (`--socket`), `$PLACES_SOCKET`, the user
/// instance's socket if it exists, then the system instance's socket.
public enum SocketLocator {
    /// The name of the environment variable that names the socket.
    public static let environmentVariable = "PLACES_SOCKET"

    /// Resolves the socket path, checking the file system for the user instance's socket.
    public static func resolve(explicit: String?, environment: [String: String], uid: UInt32) -> String {
        resolve(explicit: explicit, environment: environment, uid: uid, fileExists: FileSystem.fileExists)
    }

    /// Resolves the socket path, asking `fileExists` whether the user instance's socket is there.
    public static func resolve(
        explicit: String?, environment: [String: String], uid: UInt32, fileExists: (String) -> Bool
    ) -> String {
        if let explicit, !explicit.isEmpty {
            return explicit
        }
        if let fromEnvironment = environment[environmentVariable], !fromEnvironment.isEmpty {
            return fromEnvironment
        }
        let userPath = DefaultPaths.socketPath(environment: environment, uid: uid)
        if fileExists(userPath) {
            return userPath
        }
        return DefaultPaths.systemSocketPath
    }
}
