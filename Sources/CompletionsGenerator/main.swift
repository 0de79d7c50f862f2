import Glibc
import PlacesCLI
import PlacesCommandLine
import PlacesServer

// Prints one completion script, made from the declarations of the program named (placesctl or placesd) for
// the shell named (bash, zsh or fish); `make completions` writes each into completions/, and a test compares the
// committed files with this output.
let programs = [PlacesCLI.commandLine, DaemonOptions.program]
let arguments = CommandLine.arguments
guard arguments.count == 3, let program = programs.first(where: { $0.name == arguments[1] }),
    let shell = CompletionShell(rawValue: arguments[2])
else {
    print("usage: CompletionsGenerator placesctl|placesd bash|zsh|fish")
    exit(64)
}
print(shell.script(for: program), terminator: "")
