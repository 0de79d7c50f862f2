import PlacesLocking
import Testing

@testable import PlacesServer

@Suite("Unlock throttle")
struct UnlockThrottleTests {
    /// A clock the test moves by hand.
    private final class ManualClock: Sendable {
        let seconds = Locked<Double>(100)
        var now: Double { seconds.withLock { $0 } }
        func advance(_ delta: Double) { seconds.withLock { $0 += delta } }
    }

    @Test("Penalties: none for the first three failures, then doubling up to a minute")
    func penalties() {
        let expected: [Double] = [0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60, 60]
        #expect((0..<12).map { UnlockThrottle.penalty(afterFailures: $0) } == expected)
    }

    @Test("Three wrong keys cost nothing; the fourth attempt waits a second, and so does one right after it")
    func delaysAfterRepeatedFailures() {
        let clock = ManualClock()
        let throttle = UnlockThrottle(clock: { clock.now })
        for _ in 1...3 {
            #expect(throttle.reserveAttempt() == 0)
            _ = throttle.recordFailure()
        }
        #expect(throttle.failures == 3)
        #expect(throttle.reserveAttempt() == 1)
        // A second client trying at the same moment queues behind the first.
        #expect(throttle.reserveAttempt() == 2)
        clock.advance(10)
        #expect(throttle.reserveAttempt() == 0)
    }

    @Test("Each failure pushes the next attempt further out; the right key resets everything")
    func failuresAccumulateAndSuccessResets() {
        let clock = ManualClock()
        let throttle = UnlockThrottle(clock: { clock.now })
        for _ in 1...5 { _ = throttle.recordFailure() }
        #expect(throttle.reserveAttempt() == 4)
        clock.advance(4)
        #expect(throttle.recordFailure() == 6)
        #expect(throttle.reserveAttempt() == 8)
        throttle.recordSuccess()
        #expect(throttle.failures == 0)
        #expect(throttle.reserveAttempt() == 0)
    }
}
