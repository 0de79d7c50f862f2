import PlacesCommandLine

extension RekeyCommand {
    /// Parses the arguments after `rekey`; nil means print the help.
    static func parse(
        _ arguments: ArraySlice<String>, environment: [String: String], uid: UInt32
    ) throws(UsageError) -> RekeyCommand? {
        typealias Options = DaemonOptions.Rekey
        var command = RekeyCommand(invocation: DaemonInvocation(environment: environment, uid: uid))
        let isRun = try DaemonOptions.readOptions(of: Options.command, from: arguments) {
            option, value throws(UsageError) in
            switch option {
            case Options.config.declaration:
                command.invocation.configurationPath = try value()
                command.invocation.isConfigurationPathExplicit = true
            case Options.database.declaration:
                command.invocation.overrides.append(.init(key: .database, value: try value()))
            case Options.keyFile.declaration:
                command.invocation.overrides.append(.init(key: .keyFile, value: try value()))
            case Options.newKeyFile.declaration: command.newKeyPath = try value()
            case Options.decrypt.declaration: command.decrypt = true
            default: preconditionFailure("'placesd rekey' declares \(option.name) but does not read it")
            }
        }
        guard isRun else { return nil }
        guard (command.newKeyPath != nil) != command.decrypt else {
            throw UsageError("'placesd rekey' needs exactly one of --new-key-file PATH and --decrypt.")
        }
        return command
    }
}
