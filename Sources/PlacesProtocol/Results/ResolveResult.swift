import PlacesModel

/// The result of `places.resolve`: `{"match": how, "candidates": [{"id", "name"}, …], "more": bool}`.
public struct ResolveResult: Sendable, Hashable {
    /// The members' keys.
    public enum Key {
        /// How the reference matched: `name`, `namePrefix`, `idPrefix` or `none`.
        public static let match: StaticString = "match"
        /// The places it names.
        public static let candidates: StaticString = "candidates"
        /// Whether more places matched than the candidates.
        public static let more: StaticString = "more"
        /// A candidate's id.
        public static let id: StaticString = PlaceField.id.key
        /// A candidate's name.
        public static let name: StaticString = PlaceField.name.key
    }

    /// A place the reference names.
    public struct Candidate: Sendable, Hashable {
        /// Its id.
        public let id: PlaceID
        /// Its name.
        public let name: String

        /// A candidate.
        public init(id: PlaceID, name: String) {
            self.id = id
            self.name = name
        }
    }

    /// How the reference matched.
    public let match: String
    /// The places it names.
    public let candidates: [Candidate]
    /// Whether more places matched than `candidates`.
    public let hasMore: Bool

    /// Writes the result.
    public static func write(match: String, candidates: [Candidate], hasMore: Bool, to out: inout JSONWriter) {
        out.beginObject()
        out.writeMember(Key.match, first: true)
        out.writeString(match)
        out.writeMember(Key.candidates)
        out.beginArray()
        for (index, candidate) in candidates.enumerated() {
            if index > 0 { out.comma() }
            out.beginObject()
            out.writeMember(Key.id, first: true)
            out.writePlaceID(candidate.id)
            out.writeMember(Key.name)
            out.writeString(candidate.name)
            out.endObject()
        }
        out.endArray()
        out.writeMember(Key.more)
        out.writeBool(hasMore)
        out.endObject()
    }

    /// Reads the result.
    public static func decode(_ value: JSONValue) throws(ReplyError) -> ResolveResult {
        let reader = try ReplyReader(value)
        let match = try reader.required(Key.match, "string", reader.string)
        let candidates = try ReplyReader.each(reader.array(Key.candidates)) { value throws(ReplyError) -> Candidate in
            let entry = try ReplyReader(value)
            guard let text = entry.string(Key.id), let id = PlaceID.parse(text), let name = entry.string(Key.name)
            else {
                throw .incomplete(keys: [Key.id.description, Key.name.description])
            }
            return Candidate(id: id, name: name)
        }
        return ResolveResult(match: match, candidates: candidates, hasMore: reader.bool(Key.more) ?? false)
    }

    /// The result's schema.
    public static var schema: JSONValue {
        WireSchema.object([
            (Key.match, ["type": "string", "enum": ["name", "namePrefix", "idPrefix", "none"]]),
            (
                Key.candidates,
                WireSchema.array(
                    of: WireSchema.object([(Key.id, WireSchema.ref("PlaceID")), (Key.name, WireSchema.type("string"))]))
            ),
            (Key.more, WireSchema.type("boolean", "More places matched than the candidates listed.")),
        ])
    }
}
