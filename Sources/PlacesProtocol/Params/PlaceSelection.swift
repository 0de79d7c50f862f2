import PlacesModel

/// The order and filters `places.list` and `places.near` share: `sort?`, `order?`, `visited?`, `query?`, `tag?`,
/// `bbox?`.
public struct PlaceSelection: Sendable, Hashable {
    /// The keys it reads.
    static let keys: [String] = ["sort", "order"] + filterKeys
    /// The keys of its filters (`visited?`, `query?`, `tag?`, `bbox?`), which `places.density` reads too.
    static let filterKeys: [String] = [PlaceField.visited.text, "query", tagKey, "bbox"]
    /// The key of the tags every place selected must hold: one string or an array of them.
    public static let tagKey = "tag"

    /// The order (`position` by default for a list, `distance` for `places.near`).
    public var sort: PlaceSort
    /// Which way it runs.
    public var order: SortDirection
    /// Only places with this visited flag, when given.
    public var visited: Bool?
    /// Only places whose name, description or one of whose tags contains this, case and accents ignored, when
    /// given and not empty.
    public var query: String?
    /// Only places holding every one of these tags (compared folded), when not empty.
    public var tags: [String]
    /// Only places in this box, when given.
    public var box: BoundingBox?
    // A filter on another field is one more property here, read in `read` and written in `write`.

    /// A selection.
    public init(
        sort: PlaceSort, order: SortDirection = .ascending, visited: Bool? = nil, query: String? = nil,
        tags: [String] = [], box: BoundingBox? = nil
    ) {
        self.tags = tags
        self.sort = sort
        self.order = order
        self.visited = visited
        self.query = query
        self.box = box
    }

    /// Reads the selection's members, `sort` defaulting to `defaultSort`.
    static func read(_ reader: ParamsReader, defaultSort: PlaceSort) throws(RPCError) -> PlaceSelection {
        var selection = PlaceSelection(sort: defaultSort)
        if let text = try reader.string("sort") {
            guard let sort = PlaceSort(rawValue: text) else {
                throw reader.invalid("sort", "must be one of \(PlaceSort.spelledOut), not '\(text)'")
            }
            selection.sort = sort
        }
        if let text = try reader.string("order") {
            guard let order = SortDirection(rawValue: text) else {
                throw reader.invalid("order", "must be 'asc' or 'desc', not '\(text)'")
            }
            selection.order = order
        }
        selection.visited = try reader.bool(PlaceField.visited.text)
        selection.query = try reader.string("query")
        selection.tags = try readTags(reader)
        selection.box = try readBox(reader)
        return selection
    }

    /// The `tag` member: one tag or an array of them, each a tag a place may hold (one no place may hold is
    /// refused rather than matching nothing).
    private static func readTags(_ reader: ParamsReader) throws(RPCError) -> [String] {
        let tags = try reader.strings(tagKey, allowingOne: true) ?? []
        do throws(ValidationError) {
            for (offset, tag) in tags.enumerated() {
                _ = try TagRules.validTag(tag, field: tags.count == 1 ? tagKey : "\(tagKey)[\(offset)]")
            }
        } catch {
            throw reader.invalid(error)
        }
        return tags
    }

    private static func readBox(_ reader: ParamsReader) throws(RPCError) -> BoundingBox? {
        guard let value = reader.value("bbox") else { return nil }
        guard case .object(let object) = value else {
            throw reader.invalid("bbox", "must be an object with south, west, north and east")
        }
        let box = try ParamsReader(object, allowed: BoundingBox.memberNames, fieldPrefix: reader.fieldPrefix + "bbox.")
        var edges: [Double] = []
        for name in BoundingBox.memberNames {
            edges.append(try box.required(name, box.number(name)))
        }
        do throws(ValidationError) {
            return try BoundingBox(
                south: edges[0], west: edges[1], north: edges[2], east: edges[3], field: reader.fieldPrefix + "bbox")
        } catch {
            throw .invalidParams(error)
        }
    }

    /// Writes the members that differ from the defaults (`defaultSort`, ascending, no filter).
    func write(to writer: inout ParamsWriter, defaultSort: PlaceSort) {
        writer.add("sort", string: sort == defaultSort ? nil : sort.text)
        writer.add("order", string: order == .ascending ? nil : order.rawValue)
        writer.add(PlaceField.visited.text, bool: visited)
        writer.add("query", string: query)
        writer.add(Self.tagKey, strings: tags.isEmpty ? nil : tags)
        if let box {
            var edges = ParamsWriter()
            for (name, value) in zip(BoundingBox.memberNames, [box.south, box.west, box.north, box.east]) {
                edges.add(name, number: value)
            }
            writer.add("bbox", .object(edges.object))
        }
    }

    /// Reads a point object (`{"latitude", "longitude"}`) under `key`, if given.
    static func readPoint(_ reader: ParamsReader, _ key: String) throws(RPCError) -> Coordinate? {
        guard let value = reader.value(key) else { return nil }
        guard case .object(let object) = value else {
            throw reader.invalid(key, "must be an object with latitude and longitude")
        }
        let point = try ParamsReader(
            object, allowed: [PlaceField.latitude.text, PlaceField.longitude.text],
            fieldPrefix: reader.fieldPrefix + key + ".")
        return try point.coordinate()
    }
}

extension ParamsReader {
    /// The required `latitude` and `longitude`, validated.
    func coordinate() throws(RPCError) -> Coordinate {
        let latitude = try required(PlaceField.latitude.text, number(PlaceField.latitude.text))
        let longitude = try required(PlaceField.longitude.text, number(PlaceField.longitude.text))
        do throws(ValidationError) {
            return Coordinate(
                latitude: try PlaceRules.validLatitude(latitude), longitude: try PlaceRules.validLongitude(longitude))
        } catch {
            throw invalid(error)
        }
    }
}
