import PlacesCommandLine

extension RestoreCommand {
    /// Parses the arguments after `restore`; nil means print the help.
    static func parse(
        _ arguments: ArraySlice<String>, environment: [String: String], uid: UInt32
    ) throws(UsageError) -> RestoreCommand? {
        typealias Options = DaemonOptions.Restore
        var command = RestoreCommand(invocation: DaemonInvocation(environment: environment, uid: uid), backupPath: "")
        var files: [String] = []
        let isRun = try DaemonOptions.readOptions(
            of: Options.command, from: arguments, argument: { files.append($0) }
        ) { option, value throws(UsageError) in
            if try command.invocation.read(option, of: Options.store, value: value) { return }
            switch option {
            case Options.replace.declaration: command.isReplacing = true
            default: preconditionFailure("'placesd restore' declares \(option.name) but does not read it")
            }
        }
        guard isRun else { return nil }
        guard files.count == 1, let file = files.first, !file.isEmpty else {
            throw UsageError("'placesd restore' needs one backup FILE.")
        }
        command.backupPath = file
        return command
    }
}
