/// Every method the daemon serves, by its name on the wire. The daemon's dispatcher switches over this enum and
/// `rpc.discover` describes it, and clients name a method by its case, so a new method does not compile until the
/// daemon handles it.
public enum Method: String, CaseIterable, Sendable {
    case add = "places.add"
    case get = "places.get"
    case list = "places.list"
    case update = "places.update"
    case remove = "places.remove"
    case move = "places.move"
    case near = "places.near"
    case density = "places.density"
    case resolve = "places.resolve"
    case tags = "places.tags"
    case watch = "places.watch"
    case importPlaces = "places.import"
    case importBegin = "places.import.begin"
    case importAdd = "places.import.add"
    case importCommit = "places.import.commit"
    case importAbort = "places.import.abort"
    case export = "places.export"
    case undo = "places.undo"
    case history = "places.history"
    case status = "server.status"
    case unlock = "server.unlock"
    case backup = "server.backup"
    case discover = "rpc.discover"

    /// The type of the method's params, or nil for a method that takes none.
    public var paramsType: (any MethodParams.Type)? {
        switch self {
        case .add: AddParams.self
        case .get: GetParams.self
        case .list: ListParams.self
        case .update: UpdateParams.self
        case .remove: RemoveParams.self
        case .move: MoveParams.self
        case .near: NearParams.self
        case .density: DensityParams.self
        case .resolve: ResolveParams.self
        case .watch: WatchParams.self
        case .importPlaces: ImportParams.self
        case .importAdd: ImportAddParams.self
        case .importCommit: ImportCommitParams.self
        case .importAbort: ImportAbortParams.self
        case .export: ExportParams.self
        case .undo: UndoParams.self
        case .history: HistoryParams.self
        case .unlock: UnlockParams.self
        case .backup: BackupParams.self
        case .tags, .status, .discover, .importBegin: nil
        }
    }
}

/// The notifications the daemon sends to a connection that watches (`places.watch`), by their names on the wire.
public enum NotificationMethod: String, CaseIterable, Sendable {
    /// One committed change: `{"revision", "kind", "place"}`.
    case changed = "places.changed"
    /// The watcher fell too far behind and was unsubscribed: `{"dropped"}`.
    case overflow = "places.overflow"
}

/// The params of one method: what the daemon decodes and validates, and what a client encodes and sends.
///
/// A client builds a request from a value (`RPCEnvelope.request(id:params:)`), so adding a field to a params
/// type is a change the compiler walks through every place that builds one; `decode(encoded)` giving the value
/// back is tested for every type.
public protocol MethodParams: Sendable, Hashable {
    /// The method that takes these params.
    static var method: Method { get }

    /// Decodes and validates the params (nil is the empty object).
    static func decode(_ params: JSONObject?) throws(RPCError) -> Self

    /// The params object a client sends, without the members that have their default.
    var encoded: JSONObject { get }
}
