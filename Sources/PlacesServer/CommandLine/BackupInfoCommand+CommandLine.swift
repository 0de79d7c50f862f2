import PlacesCommandLine

extension BackupInfoCommand {
    /// Parses the arguments after `backup`; nil means print the help.
    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> BackupInfoCommand? {
        typealias Options = DaemonOptions.Backup
        var path: String?
        var isJSON = false
        let isRun = try DaemonOptions.readOptions(of: Options.command, from: arguments) {
            option, value throws(UsageError) in
            switch option {
            case Options.info.declaration: path = try value()
            case Options.json.declaration: isJSON = true
            default: preconditionFailure("'placesd backup' declares \(option.name) but does not read it")
            }
        }
        guard isRun else { return nil }
        guard let path else {
            throw UsageError(
                "'placesd backup' needs --info FILE (placesd cannot make a backup online yet: see placesd(8)).")
        }
        return BackupInfoCommand(path: path, isJSON: isJSON)
    }
}
