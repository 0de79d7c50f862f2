/// The result of `server.status`: `{"version", "protocol", "uptime", "places", "revision", "connections",
/// "database", "locked"}`.
public struct ServerStatus: Sendable, Hashable {
    /// The members, in the order they are written.
    public enum Member: CaseIterable, Sendable {
        /// The daemon's version.
        case version
        /// The protocol's version, 1.
        case `protocol`
        /// Seconds since the daemon started.
        case uptime
        /// How many places the caller has.
        case places
        /// The caller's revision.
        case revision
        /// Open connections.
        case connections
        /// The database's path or connection string.
        case database
        /// Whether the store waits for its key.
        case locked

        /// The member's key.
        public var key: StaticString {
            switch self {
            case .version: "version"
            case .protocol: "protocol"
            case .uptime: "uptime"
            case .places: "places"
            case .revision: "revision"
            case .connections: "connections"
            case .database: "database"
            case .locked: "locked"
            }
        }

        /// The member named `key`, if there is one.
        public init?(key: String) {
            guard let member = Self.allCases.first(where: { $0.key.description == key }) else { return nil }
            self = member
        }
    }

    /// The version of the protocol this build speaks.
    public static let protocolVersion: Int64 = 1

    /// The daemon's version.
    public var version: String
    /// Seconds since the daemon started.
    public var uptime: Int64
    /// How many places the caller has.
    public var places: Int
    /// The caller's revision.
    public var revision: Int64
    /// Open connections.
    public var connections: Int
    /// The database's path or connection string.
    public var database: String
    /// Whether the store waits for its key.
    public var isLocked: Bool

    /// Creates a status.
    public init(
        version: String, uptime: Int64, places: Int, revision: Int64, connections: Int, database: String,
        isLocked: Bool
    ) {
        self.version = version
        self.uptime = uptime
        self.places = places
        self.revision = revision
        self.connections = connections
        self.database = database
        self.isLocked = isLocked
    }

    /// Writes the result.
    public func write(to out: inout JSONWriter) {
        out.beginObject()
        for member in Member.allCases {
            out.writeMember(member.key, first: member == .version)
            switch member {
            case .version: out.writeString(version)
            case .protocol: out.writeInt(Self.protocolVersion)
            case .uptime: out.writeInt(uptime)
            case .places: out.writeInt(Int64(places))
            case .revision: out.writeInt(revision)
            case .connections: out.writeInt(Int64(connections))
            case .database: out.writeString(database)
            case .locked: out.writeBool(isLocked)
            }
        }
        out.endObject()
    }

    /// Whether a status result says the store is locked.
    public static func isLocked(_ status: JSONObject) -> Bool {
        status[Member.locked.key.description]?.boolValue == true
    }

    /// The result's schema.
    public static var schema: JSONValue {
        WireSchema.object(Member.allCases.map { member in (member.key, schema(of: member)) })
    }

    private static func schema(of member: Member) -> JSONValue {
        switch member {
        case .version, .database: WireSchema.type("string")
        case .protocol: WireSchema.constant(.number(JSONNumber(protocolVersion)))
        case .uptime, .places, .revision, .connections: WireSchema.type("integer")
        case .locked: WireSchema.type("boolean")
        }
    }
}
