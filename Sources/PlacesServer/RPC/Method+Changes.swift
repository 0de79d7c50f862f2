import PlacesProtocol

extension Method {
    /// Whether the method changes the store (and so is answered only after the writer committed it).
    var isChange: Bool {
        switch self {
        case .add, .update, .remove, .move, .importPlaces: true
        case .get, .list, .near, .watch, .export, .status, .unlock, .backup, .discover: false
        }
    }
}
