import Glibc
import PlacesClient
import PlacesSystem
import Synchronization
import Testing

@testable import PlacesCLI

/// `HiddenLine` on a real pseudo-terminal: echo is off while the key is typed, and back on afterwards.
@Suite struct HiddenLineTests {
    /// `TIOCSPTLCK` (`<asm-generic/ioctls.h>`), which Swift cannot import from its macro.
    static let unlockRequest: UInt = 0x4004_5431
    /// `TIOCGPTN`, likewise.
    static let numberRequest: UInt = 0x8004_5430

    /// A pseudo-terminal pair: the master end (the "keyboard and screen") and the terminal a program reads.
    final class PseudoTerminal {
        /// The master end: writing types, reading shows the screen.
        let master: FileDescriptor
        /// The terminal end, which the code under test reads.
        let terminal: FileDescriptor

        /// Opens a fresh pair.
        init() throws {
            let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
            try #require(master >= 0)
            var unlocked: Int32 = 0
            var number: UInt32 = 0
            try #require(ioctl(master, HiddenLineTests.unlockRequest, &unlocked) == 0)
            try #require(ioctl(master, HiddenLineTests.numberRequest, &number) == 0)
            let terminal = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
            try #require(terminal >= 0)
            self.master = FileDescriptor(rawValue: master)
            self.terminal = FileDescriptor(rawValue: terminal)
        }

        deinit {
            terminal.close()
            master.close()
        }

        /// Whether the terminal echoes what is typed.
        var isEchoing: Bool {
            var settings = termios()
            return tcgetattr(terminal.rawValue, &settings) == 0 && settings.c_lflag & tcflag_t(ECHO) != 0
        }

        /// Types `text` on the keyboard.
        func type(_ text: String) {
            var bytes = Array(text.utf8)
            _ = bytes.withUnsafeMutableBytes { try? master.writeAll(UnsafeRawBufferPointer($0)) }
        }

        /// What the screen shows so far.
        func screen() -> String {
            var output: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 256)
            while (try? ReadinessWait.readable([master], timeoutMilliseconds: 100))?.first == true {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(master.rawValue, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                output += buffer[..<count]
            }
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// Reads a hidden line from `terminal` on another thread once echo is off there, typing `text` meanwhile.
    static func readTyping(_ text: String, on pty: PseudoTerminal) throws -> Result<[UInt8], InputError> {
        let result = Mutex<Result<[UInt8], InputError>?>(nil)
        let terminal = pty.terminal
        let reader = try SystemThread.spawn(name: "hidden-line") {
            let outcome = Result { () throws(InputError) in try HiddenLine.read(from: terminal) }
            result.withLock { $0 = outcome }
        }
        var waited = 0
        while pty.isEchoing && waited < 5_000 {
            usleep(1_000)
            waited += 1
        }
        #expect(!pty.isEchoing)
        pty.type(text)
        reader.join()
        return try #require(result.withLock { $0 })
    }

    @Test func theKeyIsNotEchoedAndEchoComesBack() throws {
        let pty = try PseudoTerminal()
        #expect(pty.isEchoing)
        let line = try Self.readTyping("secret-key-text\nnext", on: pty).get()
        #expect(String(decoding: line, as: UTF8.self) == "secret-key-text")
        let screen = pty.screen()
        // Only Enter shows (ECHONL, the terminal turning it into CR LF), never the key.
        #expect(screen == "\r\n")
        #expect(pty.isEchoing)
    }

    @Test func endOfInputEndsTheLine() throws {
        let pty = try PseudoTerminal()
        let line = try Self.readTyping("\u{4}", on: pty).get()
        #expect(line.isEmpty)
        #expect(pty.isEchoing)
    }

    @Test func aNonTerminalIsAnError() {
        let pipe = UnsafeMutablePointer<Int32>.allocate(capacity: 2)
        defer { pipe.deallocate() }
        #expect(Glibc.pipe(pipe) == 0)
        defer {
            close(pipe[0])
            close(pipe[1])
        }
        #expect(throws: InputError.self) { try HiddenLine.read(from: FileDescriptor(rawValue: pipe[0])) }
    }
}
