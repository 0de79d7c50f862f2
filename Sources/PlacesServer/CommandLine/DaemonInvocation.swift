import PlacesSystem

/// What the command line said about configuration: which file, and which settings it overrides.
///
/// Resolving it reads the file, so a reload (SIGHUP) resolves the same invocation again.
public struct DaemonInvocation: Sendable, Equatable {
    /// A setting given on the command line; it wins over the file.
    public struct Override: Sendable, Equatable {
        /// Which setting.
        public let key: ConfigurationKey
        /// Its value as written.
        public let value: String
    }

    /// The configuration file.
    public var configurationPath: String
    /// Whether `--config` named the file; a missing file is then an error rather than "use the defaults".
    public var isConfigurationPathExplicit = false
    /// Settings from flags, in order.
    public var overrides: [Override] = []
    /// The environment the defaults come from.
    public let environment: [String: String]
    /// The user the daemon runs as.
    public let uid: UInt32

    /// Creates an invocation with the default configuration path and no overrides.
    public init(environment: [String: String], uid: UInt32) {
        self.environment = environment
        self.uid = uid
        self.configurationPath = DefaultPaths.configurationPath(environment: environment, uid: uid)
    }

    /// The configuration: defaults, then the file's settings, then the command line's.
    public func resolve() throws(ConfigurationError) -> ServerConfiguration {
        var configuration = ServerConfiguration(environment: environment, uid: uid)
        if isConfigurationPathExplicit || FileSystem.fileExists(configurationPath) {
            let bytes: [UInt8]
            do {
                bytes = try FileSystem.readFile(configurationPath)
            } catch {
                throw ConfigurationError(path: configurationPath, reason: error.description)
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw ConfigurationError(path: configurationPath, reason: "not valid UTF-8 text")
            }
            try ConfigurationFile(path: configurationPath, text: text).apply(to: &configuration)
        }
        for override in overrides {
            do {
                try override.key.apply(override.value, to: &configuration)
            } catch {
                throw ConfigurationError(path: "command line", reason: "--\(override.key.rawValue) \(error)")
            }
        }
        return configuration
    }
}
