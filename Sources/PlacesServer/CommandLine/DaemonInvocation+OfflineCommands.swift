import PlacesCommandLine

extension DaemonInvocation {
    /// The `--config`, `--database` and `--key-file` options of a command that works on a stopped daemon's store
    /// (`rekey`, `restore`): each command declares its own, with its own help.
    struct StoreOptions {
        /// `--config PATH`.
        let config: OptionDeclaration
        /// `--database`.
        let database: OptionDeclaration
        /// `--key-file PATH`.
        let keyFile: OptionDeclaration
    }

    /// Applies `option` if it is one of `options`, with the value `value` returns; false if it is none of them.
    mutating func read(
        _ option: OptionDeclaration, of options: StoreOptions, value: () throws(UsageError) -> String
    ) throws(UsageError) -> Bool {
        switch option {
        case options.config:
            configurationPath = try value()
            isConfigurationPathExplicit = true
        case options.database: overrides.append(.init(key: .database, value: try value()))
        case options.keyFile: overrides.append(.init(key: .keyFile, value: try value()))
        default: return false
        }
        return true
    }

    /// Resolves the configuration and runs `command` with it; a configuration that cannot be read is the
    /// command's outcome (status 78) instead.
    func run(
        _ command: (ServerConfiguration) -> (status: Int32, message: String)
    ) -> (status: Int32, message: String) {
        let configuration: ServerConfiguration
        do {
            configuration = try resolve()
        } catch {
            return (Daemon.configurationExitStatus, "placesd: \(error)")
        }
        return command(configuration)
    }
}
