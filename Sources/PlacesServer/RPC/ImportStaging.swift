import PlacesLocking
import PlacesModel
import PlacesProtocol

/// The staged imports (`places.import.begin`, `add`, `commit`, `abort`): places received in parts, held in
/// memory until they are committed at once.
///
/// A staged import belongs to the connection that began it, and only that connection may use its token; it is
/// dropped, with the places it holds, when the connection closes. Each user may have `importsPerUser` at a time,
/// and together they may hold at most `max-import-places` places, so a user's staged places never take more
/// memory than one import of the largest size allowed; the pieces of a document's text they hold (GPX, KML, CSV, or
/// a KMZ archive's base64), read when the import is committed, at most `textBytesPerPlace` bytes for each of
/// those places. CSV pieces are also read as they come, on a queue of their own (`StagedCSVReading`), so that the
/// commit finds the document read: at most `max-import-places` places read ahead for each staged import (a reading
/// that would pass it stops), the places the commit would read from that text anyway. The text is kept, to be read
/// again at the commit when that reading refused it.
final class ImportStaging: Sendable {
    /// The most staged imports one user may have at a time.
    static let importsPerUser = 2
    /// The text a user's staged imports may hold together, per place `max-import-places` allows: a waypoint or a
    /// Placemark with a long description and its tags is well under this.
    static let textBytesPerPlace = 4096

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
        /// What the parts of places received so far left out.
        var omissions = ImportOmissions()
        /// The pieces of text received so far, joined.
        var text = ""
        /// The format of the pieces of text, set by the first.
        var textFormat: ImportTextFormat?
        /// The reader of CSV pieces, reading them as they come.
        var csvReading: StagedCSVReading?
    }

    /// What a staged import held when it ended.
    struct Contents {
        /// Its places, in the order they came.
        let places: [ImportedPlace]
        /// What its parts of places left out.
        let omissions: ImportOmissions
        /// Its text and the text's format, read after the places; nil when no piece came.
        let text: (text: String, format: ImportTextFormat)?
        /// The reader that read its CSV pieces as they came, if they are CSV.
        let csvReading: StagedCSVReading?
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

    /// Adds the places of `document` to the staged import `token` of `connection`, with what it left out, unless the
    /// user's staged places would then be more than `maximumPlaces` (-32006, and the import stays as it was);
    /// returns how many it holds.
    func add(_ document: ImportedDocument, to token: String, connection: ConnectionKey, maximumPlaces: Int)
        throws(RPCError) -> Int
    {
        let places = document.places
        return try imports.withLock { (imports) throws(RPCError) -> Int in
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
            imports[token]?.omissions.merge(document.omissions)
            return imports[token]?.places.count ?? 0
        }
    }

    /// Appends `text` to the text of the staged import `token` of `connection`, unless its earlier pieces are of
    /// another format (-32602) or the user's staged text would then be more than `maximumPlaces` ×
    /// `textBytesPerPlace` bytes (-32006); a refused piece leaves the import as it was.
    func add(text: String, format: ImportTextFormat, to token: String, connection: ConnectionKey, maximumPlaces: Int)
        throws(RPCError)
    {
        try imports.withLock { (imports) throws(RPCError) in
            try Self.check(imports, token, connection)
            let owner = imports[token]?.owner
            if let earlier = imports[token]?.textFormat, earlier != format {
                throw .invalidParams(
                    ValidationError(
                        field: ImportAddParams.formatKey,
                        reason: "is \(format.rawValue), but the import's earlier pieces of text are \(earlier.rawValue)"
                    ))
            }
            let held = imports.values.reduce(0) { $0 + ($1.owner == owner ? $1.text.utf8.count : 0) }
            let limit = maximumPlaces.multipliedReportingOverflow(by: Self.textBytesPerPlace)
            guard limit.overflow || held + text.utf8.count <= limit.partialValue else {
                throw .limitReached(
                    "Failed to stage \(text.utf8.count) more bytes of \(format.rawValue): uid \(owner ?? 0)'s staged "
                        + "imports hold \(held), and together they may hold at most \(limit.partialValue) "
                        + "(\(Self.textBytesPerPlace) for each place max-import-places allows); the import is as it was"
                )
            }
            if format == .csv, imports[token]?.text.isEmpty == true {
                imports[token]?.csvReading = StagedCSVReading(maximumPlaces: maximumPlaces)
            }
            imports[token]?.text.append(text)
            imports[token]?.textFormat = format
            imports[token]?.csvReading?.read(text)
        }
    }

    /// Ends the staged import `token` of `connection` and returns what it held.
    func take(_ token: String, connection: ConnectionKey) throws(RPCError) -> Contents {
        try imports.withLock { (imports) throws(RPCError) -> Contents in
            try Self.check(imports, token, connection)
            let staged = imports.removeValue(forKey: token)
            return Contents(
                places: staged?.places ?? [], omissions: staged?.omissions ?? ImportOmissions(),
                text: staged.flatMap { staged in staged.textFormat.map { (staged.text, $0) } },
                csvReading: staged?.csvReading)
        }
    }

    /// Drops every staged import of `connection` (it closed), with its places.
    func drop(connection: ConnectionKey) {
        let dropped = imports.withLock { imports in
            let tokens = imports.filter { $0.value.connection == connection }.keys
            return tokens.compactMap { imports.removeValue(forKey: $0) }
        }
        for staged in dropped { staged.csvReading?.drop() }
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
