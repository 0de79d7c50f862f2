import PlacesLocking
import PlacesSystem
import Synchronization

/// A message another thread sends to an event loop.
enum LoopMessage: Sendable {
    /// The reply to a request that waited (for the store, or for deferred work): part `part` of reply slot `slot`
    /// of connection `connection` (see `RequestPipeline`); empty for a notification.
    case reply(connection: UInt64, slot: UInt64, part: Int, bytes: [UInt8])
    /// What the store made of a change that waited, for the loop to write as its reply: part `part` of reply slot
    /// `slot` of connection `connection`.
    case changed(connection: UInt64, slot: UInt64, part: Int, reply: ChangeReply)
    /// Change events for a subscribed connection: `places.changed` notification lines.
    case events(connection: UInt64, generation: UInt64, bytes: [UInt8])
    /// Another connection of the same user gave reply buffer back: a connection that was refused some may
    /// read again.
    case replyBudgetFreed(connection: UInt64)
    /// Stop accepting, answer what was read, close every connection, and return.
    case shutdown
    /// Prove the loop still turns: store this number in `answeredProbe`.
    case probe(UInt64)
}

/// The one way into an event loop from other threads: a locked queue and an eventfd that wakes the loop.
final class LoopMailbox: Sendable {
    private struct Queue {
        var messages: [LoopMessage] = []
        /// A message was queued with its signal deferred, and the loop has not taken it yet.
        var isSignalOwed = false
    }

    private let queue = Locked(Queue())
    let notifier: EventNotifier
    /// The last `probe` the loop answered; the watchdog pings systemd only while loops answer.
    let answeredProbe = Atomic<UInt64>(0)

    init() throws(SystemError) {
        notifier = try EventNotifier()
    }

    /// Queues `message` and wakes the loop; with `deferringSignal`, the wake-up waits for `signalIfOwed()`.
    ///
    /// Only the message that finds the queue empty signals the eventfd: the loop drains it before taking the
    /// whole queue, so every message queued behind the first is taken with it. The writer defers the signal
    /// while it answers a batch and signals once after the last answer: a loop woken by the first of a thousand
    /// would take them one at a time, each with a wake-up and a write of its own.
    func post(_ message: LoopMessage, deferringSignal: Bool = false) {
        let signalsNow = queue.withLock { queue in
            queue.messages.append(message)
            guard queue.messages.count == 1 else { return false }
            queue.isSignalOwed = deferringSignal
            return !deferringSignal
        }
        if signalsNow { notifier.signal() }
    }

    /// Wakes the loop if a message was queued with its signal deferred and is still there.
    func signalIfOwed() {
        let isOwed = queue.withLock { queue in
            defer { queue.isSignalOwed = false }
            return queue.isSignalOwed
        }
        if isOwed { notifier.signal() }
    }

    /// Moves everything queued so far, oldest first, into `taken` (which must be empty), leaving the queue with
    /// `taken`'s storage: a loop that passes the same array every time allocates nothing.
    func takeAll(into taken: inout [LoopMessage]) {
        notifier.drain()
        queue.withLock { queue in
            swap(&queue.messages, &taken)
            queue.isSignalOwed = false
        }
    }
}
