import Glibc
import PlacesSystem
import Synchronization
import Testing

@Suite struct FileDescriptorTests {
    @Test func nonBlockingReadsAndWritesReportWouldBlockAsNil() throws {
        let (readEnd, writeEnd) = TestSupport.makePipe()
        let reader = FileDescriptor(rawValue: readEnd)
        let writer = FileDescriptor(rawValue: writeEnd)
        defer {
            reader.close()
            writer.close()
        }
        try reader.setNonBlocking(true)
        try writer.setNonBlocking(true)
        #expect(fcntl(readEnd, F_GETFL) & O_NONBLOCK != 0)

        var buffer = [UInt8](repeating: 0, count: 65536)
        #expect(try buffer.withUnsafeMutableBytes { try reader.read(into: $0) } == nil)

        var total = 0
        while let written = try buffer.withUnsafeBytes({ try writer.write($0) }) {
            total += written
        }
        #expect(total > 0)

        try writer.setNonBlocking(false)
        #expect(fcntl(writeEnd, F_GETFL) & O_NONBLOCK == 0)
    }

    @Test func writeAllDeliversEveryByteThroughAFullPipe() throws {
        let (readEnd, writeEnd) = TestSupport.makePipe()
        let writer = FileDescriptor(rawValue: writeEnd)
        let payload = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let received = Mutex<[UInt8]>([])
        let thread = try SystemThread.spawn(name: "pipe-reader") {
            var collected: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 8192)
            while true {
                let count = read(readEnd, &chunk, chunk.count)
                if count <= 0 { break }
                collected += chunk[..<count]
            }
            received.withLock { $0 = collected }
        }
        try payload.withUnsafeBytes { try writer.writeAll($0) }
        writer.close()
        thread.join()
        close(readEnd)
        #expect(received.withLock { $0 } == payload)
    }

    @Test func readAtEndOfFileReturnsZero() throws {
        let (readEnd, writeEnd) = TestSupport.makePipe()
        let reader = FileDescriptor(rawValue: readEnd)
        defer { reader.close() }
        close(writeEnd)
        var buffer = [UInt8](repeating: 0, count: 16)
        #expect(try buffer.withUnsafeMutableBytes { try reader.read(into: $0) } == 0)
    }

    @Test func writeToAClosedPipeThrowsBrokenPipe() throws {
        // SIGPIPE is blocked on this thread only, and the pending signal is taken before unblocking.
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                var taken: Int32 = 0
                sigwait(&blocked, &taken)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        let (readEnd, writeEnd) = TestSupport.makePipe()
        let writer = FileDescriptor(rawValue: writeEnd)
        defer { writer.close() }
        close(readEnd)
        let error = #expect(throws: SystemError.self) {
            _ = try [UInt8(1)].withUnsafeBytes { try writer.write($0) }
        }
        #expect(error?.errno == EPIPE)
        #expect(error?.operation == "write to file descriptor \(writeEnd)")
    }
}
