import Testing

@testable import PlacesCLI

@Suite struct HelpTextTests {
    /// Every command's name.
    static let commandNames = CommandTable.all.map(\.name)

    @Test(arguments: commandNames)
    func helpCommandEqualsHelpOption(name: String) {
        let viaHelp = CLIHarness().run("help", name)
        let viaOption = CLIHarness().run(name, "--help")
        let viaShortOption = CLIHarness().run("-h", name)
        #expect(viaHelp.exitCode == .success)
        #expect(viaOption.exitCode == .success)
        #expect(viaHelp.standardOutput == viaOption.standardOutput)
        #expect(viaShortOption.standardOutput == viaOption.standardOutput)
        #expect(viaHelp.standardOutput.hasPrefix(CommandTable.command(named: name)!.abstract + "\n"))
        #expect(viaHelp.standardOutput.contains("Usage: placesctl \(name)"))
        #expect(viaHelp.standardError.isEmpty)
        #expect(viaHelp.connectedPaths.isEmpty && viaOption.connectedPaths.isEmpty)
    }

    @Test(arguments: CommandTable.all.map(\.name))
    func everyAbstractIsOneSentence(name: String) {
        let command = CommandTable.command(named: name)!
        #expect(command.abstract.hasSuffix("."))
        #expect(command.abstract.first?.isUppercase == true)
        for option in command.options {
            #expect(option.abstract.hasSuffix("."), "\(name) \(option.name)")
        }
        for argument in command.arguments {
            #expect(argument.abstract.hasSuffix("."), "\(name) \(argument.name)")
        }
    }

    @Test func globalAbstractsEndInAPeriod() {
        for option in GlobalOptions.specs + [GlobalOptions.versionSpec] {
            #expect(option.abstract.hasSuffix("."), "\(option.name)")
        }
    }

    @Test func overviewIsTheSameEverywhere() {
        let overview = CLIHarness().run("--help").standardOutput
        #expect(CLIHarness().run("help").standardOutput == overview)
        #expect(CLIHarness().run("-h").standardOutput == overview)
        #expect(overview.hasPrefix("placesctl talks to placesd"))
        for command in CommandTable.all {
            #expect(overview.contains("  \(command.name) "), "\(command.name)")
            #expect(overview.contains(command.abstract))
        }
        for needle in [
            "--socket PATH", "--json", "--no-pager", "--color WHEN", "--version", "PLACES_SOCKET", "PAGER",
            "Exit codes:", "  64 ", "  69 ",
        ] {
            #expect(overview.contains(needle), "\(needle)")
        }
    }

    @Test func helpFitsEightyColumns() {
        let pages = [HelpText.overview()] + CommandTable.all.map(HelpText.help(for:))
        for page in pages {
            for line in page.split(separator: "\n") {
                #expect(line.count <= 80, "\(line)")
                #expect(line.last != " ", "\(line)")
            }
        }
    }

    @Test(arguments: [
        (
            "add",
            "placesctl add NAME LAT LON [--description TEXT] [--visited] [--tag TAG]\n"
                + "placesctl add NAME \"LAT, LON\" [--description TEXT] [--visited] [--tag TAG]\n"
                + "placesctl add NAME --lat LAT --lon LON [--description TEXT] [--visited] [--tag TAG]\n"
                + "placesctl add CITY [--country CC] [--description TEXT] [--visited] [--tag TAG]"
        ),
        (
            "list",
            "placesctl list [--visited|--unvisited] [--sort KEY] [--order asc|desc|--reverse] [--search TEXT] "
                + "[--tag TAG] [--bbox S,W,N,E] [--lat LAT] [--lon LON] [--from ID] [--offset N] [--limit N] "
                + "[--format FORMAT] [--fields LIST]"
        ),
        ("get", "placesctl get ID"),
        (
            "update",
            "placesctl update ID [--name NAME] [--description TEXT] [--lat LAT] [--lon LON] [--visited|--unvisited] [--tag TAG] [--if-version N]"
        ),
        ("remove", "placesctl remove ID [--if-version N]"),
        ("visit", "placesctl visit ID [--on DATE] [--if-version N]"),
        ("tag", "placesctl tag ID TAG... [--if-version N]"),
        ("tags", "placesctl tags"),
        ("unvisit", "placesctl unvisit ID [--if-version N]"),
        (
            "move",
            "placesctl move ID INDEX [--if-version N]\n"
                + "placesctl move ID --before ID2|--after ID2|--top|--bottom [--if-version N]"
        ),
        (
            "near",
            "placesctl near [WHERE] [--lat LAT] [--lon LON] [--from ID] [--country CC] [--radius DISTANCE] [--limit N] "
                + "[--visited|--unvisited] [--sort KEY] [--order asc|desc|--reverse] [--search TEXT] [--tag TAG] "
                + "[--bbox S,W,N,E] [--format FORMAT]"
        ),
        ("where", "placesctl where NAME [--country CC]"),
        ("watch", "placesctl watch"),
        ("import", "placesctl import FILE [--format FORMAT] [--on-conflict MODE] [--skip-duplicates] [--dry-run]"),
        ("export", "placesctl export [--format FORMAT] [--group-by-tag] [-o FILE]"),
        ("status", "placesctl status"),
        ("unlock", "placesctl unlock [--key-file FILE]"),
        ("key", "placesctl key generate [--raw]"),
        ("call", "placesctl call METHOD [PARAMS-JSON]"),
        ("help", "placesctl help [COMMAND]"),
    ])
    func usageLines(name: String, usage: String) {
        #expect(CommandTable.command(named: name)?.usage == usage)
    }

    /// The help of the commands that take a city tells where the cities come from, as running text.
    @Test(arguments: [AddCommand.spec, NearCommand.spec, WhereCommand.spec])
    func cityHelpIsRunningText(_ spec: CommandSpec) {
        let help = HelpText.help(for: spec)
        #expect(help.contains("list of the world's cities") && help.contains("\"Paris, Texas\""), "\(help)")
        #expect(
            !help.contains("\\\n") && !help.contains(" \\ "), "no line continuation left in the text: \(help)")
    }

    @Test func alternativeFormsLineUpUnderTheFirst() {
        let help = HelpText.help(for: MoveCommand.spec)
        #expect(
            help.contains(
                """
                Usage: placesctl move ID INDEX [--if-version N]
                       placesctl move ID --before ID2|--after ID2|--top|--bottom
                                      [--if-version N]

                """))
    }

    @Test func theOverviewListsTheNewCommandsInOrder() {
        let names = CommandTable.all.map(\.name)
        #expect(
            names == [
                "add", "list", "get", "update", "visit", "unvisit", "tag", "untag", "tags", "move", "remove", "undo",
                "history", "near", "map", "where", "watch", "import", "export", "backup", "status", "unlock", "key",
                "call",
                "help",
            ])
        let overview = HelpText.overview()
        for code in ExitCode.allCases {
            #expect(overview.contains("\n  \(TextLayout.padded(String(code.rawValue), to: 15))"), "\(code) is listed")
        }
        #expect(overview.contains("  66             Not found: no place with that id (-32001), none matches the\n"))
    }

    @Test func versionLine() {
        let outcome = CLIHarness().run("--version")
        #expect(outcome.standardOutput == "placesctl 0.1.0\n")
        #expect(outcome.exitCode == .success)
    }

    @Test func helpForAnUnknownCommandIsAUsageError() {
        let outcome = CLIHarness().run("help", "frob")
        #expect(outcome.exitCode == .usage)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError == "placesctl: unknown command 'frob'.\nRun 'placesctl help' for usage.\n")
    }
}
