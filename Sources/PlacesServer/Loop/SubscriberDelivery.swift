/// What becomes of events that arrive for a watching connection: the policy of `--max-subscriber-buffer`, apart
/// from the event loop that writes them.
///
/// A subscriber that lets more than its limit of events and replies wait unwritten is unsubscribed and gets one
/// `places.overflow` notice; events of a subscription that ended (or was replaced by a newer `places.watch`)
/// are dropped.
struct SubscriberDelivery: Sendable {
    /// What to do with events that arrived.
    enum Outcome: Equatable {
        /// Write them.
        case deliver
        /// Drop them: they belong to a subscription that is no longer current.
        case stale
        /// Drop them and write `notice` instead: the subscription has just ended for want of reading.
        case overflow(notice: [UInt8])
    }

    let hub: SubscriptionHub

    /// The outcome for `incoming` bytes of events of subscription `generation` of connection `token`, which has
    /// `pending` bytes waiting to be written and may let `limit` wait; ends the subscription on overflow.
    func outcome(token: UInt64, generation: UInt64, pending: Int, incoming: Int, limit: Int) -> Outcome {
        guard hub.isCurrent(token: token, generation: generation) else { return .stale }
        guard pending + incoming > limit else { return .deliver }
        hub.unsubscribe(token: token, generation: generation)
        return .overflow(notice: SubscriptionHub.overflowNotice(limit: limit))
    }

    /// Ends whatever subscription connection `token` has (it closed).
    func end(token: UInt64) {
        hub.unsubscribe(token: token)
    }
}
