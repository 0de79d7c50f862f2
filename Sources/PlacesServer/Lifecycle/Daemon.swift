import Glibc
import PlacesSystem
import PlacesSystemd

/// The `placesd` program: command line in, exit status out.
public enum Daemon {
    /// `EX_USAGE` from sysexits.h.
    static let usageExitStatus: Int32 = 64
    /// `EX_CONFIG` from sysexits.h.
    static let configurationExitStatus: Int32 = 78

    /// Runs `placesd` with `arguments` (including the program name).
    public static func main(arguments: [String], environment: [String: String]) -> Int32 {
        let command: DaemonCommand
        do {
            command = try DaemonCommandLine.parse(
                Array(arguments.dropFirst()), environment: environment, uid: FileSystem.realUserID()
            )
        } catch {
            writeStandardError("placesd: \(error)\nRun 'placesd --help' for usage.\n")
            return usageExitStatus
        }
        switch command {
        case .help:
            writeStandardOutput(DaemonCommandLine.helpText)
            return 0
        case .version:
            writeStandardOutput("placesd \(DaemonCommandLine.version)\n")
            return 0
        case .openRPC:
            writeStandardOutput(OpenRPCDocument.value.prettyPrinted() + "\n")
            return 0
        case .rekeyHelp:
            writeStandardOutput(RekeyCommand.helpText)
            return 0
        case .rekey(let command):
            return report(command.run())
        case .migrateHelp:
            writeStandardOutput(MigrateCommand.helpText)
            return 0
        case .migrate(let command):
            return report(command.run())
        case .backupHelp:
            writeStandardOutput(BackupInfoCommand.helpText)
            return 0
        case .backupInfo(let command):
            return report(command.run())
        case .restoreHelp:
            writeStandardOutput(RestoreCommand.helpText)
            return 0
        case .restore(let command):
            return report(command.run())
        case .checkConfiguration(let invocation):
            do {
                let configuration = try invocation.resolve()
                writeStandardOutput(describe(configuration, from: invocation))
                return 0
            } catch {
                writeStandardError("placesd: \(error)\n")
                return configurationExitStatus
            }
        case .serve(let invocation):
            // Before any other thread allocates (see MemoryAllocator for why).
            let refusedAllocatorSettings = MemoryAllocator.configure(environment: environment)
            // Block the signals before any other thread exists, so every thread inherits the mask and the
            // signals are only ever read from the signalfd.
            let signals: SignalReceiver
            do {
                signals = try SignalReceiver(signals: [SIGTERM, SIGINT, SIGHUP])
            } catch {
                writeStandardError("placesd: \(error)\n")
                return 1
            }
            signal(SIGPIPE, SIG_IGN)
            let configuration: ServerConfiguration
            do {
                configuration = try invocation.resolve()
            } catch {
                writeStandardError("placesd: \(error)\n")
                return configurationExitStatus
            }
            let logger = Logger(
                level: configuration.logLevel, environment: environment, structuredSink: JournalSink.ifJournal()
            )
            if !refusedAllocatorSettings.isEmpty {
                logger.info(
                    "The allocator refused \(refusedAllocatorSettings.count) of placesd's settings (another allocator "
                        + "in use?); running with its own.")
            }
            return Server(invocation: invocation, configuration: configuration, logger: logger, signals: signals)
                .run()
        }
    }

    /// What `--check-config` prints: where the file is and every resolved setting, as the file would write it
    /// (a setting with no value, such as no key file, is left out).
    static func describe(_ configuration: ServerConfiguration, from invocation: DaemonInvocation) -> String {
        let source =
            FileSystem.fileExists(invocation.configurationPath)
            ? "'\(invocation.configurationPath)'" : "'\(invocation.configurationPath)' (absent: defaults)"
        var text = "Configuration \(source) is valid.\n"
        for key in ConfigurationKey.allCases {
            guard let value = key.setting.value(configuration) else { continue }
            text += "\(key.rawValue) = \(value)\n"
        }
        return text
    }

    /// Prints a subcommand's line (on standard output for status 0, else on standard error); returns the status.
    private static func report(_ outcome: (status: Int32, message: String)) -> Int32 {
        if outcome.status == 0 {
            writeStandardOutput(outcome.message + "\n")
        } else {
            writeStandardError(outcome.message + "\n")
        }
        return outcome.status
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
