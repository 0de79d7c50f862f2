import PlacesSystem
import Synchronization

/// The limits a reload (SIGHUP) may change while the daemon runs; read when a connection is accepted.
final class LiveSettings: Sendable {
    /// One consistent set of values.
    struct Values: Sendable, Equatable {
        var maximumConnections: Int
        var maximumLineBytes: Int
        var adminGroupName: String
        var adminGroupID: UInt32?

        init(_ configuration: ServerConfiguration) {
            maximumConnections = configuration.maximumConnections
            maximumLineBytes = configuration.maximumLineBytes
            adminGroupName = configuration.adminGroup
            adminGroupID = Groups.groupID(named: configuration.adminGroup)
        }
    }

    private let values: Mutex<Values>

    init(_ configuration: ServerConfiguration) {
        values = Mutex(Values(configuration))
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
