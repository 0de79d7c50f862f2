/// What a reader of an import document left out: the entries it skipped, by reason, and the fields it read past.
///
/// Every reader (KML, KMZ, CSV, GeoJSON, GPX) reports into one of these, so that `places.import` can say
/// "3 skipped: 2 without coordinates, 1 LineString; dropped fields: colour, icon" whatever the format.
public struct ImportOmissions: Sendable, Hashable {
    /// Why an entry of a document did not become a place.
    public enum Reason: Sendable, Hashable, Comparable {
        /// It has no coordinates (a CSV row without them, a Takeout entry at `[0, 0]`, a URL holding none).
        case withoutCoordinates
        /// Its geometry is not a point: the geometry's name as the format spells it (`LineString`, `Polygon`).
        case geometry(String)
    }

    /// The entries skipped for each reason, each named where the document holds it (`line 7`,
    /// `features[3]`), at most `maximumLocations` per reason (the count goes on).
    public private(set) var skipped: [Reason: (count: Int, locations: [String])] = [:]
    /// The names of the fields (elements, properties, columns) read past because placesd keeps nothing of
    /// them, as the document spells them.
    public private(set) var droppedFields: Set<String> = []

    /// How many locations are kept per reason.
    public static let maximumLocations = 20

    /// Nothing left out.
    public init() {}

    /// Whether nothing was left out.
    public var isEmpty: Bool { skipped.isEmpty && droppedFields.isEmpty }

    /// The number of entries skipped, for all reasons.
    public var skippedCount: Int { skipped.values.reduce(0) { $0 + $1.count } }

    /// Records an entry skipped for `reason`, found at `location`.
    public mutating func skip(_ reason: Reason, at location: String) {
        var entry = skipped[reason] ?? (0, [])
        entry.count += 1
        if entry.locations.count < Self.maximumLocations { entry.locations.append(location) }
        skipped[reason] = entry
    }

    /// Records `count` entries skipped for `reason`, the first of them at `locations` (as a reply names them).
    public mutating func record(_ reason: Reason, count: Int, locations: [String]) {
        guard count > 0 else { return }
        var entry = skipped[reason] ?? (0, [])
        entry.count += count
        entry.locations += locations.prefix(Self.maximumLocations - entry.locations.count)
        skipped[reason] = entry
    }

    /// Records a field read past.
    public mutating func drop(field: String) {
        droppedFields.insert(field)
    }

    /// Adds what `other` left out to this.
    public mutating func merge(_ other: ImportOmissions) {
        for (reason, entry) in other.skipped {
            record(reason, count: entry.count, locations: entry.locations)
        }
        droppedFields.formUnion(other.droppedFields)
    }

    /// Whether both left out the same entries, at the same locations, and the same fields.
    public static func == (left: ImportOmissions, right: ImportOmissions) -> Bool {
        left.droppedFields == right.droppedFields && left.skipped.count == right.skipped.count
            && left.skipped.allSatisfy { reason, entry in
                right.skipped[reason].map { $0.count == entry.count && $0.locations == entry.locations } ?? false
            }
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(droppedFields)
        for reason in skipped.keys.sorted() {
            hasher.combine(reason)
            hasher.combine(skipped[reason]!.count)
            hasher.combine(skipped[reason]!.locations)
        }
    }
}

/// The places a reader found in an import document, in document order, and what it left out.
public struct ImportedDocument: Sendable, Hashable {
    /// The places, validated.
    public var places: [ImportedPlace]
    /// What the document held that did not become a place or a field of one.
    public var omissions: ImportOmissions

    /// Creates a read document.
    public init(places: [ImportedPlace] = [], omissions: ImportOmissions = ImportOmissions()) {
        self.places = places
        self.omissions = omissions
    }
}
