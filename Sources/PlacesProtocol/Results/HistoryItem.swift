import PlacesModel

/// One change of `places.history` and of `places.undo`: `{"change", "revision", "place", "fields"?, "undid"?}`.
///
/// In `places.history`, `place` is the place after the change (before it, for a removal), `fields` names what an
/// update changed (when the log still holds the place as it was before), and `undid` the revision of the change
/// an undo reverted (known while the daemon runs). In `places.undo`, `change` and `revision` are the change
/// reverted, and `place` the place after its inverse.
public struct HistoryItem: Sendable, Hashable {
    /// The members' keys beside `ChangeEvent.Key`'s.
    public enum Key {
        /// The fields an update changed.
        public static let fields: StaticString = "fields"
        /// The revision of the change an undo reverted.
        public static let undid: StaticString = "undid"
    }

    /// The change, as a change event carries it.
    public let event: ChangeEvent
    /// The fields an update changed, if known.
    public let fields: [String]?
    /// The revision an undo reverted, if the change was one.
    public let undid: Int64?

    /// Writes one item.
    public static func write(
        _ change: PlaceChange, fields: [PlaceField]?, undid: Int64?, to out: inout JSONWriter
    ) {
        out.beginObject()
        out.writeMember(ChangeEvent.Key.change, first: true)
        out.writeString(change.kind.rawValue)
        out.writeMember(ChangeEvent.Key.revision, integer: change.revision)
        out.writeMember(ChangeEvent.Key.place)
        PlaceEncoding.write(change.place, includeOwner: false, to: &out)
        if let fields {
            out.writeMember(Key.fields)
            out.writeArray(fields) { field, out in out.writeString(field.text) }
        }
        if let undid { out.writeMember(Key.undid, integer: undid) }
        out.endObject()
    }

    /// Reads one item.
    public static func decode(_ value: JSONValue) throws(ReplyError) -> HistoryItem {
        let reader = try ReplyReader(value)
        return HistoryItem(
            event: try ChangeEvent.decode(value),
            fields: reader.value(Key.fields)?.arrayValue?.compactMap(\.stringValue), undid: reader.integer(Key.undid))
    }

    /// The item's schema.
    public static var schema: JSONValue {
        WireSchema.object([
            (ChangeEvent.Key.change, WireSchema.type("string")), (ChangeEvent.Key.revision, WireSchema.type("integer")),
            (ChangeEvent.Key.place, WireSchema.ref("Place")),
            (Key.fields, WireSchema.array(of: WireSchema.type("string"))), (Key.undid, WireSchema.type("integer")),
        ])
    }

    /// The result of `places.history` or `places.undo`, `{key: [items], "revision": R}`, read.
    public static func decode(list value: JSONValue, key: StaticString) throws(ReplyError) -> [HistoryItem] {
        try ReplyReader.each(try ReplyReader(value).array(key), decode)
    }

    /// Writes the result of `places.history` (`key` "changes") or `places.undo` (`key` "undone").
    public static func write<Elements: Sequence>(
        list key: StaticString, _ elements: Elements, revision: Int64, to out: inout JSONWriter,
        _ write: (Elements.Element, inout JSONWriter) -> Void
    ) {
        out.beginObject()
        out.writeMember(key, first: true)
        out.writeArray(elements, write)
        out.writeMember(ChangeEvent.Key.revision, integer: revision)
        out.endObject()
    }

    /// The key of `places.history`'s list.
    public static let changesKey: StaticString = "changes"
    /// The key of `places.undo`'s list.
    public static let undoneKey: StaticString = "undone"

    /// The schema of `places.history`'s (`key` "changes") or `places.undo`'s (`key` "undone") result.
    public static func listSchema(_ key: StaticString) -> JSONValue {
        WireSchema.object([(key, WireSchema.array(of: schema)), (ChangeEvent.Key.revision, WireSchema.type("integer"))])
    }
}
