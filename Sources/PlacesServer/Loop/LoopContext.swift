import PlacesSystem

/// What every event loop shares: the dispatcher, limits, the users' reply budgets and the log.
struct LoopContext: Sendable {
    /// Runs every connection's requests.
    let dispatcher: Dispatcher
    /// The server's counters, such as its open connections.
    let statistics: ServerStatistics
    /// Where the loops log.
    let logger: Logger
    /// The limits as of the last reload.
    let settings: LiveSettings
    /// Each user's share of the unread replies its connections may hold.
    let replyBudgets: ReplyBudgets
    /// Whether a new connection may stay.
    let admission: ConnectionAdmission
    /// What becomes of events for a watching connection.
    let subscriptions: SubscriberDelivery
    /// Running out of file descriptors, logged once for all loops.
    let descriptorShortage = DescriptorShortage()
}
