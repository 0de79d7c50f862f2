import Glibc
import PlacesSystem

/// Runs a pager on placesctl's terminal and feeds it text, as git does: `sh -c "$PAGER"` with standard input
/// from a pipe and `LESS=FRX` when `LESS` is unset, waiting for it to end.
///
/// While it runs, placesctl ignores SIGINT and SIGQUIT (Ctrl-C is the pager's to handle, and placesctl must not
/// leave it behind) and SIGPIPE (quitting the pager before the end is not a failure); the pager gets them back
/// at their defaults.
enum PagerProcess {
    /// The signals placesctl ignores while the pager runs.
    static let heldSignals = [SIGINT, SIGQUIT, SIGPIPE]

    /// Pages `text` through `command`; fails when the pager cannot be started.
    static func run(_ command: String, text: String, environment: [String: String]) throws(OutputError) {
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else {
            throw OutputError(reason: "cannot start the pager '\(command)': \(SystemError.text(forErrno: errno))")
        }
        let reader = FileDescriptor(rawValue: pipeEnds[0])
        let writer = FileDescriptor(rawValue: pipeEnds[1])
        // The pager must not hold the writing end open, or it would never see the end of the text.
        _ = fcntl(writer.rawValue, F_SETFD, FD_CLOEXEC)
        var previous: [(Int32, sighandler_t?)] = []
        for signalNumber in heldSignals {
            previous.append((signalNumber, signal(signalNumber, SIG_IGN)))
        }
        defer {
            for (signalNumber, handler) in previous {
                signal(signalNumber, handler)
            }
        }
        let spawned = spawn(command, input: reader, environment: environment)
        reader.close()
        guard let pid = spawned.pid else {
            writer.close()
            throw OutputError(
                reason: "cannot start the pager '\(command)': \(SystemError.text(forErrno: spawned.code))")
        }
        var bytes = Array(text.utf8)
        // A pager quit early closes the pipe: the rest of the text is simply not wanted.
        _ = bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(SystemError) in try writer.writeAll(UnsafeRawBufferPointer(buffer)) }
        }
        writer.close()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    }

    /// Starts `sh -c command` with `input` as its standard input; the process id, or nil and the error number.
    private static func spawn(
        _ command: String, input: FileDescriptor, environment: [String: String]
    ) -> (pid: pid_t?, code: Int32) {
        var childEnvironment = environment
        if childEnvironment["LESS"] == nil {
            childEnvironment["LESS"] = "FRX"
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input.rawValue, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signalNumber in heldSignals {
            sigaddset(&defaults, signalNumber)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        let arguments: [UnsafeMutablePointer<CChar>?] =
            ["sh", "-c", command].map { (word: String) in strdup(word) } + [nil]
        let variables: [UnsafeMutablePointer<CChar>?] =
            childEnvironment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in arguments + variables {
                free(pointer)
            }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, "/bin/sh", &actions, &attributes, arguments, variables)
        return code == 0 ? (pid, 0) : (nil, code)
    }
}
