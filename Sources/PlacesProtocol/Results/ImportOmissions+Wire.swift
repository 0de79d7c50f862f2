extension ImportOmissions {
    /// The keys of an import result's `leftOut` object.
    public enum Key {
        /// The entries without coordinates: `{"count", "where"}`.
        public static let withoutCoordinates: StaticString = "withoutCoordinates"
        /// The entries whose geometry is not a point, by the geometry's name: `{"LineString": {"count", "where"}}`.
        public static let geometry: StaticString = "geometry"
        /// In each reason's object: how many entries.
        public static let count: StaticString = "count"
        /// In each reason's object: where the first of them are in the document (`line 7`, `features[3]`).
        public static let locations: StaticString = "where"
        /// The names of the fields read past, sorted.
        public static let droppedFields: StaticString = "droppedFields"
    }

    /// Writes `{"withoutCoordinates"?, "geometry"?, "droppedFields"}`: a reason only when an entry was skipped for
    /// it, `droppedFields` always.
    public func write(to out: inout JSONWriter) {
        out.beginObject()
        if let entry = skipped[.withoutCoordinates] {
            out.writeMember(Key.withoutCoordinates, first: true)
            Self.write(entry, to: &out)
            out.comma()
        }
        let geometries = skipped.compactMap { reason, entry in
            if case .geometry(let name) = reason { (name, entry) } else { nil }
        }.sorted { $0.0 < $1.0 }
        if !geometries.isEmpty {
            out.writeMember(Key.geometry, first: true)
            out.beginObject()
            for (offset, (name, entry)) in geometries.enumerated() {
                if offset > 0 { out.comma() }
                out.writeKey(name)
                Self.write(entry, to: &out)
            }
            out.endObject()
            out.comma()
        }
        out.writeMember(Key.droppedFields, first: true)
        out.writeArray(droppedFields.sorted()) { field, out in out.writeString(field) }
        out.endObject()
    }

    private static func write(_ entry: (count: Int, locations: [String]), to out: inout JSONWriter) {
        out.beginObject()
        out.writeMember(Key.count, first: true, integer: Int64(entry.count))
        out.writeMember(Key.locations)
        out.writeArray(entry.locations) { location, out in out.writeString(location) }
        out.endObject()
    }

    /// Reads a `leftOut` object; what is missing is taken as nothing left out, and reasons it does not know are
    /// read past.
    public static func decode(_ value: JSONValue) throws(ReplyError) -> ImportOmissions {
        let reader = try ReplyReader(value)
        var omissions = ImportOmissions()
        if let entry = reader.value(Key.withoutCoordinates) {
            try omissions.add(.withoutCoordinates, entry)
        }
        if case .object(let geometries)? = reader.value(Key.geometry) {
            for (name, entry) in geometries.members {
                try omissions.add(.geometry(name), entry)
            }
        }
        for field in reader.value(Key.droppedFields)?.arrayValue ?? [] {
            if let name = field.stringValue { omissions.drop(field: name) }
        }
        return omissions
    }

    /// Records `count` entries skipped for `reason`, at the locations the reply names (the rest at none).
    private mutating func add(_ reason: Reason, _ value: JSONValue) throws(ReplyError) {
        let reader = try ReplyReader(value)
        let count = Int(try reader.required(Key.count, "count", reader.integer))
        let locations = (reader.value(Key.locations)?.arrayValue ?? []).compactMap(\.stringValue)
        record(reason, count: count, locations: locations)
    }

    /// The schema of a `leftOut` object.
    public static var schema: JSONValue {
        let entry = WireSchema.object([
            (Key.count, WireSchema.type("integer")),
            (Key.locations, WireSchema.array(of: WireSchema.type("string"))),
        ])
        let geometry: JSONValue = [
            "type": "object", "additionalProperties": entry,
            "description": "The entries whose geometry is not a point, by the geometry's name, e.g. LineString.",
        ]
        return WireSchema.object([
            (Key.withoutCoordinates, entry), (Key.geometry, geometry),
            (Key.droppedFields, WireSchema.array(of: WireSchema.type("string"))),
        ])
    }
}
