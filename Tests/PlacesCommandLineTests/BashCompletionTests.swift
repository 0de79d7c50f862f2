import Foundation
import Testing

/// The generated bash completions, sourced into bash with the bash-completion package and asked for words.
@Suite("bash completion")
struct BashCompletionTests {
    /// Where bash-completion's functions (`_init_completion`, `_filedir`) are.
    private static let library = "/usr/share/bash-completion/bash_completion"

    /// What the completion of `program` offers for the line `line` (the cursor at its end), one word a line,
    /// sorted, with a fake `placesctl` on PATH that lists two places and records its arguments in `ids.log`;
    /// `isLibraryLoaded` false sources the script into a plain bash, without the bash-completion package.
    private static func complete(
        _ program: String, _ line: String, isLibraryLoaded: Bool = true
    ) throws -> (words: [String], idsCall: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bash-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory + "/bin", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fake = directory + "/bin/placesctl"
        try """
        #!/bin/sh
        echo "$*" > "\(directory)/ids.log"
        printf 'id\\tname\\n0f8fad5c-d9cb-469f-a165-70867728950e\\tEiffel Tower\\n7c9e6679-7425-40de-944b-e07fc1f90ae7\\tBig Ben\\n'
        """.write(toFile: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
        try "".write(toFile: directory + "/places.json", atomically: true, encoding: .utf8)
        let script = """
            if [ "$3" = yes ]; then
                [ -r \(library) ] || { echo 'bash-completion is missing' >&2; exit 3; }
                . \(library)
            fi
            . "$1/completions/\(program).bash"
            read -ra COMP_WORDS <<< "$2"
            [[ $2 == *' ' ]] && COMP_WORDS+=('')
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            COMP_LINE=$2
            COMP_POINT=${#COMP_LINE}
            _\(program)
            printf '%s\\n' "${COMPREPLY[@]}" | sort
            """
        let outcome = try Shell.run(
            "bash", ["-c", script, "bash", Shell.root, line, isLibraryLoaded ? "yes" : "no"], in: directory,
            environment: ["PATH": directory + "/bin:/usr/bin:/bin", "LC_ALL": "C"])
        guard outcome.status == 0 else {
            throw Shell.ShellMissing(description: "bash failed (\(outcome.status)): \(outcome.error)")
        }
        let idsCall = (try? String(contentsOfFile: directory + "/ids.log", encoding: .utf8)) ?? ""
        return (outcome.output.split(separator: "\n").map(String.init), idsCall)
    }

    /// Lines and what completing them must offer.
    static let lines: [(String, String, [String])] = [
        ("placesctl", "placesctl ex", ["export"]),
        ("placesctl", "placesctl u", ["undo", "unlock", "untag", "unvisit", "update"]),
        ("placesctl", "placesctl --v", ["--version"]),
        ("placesctl", "placesctl export --f", ["--format"]),
        ("placesctl", "placesctl export --format g", ["geojson", "gpx"]),
        ("placesctl", "placesctl list --un", ["--unvisited"]),
        ("placesctl", "placesctl add X --l", ["--lat", "--latitude", "--lon", "--longitude"]),
        ("placesctl", "placesctl status --j", ["--json"]),
        ("placesctl", "placesctl help st", ["status"]),
        ("placesctl", "placesctl key g", ["generate"]),
        ("placesctl", "placesctl call server.", ["server.backup", "server.status", "server.unlock"]),
        ("placesctl", "placesctl import ", ["-", "bin", "places.json"]),
        ("placesctl", "placesctl import places.json ", []),
        ("placesctl", "placesctl near --lat ", []),
        ("placesd", "placesd re", ["rekey", "restore"]),
        ("placesd", "placesd restore b.sqlite --r", ["--replace"]),
        ("placesd", "placesd --log-level w", ["warning"]),
        ("placesd", "placesd --max-conn", ["--max-connections", "--max-connections-per-user"]),
        ("placesd", "placesd rekey --d", ["--database", "--decrypt"]),
        ("placesd", "placesd migrate --", ["--from", "--help", "--to"]),
        ("placesd", "placesd --database pl", ["places.json"]),
    ]

    @Test("Completing a line offers the declared words", arguments: lines)
    func completes(program: String, line: String, expected: [String]) throws {
        #expect(try Self.complete(program, line).words == expected, "\(line)")
    }

    @Test("Without the bash-completion package, completing a line offers the same words", arguments: lines)
    func completesWithoutLibrary(program: String, line: String, expected: [String]) throws {
        #expect(try Self.complete(program, line, isLibraryLoaded: false).words == expected, "\(line)")
    }

    @Test("A place's id or name is completed from placesctl's list, on the socket given")
    func placeIDs() throws {
        let (words, call) = try Self.complete("placesctl", "placesctl --socket /s.sock get 0f")
        #expect(words == ["0f8fad5c-d9cb-469f-a165-70867728950e"])
        #expect(call == "--socket /s.sock list --format tsv --fields id,name\n")
        let (names, _) = try Self.complete("placesctl", "placesctl remove Ei")
        #expect(names == ["Eiffel\\ Tower"], "a name, quoted for the shell")
        let (both, _) = try Self.complete("placesctl", "placesctl get ", isLibraryLoaded: false)
        #expect(both.count == 4, "every name and id: \(both)")
        let (anchors, _) = try Self.complete("placesctl", "placesctl move 0f8f --before 7")
        #expect(anchors == ["7c9e6679-7425-40de-944b-e07fc1f90ae7"])
        let (afterID, _) = try Self.complete("placesctl", "placesctl get 0f8f ")
        #expect(afterID.isEmpty)
    }
}
