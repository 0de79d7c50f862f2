import PlacesModel

/// The result of `places.watch`: a snapshot `{"revision": R, "places": [...]}`, or with `since`, the logged
/// changes after it `{"revision": R, "changes": [ChangeEvent]}`.
public struct WatchResult: Sendable, Hashable {
    /// The members' keys.
    public enum Key {
        /// The revision the snapshot or the changes reach.
        public static let revision: StaticString = "revision"
        /// The snapshot's places.
        public static let places: StaticString = "places"
        /// The changes after `since`.
        public static let changes: StaticString = "changes"
    }

    /// The revision the result reaches, if given.
    public let revision: Int64?
    /// The snapshot's places (empty for resumed changes).
    public let places: [WirePlace]
    /// The resumed changes, each as it came (it is read like a notification's params, with `ChangeEvent`).
    public let changes: [JSONValue]

    /// Writes a snapshot at `revision`, its places written as an array by `writePlaces`.
    public static func writeSnapshot(
        revision: Int64, to out: inout JSONWriter, places writePlaces: (inout JSONWriter) -> Void
    ) {
        out.beginObject()
        out.writeMember(Key.revision, first: true, integer: revision)
        out.writeMember(Key.places)
        writePlaces(&out)
        out.endObject()
    }

    /// Writes the logged `changes` reaching `revision`.
    public static func writeResumed(
        revision: Int64, changes: [PlaceChange], forAdmin: Bool, to out: inout JSONWriter
    ) {
        out.beginObject()
        out.writeMember(Key.revision, first: true, integer: revision)
        out.writeMember(Key.changes)
        out.writeArray(changes) { change, out in ChangeEvent.write(change, forAdmin: forAdmin, to: &out) }
        out.endObject()
    }

    /// Reads a snapshot: `places` must be there.
    public static func decodeSnapshot(_ value: JSONValue) throws(ReplyError) -> WatchResult {
        let reader = try ReplyReader(value)
        return WatchResult(revision: reader.integer(Key.revision), places: try reader.places(Key.places), changes: [])
    }

    /// Reads resumed changes: `changes` must be there.
    public static func decodeResumed(_ value: JSONValue) throws(ReplyError) -> WatchResult {
        let reader = try ReplyReader(value)
        return WatchResult(revision: reader.integer(Key.revision), places: [], changes: try reader.array(Key.changes))
    }

    /// The result's schema: either form.
    public static var schema: JSONValue {
        WireSchema.object([
            (Key.revision, WireSchema.type("integer")), (Key.places, WireSchema.array(of: WireSchema.ref("Place"))),
            (Key.changes, WireSchema.array(of: ChangeEvent.schema)),
        ])
    }
}
