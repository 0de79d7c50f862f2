import Glibc
import PlacesSystem
import Testing

@Suite struct EpollTests {
    @Test func reportsReadinessWithTheRegisteredToken() throws {
        let epoll = try Epoll()
        let (readEnd, writeEnd) = TestSupport.makePipe()
        defer {
            close(readEnd)
            close(writeEnd)
        }
        try epoll.add(FileDescriptor(rawValue: readEnd), events: .readable, token: 42)
        var events: [EpollEvent] = []

        #expect(try epoll.wait(into: &events, timeoutMilliseconds: 0) == 0)
        #expect(events.isEmpty)

        #expect(write(writeEnd, "x", 1) == 1)
        #expect(try epoll.wait(into: &events, timeoutMilliseconds: 1000) == 1)
        #expect(events == [EpollEvent(events: .readable, token: 42)])

        try epoll.modify(FileDescriptor(rawValue: readEnd), events: [.readable, .oneShot], token: 7)
        #expect(try epoll.wait(into: &events, timeoutMilliseconds: 1000) == 1)
        #expect(events.first?.token == 7)
        // One-shot: disarmed until modified again, although still readable.
        #expect(try epoll.wait(into: &events, timeoutMilliseconds: 0) == 0)

        epoll.remove(FileDescriptor(rawValue: readEnd))
        epoll.remove(FileDescriptor(rawValue: readEnd))  // Not registered any more: ignored.
    }

    @Test func reportsManyDescriptorsAndReusesTheArray() throws {
        let epoll = try Epoll()
        var pipes: [(Int32, Int32)] = []
        defer {
            for (readEnd, writeEnd) in pipes {
                close(readEnd)
                close(writeEnd)
            }
        }
        for token in 0..<40 {
            let ends = TestSupport.makePipe()
            pipes.append(ends)
            try epoll.add(
                FileDescriptor(rawValue: ends.0), events: [.readable, .edgeTriggered],
                token: UInt64(token) << 40 | 0xABCD)
            #expect(write(ends.1, "x", 1) == 1)
        }
        var events: [EpollEvent] = []
        events.reserveCapacity(64)
        let capacity = events.capacity

        #expect(try epoll.wait(into: &events, maximum: 64, timeoutMilliseconds: 1000) == 40)
        #expect(events.count == 40)
        #expect(Set(events.map(\.token)) == Set((0..<40).map { UInt64($0) << 40 | 0xABCD }))
        #expect(events.allSatisfy { $0.events == .readable })
        #expect(events.capacity == capacity)

        // At most `maximum` at a time; edge-triggered, so the rest come once and then nothing.
        for (_, writeEnd) in pipes { #expect(write(writeEnd, "y", 1) == 1) }
        #expect(try epoll.wait(into: &events, maximum: 25, timeoutMilliseconds: 1000) == 25)
        #expect(try epoll.wait(into: &events, maximum: 25, timeoutMilliseconds: 1000) == 15)
        #expect(try epoll.wait(into: &events, maximum: 25, timeoutMilliseconds: 0) == 0)
        #expect(events.capacity == capacity)
    }

    @Test func reportsHangupOfThePeer() throws {
        let epoll = try Epoll()
        let (readEnd, writeEnd) = TestSupport.makePipe()
        defer { close(readEnd) }
        try epoll.add(FileDescriptor(rawValue: readEnd), events: .readable, token: 1)
        close(writeEnd)
        var events: [EpollEvent] = []
        #expect(try epoll.wait(into: &events, timeoutMilliseconds: 1000) == 1)
        #expect(events.first?.events.contains(.hangup) == true)
    }

    @Test func addingAnUnsupportedDescriptorThrows() throws {
        let epoll = try Epoll()
        let directory = TemporaryDirectory()
        TestSupport.writeFile(directory.file("regular"), "")
        let fd = open(directory.file("regular"), O_RDONLY)
        defer { close(fd) }
        let error = #expect(throws: SystemError.self) {
            try epoll.add(FileDescriptor(rawValue: fd), events: .readable, token: 0)
        }
        #expect(error?.errno == EPERM)
        #expect(error?.description == "Failed to add file descriptor \(fd) to epoll: Operation not permitted")
    }

    @Test func descriptorsAreCloseOnExecAndEventDescriptorsNonBlocking() throws {
        let epoll = try Epoll()
        let notifier = try EventNotifier()
        let receiver = try SignalReceiver(signals: [])
        for fd in [epoll.fileDescriptor, notifier.fileDescriptor, receiver.fileDescriptor] {
            #expect(fcntl(fd.rawValue, F_GETFD) & FD_CLOEXEC != 0)
        }
        for fd in [notifier.fileDescriptor, receiver.fileDescriptor] {
            #expect(fcntl(fd.rawValue, F_GETFL) & O_NONBLOCK != 0)
        }
    }

    @Test func eventNotifierWakesTheLoopFromAnotherThread() throws {
        let epoll = try Epoll()
        let notifier = try EventNotifier()
        try epoll.add(notifier.fileDescriptor, events: .readable, token: 99)
        var events: [EpollEvent] = []
        #expect(try epoll.wait(into: &events, timeoutMilliseconds: 0) == 0)

        let started = Clock.monotonicNanoseconds()
        let thread = try SystemThread.spawn(name: "notifier-test") {
            usleep(20_000)
            notifier.signal()
            notifier.signal()
        }
        #expect(try epoll.wait(into: &events, timeoutMilliseconds: 5000) == 1)
        #expect(events == [EpollEvent(events: .readable, token: 99)])
        #expect(Clock.monotonicNanoseconds() - started < 4_000_000_000)
        thread.join()

        notifier.drain()
        #expect(try epoll.wait(into: &events, timeoutMilliseconds: 0) == 0)
        notifier.drain()  // Nothing pending: a no-op.
    }
}
