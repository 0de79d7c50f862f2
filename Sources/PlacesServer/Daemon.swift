import Glibc
import PlacesSystem

/// The `placesd` program: command line in, exit status out.
public enum Daemon {
    /// Runs `placesd` with `arguments` (including the program name).
    public static func main(arguments: [String], environment: [String: String]) -> Int32 {
        let command: DaemonCommand
        do {
            command = try DaemonCommandLine.parse(
                Array(arguments.dropFirst()), environment: environment, uid: FileSystem.realUserID()
            )
        } catch {
            writeStandardError("placesd: \(error)\nRun 'placesd --help' for usage.\n")
            return 64
        }
        switch command {
        case .help:
            writeStandardOutput(DaemonCommandLine.helpText)
            return 0
        case .version:
            writeStandardOutput("placesd \(DaemonCommandLine.version)\n")
            return 0
        case .serve(let configuration):
            // Block the stop signals before any other thread exists, so every thread inherits the mask
            // and the signals are only ever read from the signalfd.
            let signals: SignalReceiver
            do {
                signals = try SignalReceiver(signals: [SIGTERM, SIGINT, SIGHUP])
            } catch {
                writeStandardError("placesd: \(error)\n")
                return 1
            }
            signal(SIGPIPE, SIG_IGN)
            let logger = Logger(level: configuration.logLevel, environment: environment)
            return Server(configuration: configuration, logger: logger, signals: signals).run()
        }
    }

    private static func writeStandardOutput(_ text: String) {
        var text = text
        text.withUTF8 { _ = try? FileDescriptor(rawValue: 1).writeAll(UnsafeRawBufferPointer($0)) }
    }

    private static func writeStandardError(_ text: String) {
        var text = text
        text.withUTF8 { _ = try? FileDescriptor(rawValue: 2).writeAll(UnsafeRawBufferPointer($0)) }
    }
}
