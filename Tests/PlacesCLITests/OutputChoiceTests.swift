import PlacesProtocol
import Testing

@testable import PlacesCLI

/// What list prints where: whole text when piped, TSV and chosen fields, the pager and colour decisions.
@Suite struct OutputChoiceTests {
    /// A daemon listing one place with a long, two-line description, and the Louvre.
    static func daemon() -> CLIHarness {
        var harness = CLIHarness()
        let description = String(repeating: "word ", count: 40) + "tickets at the gate\nsecond\tline \\ end"
        harness.respond = { method, _ in
            guard method == "places.list" else { return .failure(.rpc(RPCError(code: -32601, message: "no"))) }
            return .success(
                Fixtures.list([
                    Fixtures.placeJSON(id: Fixtures.eiffelID, name: "Eiffel Tower", description: description),
                    Fixtures.louvre,
                ]))
        }
        return harness
    }

    @Test func pipedTablesCutNothing() {
        let outcome = Self.daemon().run("list")
        let lines = outcome.standardOutput.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[1].hasSuffix("tickets at the gate second line \\ end"), "\(lines[1])")
        #expect(!outcome.standardOutput.contains("…"))
        #expect(outcome.paged.isEmpty)
        #expect(!outcome.standardOutput.contains("\u{1B}"), "no colour into a pipe")
    }

    @Test func terminalTablesAreCutToTheirWidth() {
        var harness = Self.daemon()
        harness.isStandardOutputTerminal = true
        harness.terminalColumns = 70
        harness.environment["NO_COLOR"] = "1"
        let lines = harness.run("list").standardOutput.split(separator: "\n")
        #expect(lines.map { TextLayout.cells($0) }.max() == 70)
        #expect(lines[1].hasSuffix("…"))
    }

    @Test func tsvEscapesAndKeepsEverything() {
        let outcome = Self.daemon().run("list", "--format", "tsv")
        #expect(outcome.exitCode == .success)
        let lines = outcome.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "id\tname\tlatitude\tlongitude\tvisited\ttags\tdescription")
        #expect(lines[1].hasPrefix("\(Fixtures.eiffelID)\tEiffel Tower\t48.8584\t2.2945\tfalse\t\tword word"))
        #expect(lines[1].hasSuffix("tickets at the gate\\nsecond\\tline \\\\ end"))
        #expect(lines[2] == "\(Fixtures.louvreID)\tLouvre\t48.8606\t2.3376\ttrue\t\t")
        #expect(lines.count == 4 && lines[3].isEmpty)
    }

    @Test func fieldsChooseTheColumns() {
        let tsv = Self.daemon().run("list", "--format=tsv", "--fields", "name, lat,visited,version")
        #expect(
            tsv.standardOutput
                == "name\tlatitude\tvisited\tversion\nEiffel Tower\t48.8584\tfalse\t1\nLouvre\t48.8606\ttrue\t1\n")
        let table = Self.daemon().run("list", "--fields", "name,visited")
        #expect(table.standardOutput == "NAME          VISITED\nEiffel Tower  no\nLouvre        yes\n")
        let json = Self.daemon().run("list", "--format", "json")
        #expect(json.standardOutput.hasPrefix(#"{"places":["#))
    }

    @Test(
        "Bad --format and --fields are usage errors",
        arguments: [
            (["--format", "csv"], "--format expects table, tsv or json, got 'csv'"),
            (["--fields", "name,nmae"], "--fields has no field 'nmae'; did you mean 'name'?"),
            (["--fields", ""], "--fields has no field ''"),
            (["--json", "--fields", "name"], "--fields applies to the table and tsv formats, not to JSON"),
        ])
    func badFormats(arguments: [String], message: String) {
        let outcome = Self.daemon().run(["list"] + arguments)
        #expect(outcome.exitCode == .usage)
        #expect(outcome.standardError.hasPrefix("placesctl: \(message)"), "\(outcome.standardError)")
    }

    /// Output taller than the terminal goes to the pager on a terminal only, and not with --no-pager or an empty
    /// PAGER.
    @Test func thePagerTakesOnlyTallTerminalOutput() {
        var harness = Self.daemon()
        harness.isStandardOutputTerminal = true
        harness.terminalColumns = 200
        harness.terminalRows = 3
        harness.environment["NO_COLOR"] = "1"
        let paged = harness.run("list")
        #expect(paged.paged.map(\.command) == ["less -FRX"])
        #expect(paged.paged.first?.text.hasPrefix("ID ") == true)
        #expect(paged.standardOutput.isEmpty)
        #expect(harness.run("list", "--no-pager").paged.isEmpty)
        #expect(harness.run("--json", "list").paged.isEmpty)
        harness.terminalRows = 4
        #expect(harness.run("list").paged.isEmpty, "three lines fit four rows")
        harness.terminalRows = 3
        harness.environment["PAGER"] = "more"
        #expect(harness.run("list").paged.map(\.command) == ["more"])
        for pager in ["", "cat"] {
            harness.environment["PAGER"] = pager
            let straight = harness.run("list")
            #expect(straight.paged.isEmpty && straight.standardOutput.hasPrefix("ID "), "PAGER='\(pager)'")
        }
        harness.isStandardOutputTerminal = false
        harness.terminalColumns = nil
        harness.environment["PAGER"] = nil
        #expect(harness.run("list").paged.isEmpty)
    }

    @Test func pagerChoiceCountsWrappedRows() {
        let text = String(repeating: "x", count: 25) + "\n"
        let page = { (columns: Int) in
            PagerChoice.command(
                for: text, isTerminal: true, rows: 3, columns: columns, isDisabled: false, environment: [:])
        }
        #expect(page(10) == "less -FRX")
        #expect(page(30) == nil)
    }

    /// Colour on a terminal, unless NO_COLOR or TERM=dumb; --color overrides.
    @Test(
        "Colour decisions",
        arguments: [
            (ColorMode.auto, true, [String: String](), true),
            (.auto, false, [:], false),
            (.auto, true, ["NO_COLOR": "1"], false),
            (.auto, true, ["NO_COLOR": ""], true),
            (.auto, true, ["TERM": "dumb"], false),
            (.always, false, ["NO_COLOR": "1"], true),
            (.never, true, [:], false),
        ])
    func colourDecisions(mode: ColorMode, isTerminal: Bool, environment: [String: String], expected: Bool) {
        #expect(TextStyle(mode, isTerminal: isTerminal, environment).isEnabled == expected)
    }

    @Test func colourMarksHeadingsAndVisitedPlaces() {
        var harness = Self.daemon()
        let plain = harness.run("list", "--fields", "name,visited").standardOutput
        let coloured = harness.run("list", "--fields", "name,visited", "--color", "always").standardOutput
        #expect(coloured.contains("\u{1B}[1mNAME\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[32myes\u{1B}[0m"))
        #expect(coloured.replacing(/\u{1B}\[[0-9]*m/, with: "") == plain)
        harness.isStandardOutputTerminal = true
        harness.terminalColumns = 80
        harness.environment["NO_COLOR"] = "yes"
        #expect(!harness.run("list").standardOutput.contains("\u{1B}"))
        #expect(CLIHarness().run("--color", "sometimes", "list").exitCode == .usage)
    }
}
