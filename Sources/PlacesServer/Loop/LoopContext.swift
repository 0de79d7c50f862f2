import PlacesSystem

/// What every event loop shares: the dispatcher, limits, the users' reply budgets and the log.
struct LoopContext: Sendable {
    let dispatcher: Dispatcher
    let statistics: ServerStatistics
    let logger: Logger
    let settings: LiveSettings
    let replyBudgets: ReplyBudgets
    /// Whether a new connection may stay.
    let admission: ConnectionAdmission
    /// What becomes of events for a watching connection.
    let subscriptions: SubscriberDelivery
    /// Running out of file descriptors, logged once for all loops.
    let descriptorShortage = DescriptorShortage()
}
