import Foundation
import PlacesCLI
import PlacesCommandLine
import PlacesServer
import Testing

/// The committed completions are what the declarations make today (`make completions` rewrites them), and each
/// shell reads its files.
@Suite("Completion files")
struct CompletionFileTests {
    /// Both programs, with every shell.
    static let cases: [(ProgramDeclaration, CompletionShell)] = [PlacesCLI.commandLine, DaemonOptions.program]
        .flatMap { program in CompletionShell.allCases.map { (program, $0) } }

    private static func path(_ program: ProgramDeclaration, _ shell: CompletionShell) -> String {
        Shell.root + "/completions/" + shell.fileName(for: program)
    }

    @Test("The committed file is what the declarations make (run 'make completions' if not)", arguments: cases)
    func committedFileIsGenerated(program: ProgramDeclaration, shell: CompletionShell) throws {
        let committed = try String(contentsOfFile: Self.path(program, shell), encoding: .utf8)
        #expect(committed == shell.script(for: program), "completions/\(shell.fileName(for: program))")
    }

    @Test("The shell parses the file", arguments: cases)
    func shellParses(program: ProgramDeclaration, shell: CompletionShell) throws {
        let path = Self.path(program, shell)
        let outcome =
            switch shell {
            case .bash: try Shell.run("bash", ["-n", path])
            case .zsh: try Shell.run("zsh", ["-n", path])
            case .fish: try Shell.run("fish", ["--no-execute", path])
            }
        #expect(outcome.status == 0, "\(shell) on \(path): \(outcome.error)")
    }

    @Test("Every command and option of the declarations is in every file", arguments: cases)
    func namesEverything(program: ProgramDeclaration, shell: CompletionShell) {
        let script = shell.script(for: program)
        for command in program.commands {
            #expect(script.contains(command.name), "\(command.name)")
        }
        for option in program.allOptions {
            for name in option.names {
                let spelled =
                    shell == .fish
                    ? (name.hasPrefix("--") ? "-l \(name.dropFirst(2)) " : "-s \(name.dropFirst()) ") : name
                #expect(script.contains(spelled), "\(shell) lacks \(name)")
            }
        }
    }
}
