import PlacesCommandLine

extension MigrateCommand {
    /// Parses the arguments after `migrate`; nil means print the help.
    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> MigrateCommand? {
        typealias Options = DaemonOptions.Migrate
        var source: String?
        var target: String?
        var reader = ArgumentReader(arguments, doubleDashEndsOptions: false, everyArgumentIsAnOption: true)
        while let token = reader.next(options: Options.command.option(spelled:)) {
            let (option, spelling, text) = try DaemonOptions.read(token, command: Options.command.name)
            func value() throws(UsageError) -> String { try DaemonOptions.nonEmpty(text, spelling: spelling) }
            switch option {
            case DaemonOptions.help.declaration: return nil
            case Options.from.declaration: source = try value()
            case Options.to.declaration: target = try value()
            default: throw UsageError("Unknown option '\(spelling)' for 'placesd migrate'.")
            }
        }
        guard let source, let target else {
            throw UsageError("'placesd migrate' needs --from DATABASE and --to DATABASE.")
        }
        guard source != target else { throw UsageError("'placesd migrate' needs two different stores.") }
        return MigrateCommand(source: source, target: target)
    }
}
