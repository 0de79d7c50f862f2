import PlacesLocking
import PlacesModel
import PlacesProtocol

/// The staged imports (`places.import.begin`, `add`, `commit`, `abort`): places received in parts, held in
/// memory until they are committed at once.
///
/// A staged import belongs to the connection that began it, and only that connection may use its token; it is
/// dropped, with the places it holds, when the connection closes. Each user may have `importsPerUser` at a time,
/// and together they may hold at most `max-import-places` places, so a user's staged places never take more
/// memory than one import of the largest size allowed.
final class ImportStaging: Sendable {
    /// The most staged imports one user may have at a time.
    static let importsPerUser = 2

    /// A connection, by its event loop's mailbox and its token there.
    struct ConnectionKey: Hashable, Sendable {
        /// The mailbox of the loop that owns the connection.
        let mailbox: ObjectIdentifier
        /// The connection's token in that loop.
        let token: UInt64

        /// The connection `sink` answers.
        init(_ sink: ReplySink) {
            mailbox = ObjectIdentifier(sink.mailbox)
            token = sink.token
        }
    }

    /// One staged import.
    private struct Staged {
        /// The user whose import it is.
        let owner: UserID
        /// The connection that began it.
        let connection: ConnectionKey
        /// The places received so far, in order.
        var places: [ImportedPlace] = []
    }

    /// The staged imports by token.
    private let imports = Locked<[String: Staged]>([:])

    /// Creates an empty staging area.
    init() {}

    /// Begins a staged import for `owner` on `connection` and returns its token; refused with -32006 when the user
    /// already has `importsPerUser`.
    func begin(owner: UserID, connection: ConnectionKey) throws(RPCError) -> String {
        var random = SystemRandomNumberGenerator()
        let token = [random.next(), random.next()].map { (word: UInt64) in
            let digits = String(word, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
        return try imports.withLock { (imports) throws(RPCError) -> String in
            let open = imports.values.filter { $0.owner == owner }.count
            guard open < Self.importsPerUser else {
                throw .limitReached(
                    "Failed to begin an import: uid \(owner) has \(open) staged imports, the most one user may have; "
                        + "commit or abort one (places.import.commit, places.import.abort), or close its connection")
            }
            imports[token] = Staged(owner: owner, connection: connection)
            return token
        }
    }

    /// How many places the staged import `token` of `connection` holds; -32602 naming `token` when there is none.
    func count(of token: String, connection: ConnectionKey) throws(RPCError) -> Int {
        try imports.withLock { (imports) throws(RPCError) -> Int in
            try Self.check(imports, token, connection)
            return imports[token]?.places.count ?? 0
        }
    }

    /// Adds `places` to the staged import `token` of `connection`, unless the user's staged places would then be
    /// more than `maximumPlaces` (-32006, and the import stays as it was); returns how many it holds.
    func add(_ places: [ImportedPlace], to token: String, connection: ConnectionKey, maximumPlaces: Int)
        throws(RPCError) -> Int
    {
        try imports.withLock { (imports) throws(RPCError) -> Int in
            try Self.check(imports, token, connection)
            let owner = imports[token]?.owner
            let held = imports.values.reduce(0) { $0 + ($1.owner == owner ? $1.places.count : 0) }
            guard held + places.count <= maximumPlaces else {
                throw .limitReached(
                    "Failed to stage \(places.count) more places: uid \(owner ?? 0)'s staged imports hold \(held), "
                        + "and together they may hold at most \(maximumPlaces) (max-import-places); the import is "
                        + "as it was")
            }
            // In place: the places are not copied again with each part.
            imports[token]?.places.append(contentsOf: places)
            return imports[token]?.places.count ?? 0
        }
    }

    /// Ends the staged import `token` of `connection` and returns its places.
    func take(_ token: String, connection: ConnectionKey) throws(RPCError) -> [ImportedPlace] {
        try imports.withLock { (imports) throws(RPCError) -> [ImportedPlace] in
            try Self.check(imports, token, connection)
            return imports.removeValue(forKey: token)?.places ?? []
        }
    }

    /// Drops every staged import of `connection` (it closed), with its places.
    func drop(connection: ConnectionKey) {
        let dropped = imports.withLock { imports in
            let tokens = imports.filter { $0.value.connection == connection }.keys
            return tokens.compactMap { imports.removeValue(forKey: $0) }
        }
        // The places are freed here, once the lock is released.
        withExtendedLifetime(dropped) {}
    }

    /// Throws -32602 naming `token` unless it names a staged import of `connection`.
    private static func check(_ imports: [String: Staged], _ token: String, _ connection: ConnectionKey)
        throws(RPCError)
    {
        guard imports[token]?.connection == connection else {
            throw .invalidParams(
                ValidationError(
                    field: ImportAddParams.tokenKey,
                    reason:
                        "names no staged import of this connection (it was committed or aborted, or begun on another "
                        + "connection)"))
        }
    }
}
