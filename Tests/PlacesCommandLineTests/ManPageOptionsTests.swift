import PlacesCLI
import PlacesCommandLine
import PlacesServer
import Testing

/// The manual pages name every option the programs declare, each where its command is described, and no option
/// the programs do not have, as `ConfigurationTableTests` does for the configuration keys.
@Suite("Manual pages' options")
struct ManPageOptionsTests {
    private let placesctl = PlacesCLI.commandLine
    private let placesd = DaemonOptions.program

    @Test("placesctl(1) describes every command with each of its options, and only those")
    func placesctlCommands() throws {
        let page = try ManPage("placesctl.1")
        let paragraphs = ManPage.taggedParagraphs(page.section("COMMANDS"))
        let described = paragraphs.compactMap { ManPage.command(ofHeading: $0.heading) }
        #expect(described == placesctl.commands.map(\.name))
        for command in placesctl.commands {
            let paragraph = try #require(
                paragraphs.first { ManPage.command(ofHeading: $0.heading) == command.name },
                "placesctl(1) does not describe '\(command.name)'")
            for option in command.options {
                for name in option.names {
                    #expect(ManPage.names(name, in: paragraph.text), "placesctl(1) on \(command.name) lacks \(name)")
                }
            }
            let declared = Set(command.options.flatMap(\.names))
            for name in ManPage.longOptions(in: paragraph.heading) {
                #expect(declared.contains(name), "placesctl(1) gives \(command.name) \(name), which it does not take")
            }
        }
    }

    @Test("placesctl(1) lists the global options, and no option that placesctl does not have")
    func placesctlGlobals() throws {
        let page = try ManPage("placesctl.1")
        let globals = placesctl.globalOptions + placesctl.topOptions
        let headings = ManPage.taggedParagraphs(page.section("GLOBAL OPTIONS")).map(\.heading)
        for option in globals {
            for name in option.names {
                #expect(headings.contains { ManPage.names(name, in: $0) }, "placesctl(1) lacks the global \(name)")
            }
        }
        #expect(
            headings.map(ManPage.longOptions(in:)).reduce(Set(), { $0.union($1) })
                == Set(globals.flatMap(\.names).filter { $0.hasPrefix("--") }))
        let known = Set(placesctl.allOptions.flatMap(\.names))
        for name in ManPage.longOptions(in: page.lines.joined(separator: "\n")) {
            #expect(known.contains(name), "placesctl(1) names \(name), which placesctl does not have")
        }
    }

    @Test("placesd(8) lists every option of placesd under OPTIONS, and only those")
    func placesdOptions() throws {
        let page = try ManPage("placesd.8")
        let headings = ManPage.taggedParagraphs(page.section("OPTIONS")).map(\.heading)
        for option in placesd.topOptions {
            for name in option.names {
                #expect(headings.contains { ManPage.names(name, in: $0) }, "placesd(8) has no paragraph on \(name)")
            }
        }
        #expect(
            headings.map(ManPage.longOptions(in:)).reduce(Set(), { $0.union($1) })
                == Set(placesd.topOptions.flatMap(\.names).filter { $0.hasPrefix("--") }))
        // Other sections quote other programs' options (systemctl --user).
        let known = Set(placesd.allOptions.flatMap(\.names))
        let ownSections = ["SYNOPSIS", "OPTIONS"] + placesd.commands.map { $0.name.uppercased() }
        for name in ManPage.longOptions(in: ownSections.flatMap(page.section).joined(separator: "\n")) {
            #expect(known.contains(name), "placesd(8) names \(name), which placesd does not have")
        }
    }

    @Test("placesd(8) gives each command's options in its synopsis or its section, and only those")
    func placesdCommands() throws {
        let page = try ManPage("placesd.8")
        let synopsis = page.section("SYNOPSIS")
        for command in placesd.commands {
            // The command's synopsis: from its line to the next `.br`.
            let start = try #require(synopsis.firstIndex { $0.hasPrefix(".B placesd \(command.name)") })
            let usage = synopsis[start...].prefix { $0 != ".br" }.joined(separator: "\n")
            let section = page.section(command.name.uppercased()).joined(separator: "\n")
            let text = usage + "\n" + section
            // -h and --help are described once, under OPTIONS.
            for option in command.options where !option.isSpelled("--help") {
                for name in option.names {
                    #expect(ManPage.names(name, in: text), "placesd(8) on \(command.name) lacks \(name)")
                }
            }
            let declared = Set(command.options.flatMap(\.names))
            for name in ManPage.longOptions(in: text) {
                #expect(declared.contains(name), "placesd(8) gives \(command.name) \(name), which it does not take")
            }
        }
    }
}
