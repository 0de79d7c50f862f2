import Glibc
import PlacesSystem
import Testing

@Suite struct SignalReceiverTests {
    @Test func receivesARaisedSignal() throws {
        // Everything happens on this thread: the signal is blocked here and sent to this thread only, so no
        // other thread can take it (or die of it).
        var previous = sigset_t()
        pthread_sigmask(SIG_SETMASK, nil, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }

        let receiver = try SignalReceiver(signals: [SIGUSR1])
        #expect(receiver.next() == nil)
        #expect(pthread_kill(pthread_self(), SIGUSR1) == 0)

        var ready = pollfd(fd: receiver.fileDescriptor.rawValue, events: Int16(POLLIN), revents: 0)
        #expect(poll(&ready, 1, 1000) == 1)
        #expect(receiver.next() == SIGUSR1)
        #expect(receiver.next() == nil)
    }
}
