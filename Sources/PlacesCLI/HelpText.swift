import PlacesClient

/// The help placesctl prints: the overview and each command's page.
enum HelpText {
    /// The version `--version` prints.
    static let version = "0.1.0"

    /// One command's help; `placesctl help NAME` and `placesctl NAME --help` both print this.
    static func help(for command: CommandSpec) -> String {
        var sections = ["\(command.abstract)\n", usage(command)]
        if let discussion = command.discussion {
            sections.append(paragraph(discussion))
        }
        let arguments = command.arguments.map { ($0.name, $0.abstract) }
        let options = command.options.map { ($0.helpLabel, $0.abstract) }
        let globals = GlobalOptions.specs.map { ($0.helpLabel, $0.abstract) }
        let width = labelWidth(arguments + options + globals)
        if !arguments.isEmpty {
            sections.append(list("Arguments:", arguments, width: width))
        }
        if !options.isEmpty {
            sections.append(list("Options:", options, width: width))
        }
        sections.append(list("Global options:", globals, width: width))
        return sections.joined(separator: "\n")
    }

    /// The overview: usage, commands, global options, environment, exit codes.
    static func overview() -> String {
        let commands = CommandTable.all.map { ($0.name, $0.abstract) }
        let globals = (GlobalOptions.specs + [GlobalOptions.versionSpec]).map { ($0.helpLabel, $0.abstract) }
        let environment = [
            (SocketLocator.environmentVariable, "The socket to use when --socket is not given."),
            ("PAGER", "The pager for output taller than the terminal: less -FRX when unset, none when empty or cat."),
            ("NO_COLOR", "Set (not empty): no colour unless --color always."),
        ]
        let exitCodes = ExitCode.allCases.map { (String($0.rawValue), $0.meaning) }
        let width = labelWidth(commands + globals + environment + exitCodes)
        let sections = [
            "placesctl talks to placesd, the daemon that keeps your list of places.\n",
            """
            Usage: placesctl [--socket PATH] [--json] [--no-pager] [--color WHEN]
                             COMMAND [ARGUMENTS...]

            """,
            list("Commands:", commands, width: width),
            list("Global options:", globals, width: width),
            list("Environment:", environment, width: width),
            """
            Socket: --socket PATH, else $PLACES_SOCKET, else $XDG_RUNTIME_DIR/placesd.sock
            if it exists, else /run/placesd/placesd.sock.

            """,
            """
            With --json, every failure prints one JSON-RPC error member on standard
            output, {"error": {"code": N, "message": "...", "data": {...}}}: a refusal
            with placesd's code, placesctl's own failures with -32000 minus the exit
            status (-32064 usage, -32065 bad input file, -32069 unreachable, -32070
            bad reply, -32074 input or output).

            On a terminal, output taller than it goes through $PAGER (--no-pager: not);
            into a file or a pipe nothing is paged, coloured or cut.

            """,
            list("Exit codes:", exitCodes, width: width),
            "Run 'placesctl help COMMAND' for a command's arguments and options.\n",
        ]
        return sections.joined(separator: "\n")
    }

    /// The width help text is wrapped to.
    static let lineWidth = 80

    /// `Usage: placesctl NAME ...`, one line per form (later ones aligned under the first), wrapped between
    /// units, continuation lines indented past the command name.
    private static func usage(_ command: CommandSpec) -> String {
        var output = ""
        for (index, parts) in command.usageForms.enumerated() {
            output += usageLine(parts, lead: index == 0 ? "Usage: " : "       ")
        }
        return output
    }

    /// One usage form, wrapped.
    private static func usageLine(_ parts: [String], lead title: String) -> String {
        let lead = title + parts.prefix(2).joined(separator: " ")
        let indent = String(repeating: " ", count: lead.count + 1)
        var output = ""
        var line = lead
        for part in parts.dropFirst(2) {
            if line.count + 1 + part.count > lineWidth {
                output += line + "\n"
                line = indent + part
            } else {
                line += " " + part
            }
        }
        return output + line + "\n"
    }

    /// The label column's width: the longest label and a gap, at least enough to line up short lists.
    private static func labelWidth(_ rows: [(String, String)]) -> Int {
        max(rows.map { $0.0.count }.max() ?? 0, 6) + 2
    }

    /// A titled list of `label  text` rows, the text wrapped to the line width in its own column.
    private static func list(_ title: String, _ rows: [(String, String)], width: Int) -> String {
        var output = title + "\n"
        let indent = String(repeating: " ", count: width + 2)
        for (label, text) in rows {
            let lines = TextLayout.wrapped(text, width: max(lineWidth - indent.count, 20))
            output += "  " + TextLayout.padded(label, to: width) + lines[0] + "\n"
            for line in lines.dropFirst() {
                output += indent + line + "\n"
            }
        }
        return output
    }

    /// `text` with its unindented lines wrapped to the line width; indented lines (examples) are kept as they are.
    private static func paragraph(_ text: String) -> String {
        var output = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(" ") || line.isEmpty {
                output += line + "\n"
            } else {
                output += TextLayout.wrapped(String(line), width: lineWidth).map { $0 + "\n" }.joined()
            }
        }
        return output
    }
}
