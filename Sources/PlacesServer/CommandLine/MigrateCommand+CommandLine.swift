import PlacesCommandLine

extension MigrateCommand {
    /// Parses the arguments after `migrate`; nil means print the help.
    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> MigrateCommand? {
        typealias Options = DaemonOptions.Migrate
        var source: String?
        var target: String?
        let isRun = try DaemonOptions.readOptions(of: Options.command, from: arguments) {
            option, value throws(UsageError) in
            switch option {
            case Options.from.declaration: source = try value()
            case Options.to.declaration: target = try value()
            default: preconditionFailure("'placesd migrate' declares \(option.name) but does not read it")
            }
        }
        guard isRun else { return nil }
        guard let source, let target else {
            throw UsageError("'placesd migrate' needs --from DATABASE and --to DATABASE.")
        }
        guard source != target else { throw UsageError("'placesd migrate' needs two different stores.") }
        return MigrateCommand(source: source, target: target)
    }
}
