import PlacesModel

/// One committed change: the params of a `places.changed` notification, and an element of a resumed
/// `places.watch` result's `changes`: `{"change": kind, "revision": R, "place": the place after it}`.
public struct ChangeEvent: Sendable, Hashable {
    /// The members' keys.
    public enum Key {
        /// The kind of change (`added`, `updated`, `removed`, `moved`).
        public static let change: StaticString = "change"
        /// The revision the change made.
        public static let revision: StaticString = "revision"
        /// The place after the change.
        public static let place: StaticString = "place"
        /// The new position, which older daemons sent with a move.
        public static let index: StaticString = "index"
    }

    /// The kind of change.
    public let change: String
    /// The revision it made, if given.
    public let revision: Int64?
    /// The place after it.
    public let place: WirePlace
    /// The new position, if given.
    public let index: Int64?

    /// Writes `change` as its owner sees it, or with the owner and the store's revision for an administrator.
    public static func write(_ change: PlaceChange, forAdmin: Bool, to out: inout JSONWriter) {
        out.beginObject()
        out.writeMember(Key.change, first: true)
        out.writeString(change.kind.rawValue)
        out.writeMember(Key.revision, integer: forAdmin ? change.storeRevision : change.revision)
        out.writeMember(Key.place)
        PlaceEncoding.write(change.place, includeOwner: forAdmin, to: &out)
        out.endObject()
    }

    /// The revision of an event, read leniently (an event is printed as it came with `--json`).
    public static func revision(in value: JSONValue?) -> Int64? {
        (try? ReplyReader(value))?.integer(Key.revision)
    }

    /// Reads an event.
    public static func decode(_ value: JSONValue) throws(ReplyError) -> ChangeEvent {
        let reader = try ReplyReader(value)
        guard let change = reader.string(Key.change), let place = reader.value(Key.place) else {
            throw .incomplete(keys: [Key.change.description, Key.place.description])
        }
        return ChangeEvent(
            change: change, revision: reader.integer(Key.revision), place: try WirePlace.decodeInReply(place),
            index: reader.integer(Key.index))
    }

    /// The event's schema.
    public static var schema: JSONValue {
        WireSchema.object([
            (Key.change, WireSchema.type("string")), (Key.revision, WireSchema.type("integer")),
            (Key.place, WireSchema.ref("Place")),
        ])
    }
}
