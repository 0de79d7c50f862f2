/// Every method the daemon serves. The dispatcher switches over this enum and `rpc.discover` describes it,
/// so the two cannot drift apart: a new case does not compile until both handle it.
enum Method: String, CaseIterable, Sendable {
    case add = "places.add"
    case get = "places.get"
    case list = "places.list"
    case update = "places.update"
    case remove = "places.remove"
    case move = "places.move"
    case near = "places.near"
    case watch = "places.watch"
    case importPlaces = "places.import"
    case export = "places.export"
    case status = "server.status"
    case unlock = "server.unlock"
    case discover = "rpc.discover"
}

extension Method {
    /// Whether the method changes the store (and so is answered only after the writer committed it).
    var isChange: Bool {
        switch self {
        case .add, .update, .remove, .move, .importPlaces: true
        case .get, .list, .near, .watch, .export, .status, .unlock, .discover: false
        }
    }
}
