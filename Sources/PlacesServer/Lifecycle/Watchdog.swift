import PlacesSealing
import PlacesState
import PlacesStore
import PlacesSystem
import PlacesSystemd
import Synchronization

/// Pings systemd's watchdog at half its interval, but only while every event loop and the store's writer
/// prove they still turn: each round sends them a probe, and the next ping goes out only if all answered.
/// A stuck loop or a writer stuck in a commit therefore stops the pings, and systemd restarts the daemon.
struct Watchdog {
    /// The interval systemd expects pings within, or nil when the watchdog is off.
    let intervalMicroseconds: UInt64?
    private var probe: UInt64 = 0
    private var nextPingAt: UInt64 = 0
    private let storeAnswer = StoreProbeAnswer()

    init(intervalMicroseconds: UInt64?) {
        self.intervalMicroseconds = intervalMicroseconds
    }

    /// How long the signal loop may sleep: up to the next ping, and at most two seconds (for the status line).
    var timeoutMilliseconds: Int32 {
        guard intervalMicroseconds != nil else { return 2000 }
        let now = Clock.monotonicNanoseconds()
        guard nextPingAt > now else { return 0 }
        return Int32(min(2000, (nextPingAt - now) / 1_000_000 + 1))
    }

    /// Pings if it is time and the previous probe was answered everywhere, then sends the next probe.
    mutating func tick(mailboxes: [LoopMailbox], store: PlaceStore) {
        guard let intervalMicroseconds else { return }
        let now = Clock.monotonicNanoseconds()
        guard now >= nextPingAt else { return }
        let answered =
            mailboxes.allSatisfy { $0.answeredProbe.load(ordering: .acquiring) == probe }
            && storeAnswer.value.load(ordering: .acquiring) == probe
        if answered {
            ServiceManager.notify("WATCHDOG=1")
        }
        probe += 1
        let number = probe
        for mailbox in mailboxes { mailbox.post(.probe(number)) }
        let answer = storeAnswer
        store.afterQueuedWork { answer.value.store(number, ordering: .releasing) }
        nextPingAt = now + intervalMicroseconds * 1000 / 2
    }
}

/// The last probe the store's writer answered.
private final class StoreProbeAnswer: Sendable {
    let value = Atomic<UInt64>(0)
}
