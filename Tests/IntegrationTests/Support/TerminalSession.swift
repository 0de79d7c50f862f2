import Foundation

/// A command run on a real terminal: a pane of its own tmux server (a socket in a temporary directory), of a
/// given size, whose screen the test reads and types into.
///
/// The command runs as `sh -c 'COMMAND; echo "[exit $?]"; exec cat'`, so the pane stays open after it ends
/// (cat waits for input on the terminal) and the screen says how it ended.
final class TerminalSession {
    private let tmux: String
    private let socket: String
    private let directory: TemporaryDirectory

    /// Starts `command` (a shell command line) on a `columns` × `rows` terminal with `environment` added to a
    /// clean one, in `directory`.
    init(
        _ command: String, columns: Int, rows: Int, environment: [String: String], in directory: TemporaryDirectory
    ) throws {
        tmux = try ExternalTool.path("tmux", package: "tmux")
        self.directory = directory
        socket = directory.path + "/tmux-\(UUID().uuidString.prefix(8)).sock"
        let wrapped = "\(command); echo \"[exit $?]\"; exec cat"
        var arguments = ["-S", socket, "-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)"]
        for (key, value) in environment.sorted(by: { $0.key < $1.key }) {
            arguments += ["-e", "\(key)=\(value)"]
        }
        arguments += ["sh", "-c", wrapped]
        var tmuxEnvironment = Spawn.cleanEnvironment()
        tmuxEnvironment["TERM"] = "xterm-256color"
        // The terminal's own choices only: nothing the test runner's environment says about pagers or colour.
        for key in ["TMUX", "NO_COLOR", "PAGER", "LESS", "COLUMNS", "LINES"] {
            tmuxEnvironment[key] = nil
        }
        let started = try Subprocess.run(tmux, arguments, in: directory, environment: tmuxEnvironment)
        guard started.status == .exited(0) else {
            throw TestFailure("tmux did not start '\(command)': \(started.summary)")
        }
    }

    /// The screen's text, lines without trailing blanks; with `escapes`, with the colours and attributes as
    /// escape sequences.
    func screen(escapes: Bool = false) throws -> String {
        let arguments = ["-S", socket, "capture-pane", "-p"] + (escapes ? ["-e"] : [])
        return try Subprocess.run(tmux, arguments, in: directory).stdout
    }

    /// Reads the screen until `condition` holds for it, for at most `seconds`; the last screen read, or a failure
    /// showing it.
    @discardableResult
    func waitForScreen(
        seconds: Double = 20, escapes: Bool = false, until condition: (String) -> Bool
    ) throws -> String {
        var last = ""
        let held = try Deadline.wait(seconds: seconds) {
            last = try screen(escapes: escapes)
            return condition(last)
        }
        guard held else {
            throw TestFailure("the terminal never showed what was awaited; it shows:\n\(last)")
        }
        return last
    }

    /// Types `keys` (tmux key names, such as `q` or `Space`).
    func type(_ keys: String...) throws {
        _ = try Subprocess.run(tmux, ["-S", socket, "send-keys"] + keys, in: directory)
    }

    /// A tmux format about the pane, such as `#{alternate_on}` (1 while the program shows the alternate screen)
    /// or `#{cursor_flag}` (1 while the cursor is shown).
    func paneFormat(_ format: String) throws -> String {
        let shown = try Subprocess.run(tmux, ["-S", socket, "display-message", "-p", format], in: directory)
        return shown.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Resizes the terminal to `columns` × `rows` (the program on it gets SIGWINCH).
    func resize(columns: Int, rows: Int) throws {
        let resized = try Subprocess.run(
            tmux, ["-S", socket, "resize-window", "-x", "\(columns)", "-y", "\(rows)"], in: directory)
        guard resized.status == .exited(0) else { throw TestFailure("tmux did not resize: \(resized.summary)") }
    }

    /// Ends the tmux server and everything on its terminal.
    func close() {
        _ = try? Subprocess.run(tmux, ["-S", socket, "kill-server"], in: directory)
    }
}
