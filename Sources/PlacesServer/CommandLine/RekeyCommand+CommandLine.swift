import PlacesCommandLine

extension RekeyCommand {
    /// Parses the arguments after `rekey`; nil means print the help.
    static func parse(
        _ arguments: ArraySlice<String>, environment: [String: String], uid: UInt32
    ) throws(UsageError) -> RekeyCommand? {
        typealias Options = DaemonOptions.Rekey
        var command = RekeyCommand(invocation: DaemonInvocation(environment: environment, uid: uid))
        var reader = ArgumentReader(arguments, doubleDashEndsOptions: false, everyArgumentIsAnOption: true)
        while let token = reader.next(options: Options.command.option(spelled:)) {
            let (option, spelling, text) = try DaemonOptions.read(token, command: Options.command.name)
            func value() throws(UsageError) -> String { try DaemonOptions.nonEmpty(text, spelling: spelling) }
            switch option {
            case DaemonOptions.help.declaration: return nil
            case Options.config.declaration:
                command.invocation.configurationPath = try value()
                command.invocation.isConfigurationPathExplicit = true
            case Options.database.declaration:
                command.invocation.overrides.append(.init(key: .database, value: try value()))
            case Options.keyFile.declaration:
                command.invocation.overrides.append(.init(key: .keyFile, value: try value()))
            case Options.newKeyFile.declaration: command.newKeyPath = try value()
            case Options.decrypt.declaration: command.decrypt = true
            default: throw UsageError("Unknown option '\(spelling)' for 'placesd rekey'.")
            }
        }
        guard (command.newKeyPath != nil) != command.decrypt else {
            throw UsageError("'placesd rekey' needs exactly one of --new-key-file PATH and --decrypt.")
        }
        return command
    }
}
