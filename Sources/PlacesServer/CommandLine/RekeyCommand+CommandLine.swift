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
            if try command.invocation.read(option, of: Options.store, value: value) { return }
            switch option {
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
