import Glibc
import PlacesSystem
import Synchronization
import Testing

@Suite struct SystemThreadTests {
    @Test(arguments: [
        ("placesd-io", "placesd-io"),
        ("placesd-connection-reader", "placesd-connect"),
        ("ünïcödé-thread-name", "ünïcödé-thr"),
        ("placesd-workerö1", "placesd-worker"),
    ])
    func runsTheBodyUnderItsName(name: String, expected: String) throws {
        let seen = Mutex<String?>(nil)
        let thread = try SystemThread.spawn(name: name) {
            let comm = TestSupport.readFile("/proc/thread-self/comm") ?? ""
            seen.withLock { $0 = String(comm.dropLast()) }
        }
        thread.join()
        #expect(seen.withLock { $0 } == expected)
    }

    @Test func unjoinedThreadIsDetached() throws {
        let done = Atomic<Bool>(false)
        do {
            _ = try SystemThread.spawn(name: "detached") { done.store(true, ordering: .releasing) }
        }
        let deadline = Clock.monotonicNanoseconds() + 5_000_000_000
        while !done.load(ordering: .acquiring) && Clock.monotonicNanoseconds() < deadline { usleep(1000) }
        let finished = done.load(ordering: .acquiring)
        #expect(finished)
    }
}
