import Glibc
import Testing

@testable import PlacesSystem

@Suite struct LoggerTests {
    /// A pipe's write end and "DEVICE:INODE" as `JOURNAL_STREAM` would name it.
    private func pipeAndStreamIdentity() -> (readEnd: Int32, writeEnd: Int32, identity: String) {
        let (readEnd, writeEnd) = TestSupport.makePipe()
        var status = stat()
        fstat(writeEnd, &status)
        return (readEnd, writeEnd, "\(status.st_dev):\(status.st_ino)")
    }

    @Test func journalStreamGetsPriorityPrefixes() {
        let (readEnd, writeEnd, identity) = pipeAndStreamIdentity()
        defer { close(readEnd) }
        let logger = Logger(level: .info, environment: ["JOURNAL_STREAM": identity], outputFileDescriptor: writeEnd)
        #expect(logger.isJournal)
        logger.error("Failed to bind socket '/x': Address already in use")
        logger.debug("not written")
        logger.info("two\nlines")
        close(writeEnd)
        #expect(
            TestSupport.readAvailable(readEnd)
                == "<3>Failed to bind socket '/x': Address already in use\n<6>two\n<6>lines\n")
    }

    @Test(arguments: [nil, "", "1:2", "garbage", "12:x"] as [String?])
    func otherStreamsGetPlainLines(journalStream: String?) {
        let (readEnd, writeEnd, _) = pipeAndStreamIdentity()
        defer { close(readEnd) }
        let environment = journalStream.map { ["JOURNAL_STREAM": $0] } ?? [:]
        let logger = Logger(level: .notice, environment: environment, outputFileDescriptor: writeEnd)
        #expect(!logger.isJournal)
        logger.warning("disk almost full")
        logger.info("not written")
        logger.notice("listening")
        close(writeEnd)
        #expect(TestSupport.readAvailable(readEnd) == "warning: disk almost full\nnotice: listening\n")
    }

    @Test func levelChangesAtRuntimeAndSkipsBuildingMessages() {
        let (readEnd, writeEnd, _) = pipeAndStreamIdentity()
        defer { close(readEnd) }
        let logger = Logger(level: .warning, environment: [:], outputFileDescriptor: writeEnd)
        var built = 0
        func message() -> String {
            built += 1
            return "detail"
        }
        logger.debug(message())
        #expect(built == 0)
        #expect(logger.level == .warning)
        logger.setLevel(.debug)
        #expect(logger.level == .debug)
        logger.debug(message())
        #expect(built == 1)
        close(writeEnd)
        #expect(TestSupport.readAvailable(readEnd) == "debug: detail\n")
    }
}
