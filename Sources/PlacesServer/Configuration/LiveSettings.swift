import PlacesLocking
import PlacesSystem

/// The limits a reload (SIGHUP) may change while the daemon runs; read when a connection is accepted (the
/// import limit: when an import arrives; the per-user reply budget: on every loop turn that delivers replies).
final class LiveSettings: Sendable {
    /// One consistent set of values.
    struct Values: Sendable, Equatable {
        var maximumConnections: Int
        var maximumLineBytes: Int
        var maximumConnectionsPerUser: Int
        var maximumRequestsInFlight: Int
        var maximumReplyBytes: Int
        var maximumReplyBytesPerUser: Int
        var maximumSubscriberBufferBytes: Int
        var maximumImportPlaces: Int
        var adminGroupName: String
        var adminGroupID: UInt32?

        init(_ configuration: ServerConfiguration) {
            maximumConnections = configuration.maximumConnections
            maximumLineBytes = configuration.maximumLineBytes
            maximumConnectionsPerUser = configuration.maximumConnectionsPerUser
            maximumRequestsInFlight = configuration.maximumRequestsInFlight
            maximumReplyBytes = configuration.maximumReplyBytes
            maximumReplyBytesPerUser = configuration.maximumReplyBytesPerUser
            maximumSubscriberBufferBytes = configuration.maximumSubscriberBufferBytes
            maximumImportPlaces = configuration.maximumImportPlaces
            adminGroupName = configuration.adminGroup
            adminGroupID = Groups.groupID(named: configuration.adminGroup)
        }
    }

    private let values: Locked<Values>

    init(_ configuration: ServerConfiguration) {
        values = Locked(Values(configuration))
    }

    /// The current values.
    var current: Values {
        values.withLock { $0 }
    }

    /// Replaces the values with those of `configuration`.
    func update(from configuration: ServerConfiguration) {
        let new = Values(configuration)
        values.withLock { $0 = new }
    }
}
