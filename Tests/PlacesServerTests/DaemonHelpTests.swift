import PlacesCommandLine
import Testing

@testable import PlacesServer

/// Each `--help` of placesd gives every option its command declares, with the declaration's help text, and no
/// other option.
@Suite("placesd help texts")
struct DaemonHelpTests {
    /// `text` with every run of white space made one space.
    private static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The long options `text` names.
    private static func longOptions(_ text: String) -> Set<String> {
        Set(text.matches(of: #/--[a-z][a-z-]*/#).map { String($0.output) })
    }

    @Test(
        "A help text lists each declared option with its declared help, and only those",
        arguments: [
            ("placesd", DaemonCommandLine.helpText, DaemonOptions.serve),
            ("rekey", RekeyCommand.helpText, DaemonOptions.Rekey.command.options),
            ("migrate", MigrateCommand.helpText, DaemonOptions.Migrate.command.options),
            ("backup", BackupInfoCommand.helpText, DaemonOptions.Backup.command.options),
            ("restore", RestoreCommand.helpText, DaemonOptions.Restore.command.options),
        ])
    func listsTheDeclaredOptions(name: String, helpText: String, options: [OptionDeclaration]) {
        let help = Self.collapsed(helpText)
        for option in options {
            #expect(
                help.contains("\(option.helpLabel) \(Self.collapsed(option.abstract))"),
                "\(name) --help on \(option.name)")
        }
        // The usage lines name other commands' options; the list under "Options:" is this command's.
        let list = helpText.split(separator: "Options:\n", maxSplits: 1).last?.split(separator: "\n\n").first ?? ""
        #expect(
            Self.longOptions(String(list)) == Set(options.flatMap(\.names).filter { $0.hasPrefix("--") }), "\(name)")
    }
}
