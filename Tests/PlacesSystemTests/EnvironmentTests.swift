import Glibc
import PlacesSystem
import PlacesSystemd
import Testing

/// Tests that change the process environment, one at a time.
@Suite(.serialized) struct EnvironmentTests {
    @Test func notifyReachesTheNotifySocket() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("notify.sock")
        let receiver = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        #expect(receiver >= 0)
        defer { close(receiver) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.utf8) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(receiver, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        #expect(bound == 0)

        setenv("NOTIFY_SOCKET", path, 1)
        defer { unsetenv("NOTIFY_SOCKET") }
        #expect(ServiceManager.isNotifySocketSet)
        ServiceManager.notify("READY=1\nSTATUS=Serving")

        var ready = pollfd(fd: receiver, events: Int16(POLLIN), revents: 0)
        #expect(poll(&ready, 1, 2000) == 1)
        #expect(TestSupport.readOnce(receiver) == "READY=1\nSTATUS=Serving")
    }

    @Test func notifyWithoutSocketDoesNothing() {
        unsetenv("NOTIFY_SOCKET")
        #expect(!ServiceManager.isNotifySocketSet)
        ServiceManager.notify("READY=1")
        #expect(ServiceManager.watchdogIntervalMicroseconds() == nil)
        #expect(ServiceManager.listenedSockets().isEmpty)
    }

    @Test func watchdogIntervalFollowsTheEnvironment() {
        setenv("WATCHDOG_USEC", "3000000", 1)
        setenv("WATCHDOG_PID", "\(getpid())", 1)
        defer {
            unsetenv("WATCHDOG_USEC")
            unsetenv("WATCHDOG_PID")
        }
        #expect(ServiceManager.watchdogIntervalMicroseconds() == 3_000_000)
        setenv("WATCHDOG_PID", "1", 1)
        #expect(ServiceManager.watchdogIntervalMicroseconds() == nil)
    }

    @Test func monotonicMicrosecondsMatchesTheClock() {
        let before = Clock.monotonicNanoseconds() / 1000
        let reading = ServiceManager.monotonicMicroseconds()
        #expect(reading >= before)
        #expect(reading <= Clock.monotonicNanoseconds() / 1000)
    }

    @Test func currentEnvironmentIncludesChanges() {
        setenv("PLACESD_TEST_VALUE", "a=b=c", 1)
        defer { unsetenv("PLACESD_TEST_VALUE") }
        let environment = ProcessEnvironment.current()
        #expect(environment["PLACESD_TEST_VALUE"] == "a=b=c")
        #expect(environment["PATH"] == String(cString: getenv("PATH")))
    }

    @Test func homeDirectoryPrefersHOME() {
        let saved = getenv("HOME").map { String(cString: $0) }
        defer {
            if let saved { setenv("HOME", saved, 1) } else { unsetenv("HOME") }
        }
        setenv("HOME", "/home/somebody", 1)
        #expect(FileSystem.homeDirectory() == "/home/somebody")
        unsetenv("HOME")
        #expect(FileSystem.homeDirectory() == FileSystem.homeDirectory(uid: getuid()))
    }

    @Test func listenedSocketsComeFromTheEnvironment() throws {
        // sd_listen_fds checks that descriptor 3 is open; a pipe takes it if nothing else has.
        let (readEnd, writeEnd) = TestSupport.makePipe()
        defer {
            close(readEnd)
            close(writeEnd)
        }
        setenv("LISTEN_PID", "\(getpid())", 1)
        setenv("LISTEN_FDS", "1", 1)
        setenv("LISTEN_FDNAMES", "placesd", 1)
        defer {
            unsetenv("LISTEN_PID")
            unsetenv("LISTEN_FDS")
            unsetenv("LISTEN_FDNAMES")
        }
        #expect(
            ServiceManager.listenedSockets() == [
                ListenedSocket(fileDescriptor: FileDescriptor(rawValue: 3), name: "placesd")
            ])
    }
}
