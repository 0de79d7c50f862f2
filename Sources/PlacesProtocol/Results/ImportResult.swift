/// The result of `places.import` and `places.import.commit`:
/// `{"added", "replaced", "skipped": {"idInUse", "duplicate"}, "leftOut", "dryRun", "revision"}`, where `leftOut`
/// is what the document held that did not become a place or a field of one (`ImportOmissions`).
public struct ImportResult: Sendable, Hashable {
    /// The members' keys.
    public enum Key {
        /// How many places were added.
        public static let added: StaticString = "added"
        /// How many of the caller's places took the imported fields (`onConflict: replace`).
        public static let replaced: StaticString = "replaced"
        /// How many places were left out, by reason.
        public static let skipped: StaticString = "skipped"
        /// In `skipped`: places whose id is in use (`onConflict: skip`).
        public static let idInUse: StaticString = "idInUse"
        /// In `skipped`: places without an id that duplicate one already there (`skipDuplicates`).
        public static let duplicate: StaticString = "duplicate"
        /// What the document held that did not become a place or a field of one.
        public static let leftOut: StaticString = "leftOut"
        /// Whether nothing was changed: the counts say what the import would do.
        public static let dryRun: StaticString = "dryRun"
        /// The owner's revision after the import.
        public static let revision: StaticString = "revision"
    }

    /// How many places were added (or would be, in a dry run).
    public var added: Int64
    /// How many places were replaced.
    public var replaced: Int64
    /// How many places were left out because their id is in use.
    public var skippedIDInUse: Int64
    /// How many places were left out as duplicates.
    public var skippedDuplicates: Int64
    /// What the document held that did not become a place or a field of one.
    public var omissions: ImportOmissions
    /// Whether nothing was changed.
    public var isDryRun: Bool

    /// Creates a result.
    public init(
        added: Int64, replaced: Int64 = 0, skippedIDInUse: Int64 = 0, skippedDuplicates: Int64 = 0,
        omissions: ImportOmissions = ImportOmissions(), isDryRun: Bool = false
    ) {
        self.added = added
        self.replaced = replaced
        self.skippedIDInUse = skippedIDInUse
        self.skippedDuplicates = skippedDuplicates
        self.omissions = omissions
        self.isDryRun = isDryRun
    }

    /// Writes the result, with the owner's `revision`.
    public func write(revision: Int64, to out: inout JSONWriter) {
        out.beginObject()
        out.writeMember(Key.added, first: true, integer: added)
        out.writeMember(Key.replaced, integer: replaced)
        out.writeMember(Key.skipped)
        out.beginObject()
        out.writeMember(Key.idInUse, first: true, integer: skippedIDInUse)
        out.writeMember(Key.duplicate, integer: skippedDuplicates)
        out.endObject()
        out.writeMember(Key.leftOut)
        omissions.write(to: &out)
        out.writeMember(Key.dryRun)
        out.writeBool(isDryRun)
        out.writeMember(Key.revision, integer: revision)
        out.endObject()
    }

    /// Reads the result: `added` must be there; the others, which an older daemon leaves out, default to 0, false
    /// and nothing left out.
    public static func decode(_ value: JSONValue) throws(ReplyError) -> ImportResult {
        let reader = try ReplyReader(value)
        let skipped = try reader.value(Key.skipped).map { value throws(ReplyError) in try ReplyReader(value) }
        return ImportResult(
            added: try reader.required(Key.added, "count", reader.integer), replaced: reader.integer(Key.replaced) ?? 0,
            skippedIDInUse: skipped?.integer(Key.idInUse) ?? 0, skippedDuplicates: skipped?.integer(Key.duplicate) ?? 0,
            omissions: try reader.value(Key.leftOut).map { value throws(ReplyError) in
                try ImportOmissions.decode(value)
            } ?? ImportOmissions(),
            isDryRun: reader.bool(Key.dryRun) ?? false)
    }

    /// The result's schema.
    public static var schema: JSONValue {
        let count = WireSchema.type("integer")
        return WireSchema.object([
            (Key.added, count), (Key.replaced, count),
            (Key.skipped, WireSchema.object([(Key.idInUse, count), (Key.duplicate, count)])),
            (Key.leftOut, ImportOmissions.schema),
            (Key.dryRun, WireSchema.type("boolean")), (Key.revision, count),
        ])
    }
}
