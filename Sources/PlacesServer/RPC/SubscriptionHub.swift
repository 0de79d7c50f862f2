import PlacesLocking
import PlacesModel
import PlacesProtocol
import PlacesSealing
import PlacesState
import PlacesStore
import Synchronization

/// The `places.watch` subscriptions, fed by the store's change observer on the writer's queue.
///
/// Subscribing takes the snapshot and registers the subscriber under the same lock that delivery holds, and
/// each subscriber remembers the revision of its snapshot: a change is delivered only when it is newer, so the
/// snapshot and the events that follow have neither a gap nor an overlap. Each change is encoded at most twice
/// (the owner's view and the administrators' view), whatever the number of subscribers.
final class SubscriptionHub: Sendable {
    private struct Subscriber {
        let connection: ReplySink
        /// The watched owner, or nil for an administrator watching every user.
        let owner: UserID?
        /// The revision of the snapshot the subscriber was given (the owner's, or the store's for all users).
        let startRevision: Int64
        /// Which subscription of this connection (a connection may watch again after an overflow).
        let generation: UInt64
        /// Whether the stream was interrupted (`interruptAll()`): nothing more is delivered.
        var isInterrupted = false
    }

    private let subscribers = Locked<[UInt64: Subscriber]>([:])
    private let generations = Atomic<UInt64>(0)

    /// Registers `connection` and returns the snapshot its events continue from.
    func subscribe(_ connection: ReplySink, owner: UserID?, store: PlaceStore) -> StoreSnapshot {
        subscribers.withLock { subscribers in
            let snapshot = store.snapshot()
            let revision = owner.map { snapshot.revision(of: $0) } ?? snapshot.revision
            let generation = generations.add(1, ordering: .relaxed).newValue
            subscribers[connection.token] = Subscriber(
                connection: connection, owner: owner, startRevision: revision, generation: generation)
            return snapshot
        }
    }

    /// Registers `connection` to receive the changes after `startRevision` (the owner's revision, or the store's
    /// for all users); called on the store's writer queue between batches (see `PlaceStore.history`), so that
    /// the changes read up to `startRevision` and the events that follow leave neither a gap nor an overlap.
    func subscribe(_ connection: ReplySink, owner: UserID?, after startRevision: Int64) {
        subscribers.withLock { subscribers in
            let generation = generations.add(1, ordering: .relaxed).newValue
            subscribers[connection.token] = Subscriber(
                connection: connection, owner: owner, startRevision: startRevision, generation: generation)
        }
    }

    /// Ends every subscription with a `places.overflow` notice saying why: the store read its state again and the
    /// changes in between cannot be told, so each watcher must start again.
    func interruptAll() {
        subscribers.withLock { subscribers in
            let notice = Self.interruptionNotice()
            for token in subscribers.keys where !subscribers[token]!.isInterrupted {
                subscribers[token]!.isInterrupted = true
                let subscriber = subscribers[token]!
                subscriber.connection.deliverEvents(notice, generation: subscriber.generation)
            }
        }
    }

    /// Whether `generation` is still the live subscription of the connection with `token`. Events of a
    /// subscription that was replaced (the client watched again) or ended (overflow) are dropped: the newer
    /// snapshot already covers them.
    func isCurrent(token: UInt64, generation: UInt64) -> Bool {
        subscribers.withLock { $0[token]?.generation == generation }
    }

    /// Ends the subscription of the connection with `token`: any, or only the given generation.
    func unsubscribe(token: UInt64, generation: UInt64? = nil) {
        subscribers.withLock { subscribers in
            guard let subscriber = subscribers[token], generation == nil || subscriber.generation == generation
            else { return }
            subscribers.removeValue(forKey: token)
        }
    }

    /// Sends committed `changes` to every subscriber they concern, in commit order, one message per subscriber.
    func publish(_ changes: [PlaceChange]) {
        subscribers.withLock { subscribers in
            guard !subscribers.isEmpty else { return }
            var ownerViews: [[UInt8]?] = Array(repeating: nil, count: changes.count)
            var adminViews: [[UInt8]?] = Array(repeating: nil, count: changes.count)
            for subscriber in subscribers.values where !subscriber.isInterrupted {
                var batch: [UInt8] = []
                for (index, change) in changes.enumerated() {
                    if let owner = subscriber.owner {
                        guard owner == change.place.owner, change.revision > subscriber.startRevision else { continue }
                        if ownerViews[index] == nil { ownerViews[index] = Self.encode(change, forAdmin: false) }
                        batch.append(contentsOf: ownerViews[index]!)
                    } else {
                        guard change.storeRevision > subscriber.startRevision else { continue }
                        if adminViews[index] == nil { adminViews[index] = Self.encode(change, forAdmin: true) }
                        batch.append(contentsOf: adminViews[index]!)
                    }
                }
                if !batch.isEmpty {
                    subscriber.connection.deliverEvents(batch, generation: subscriber.generation)
                }
            }
        }
    }

    /// The `places.changed` notification line for `change`.
    static func encode(_ change: PlaceChange, forAdmin: Bool) -> [UInt8] {
        var writer = JSONWriter(capacity: 512)
        RPCEnvelope.writeNotification(.changed, to: &writer) { params in
            ChangeEvent.write(change, forAdmin: forAdmin, to: &params)
        }
        return writer.bytes
    }

    /// The `places.overflow` notification that ends every subscription when the store read its state again.
    static func interruptionNotice() -> [UInt8] {
        overflowNotice(
            reason: "placesd read its places again from the database, and the changes in between cannot be told; "
                + "the subscription ended. Call places.watch again for a fresh snapshot.")
    }

    /// The `places.overflow` notification that ends a subscription whose client does not keep up.
    static func overflowNotice(limit: Int) -> [UInt8] {
        overflowNotice(
            reason: "More than \(limit) bytes of events were waiting to be read; the subscription ended. "
                + "Call places.watch again for a fresh snapshot.")
    }

    /// A `places.overflow` notification giving `reason`.
    private static func overflowNotice(reason: String) -> [UInt8] {
        var writer = JSONWriter(capacity: 256)
        RPCEnvelope.writeNotification(.overflow, to: &writer) { params in
            OverflowNotice.write(reason: reason, to: &params)
        }
        return writer.bytes
    }
}
