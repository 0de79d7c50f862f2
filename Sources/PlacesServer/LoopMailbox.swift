import PlacesLocking
import PlacesSystem
import Synchronization

/// A message another thread sends to an event loop.
enum LoopMessage: Sendable {
    /// The reply to a request that waited for the store, for connection `connection`.
    case reply(connection: UInt64, bytes: [UInt8])
    /// Change events for a subscribed connection: `places.changed` notification lines.
    case events(connection: UInt64, generation: UInt64, bytes: [UInt8])
    /// Stop accepting, answer what was read, close every connection, and return.
    case shutdown
    /// Prove the loop still turns: store this number in `answeredProbe`.
    case probe(UInt64)
}

/// The one way into an event loop from other threads: a locked queue and an eventfd that wakes the loop.
final class LoopMailbox: Sendable {
    private let messages = Locked<[LoopMessage]>([])
    let notifier: EventNotifier
    /// The last `probe` the loop answered; the watchdog pings systemd only while loops answer.
    let answeredProbe = Atomic<UInt64>(0)

    init() throws(SystemError) {
        notifier = try EventNotifier()
    }

    /// Queues `message` and wakes the loop.
    func post(_ message: LoopMessage) {
        messages.withLock { $0.append(message) }
        notifier.signal()
    }

    /// Everything queued so far, oldest first.
    func takeAll() -> [LoopMessage] {
        notifier.drain()
        return messages.withLock { queued in
            defer { queued.removeAll(keepingCapacity: true) }
            return queued
        }
    }
}
