import PlacesModel

/// The params of `places.density`: `bbox` (required), `columns`, `rows` (the grid, `DensityGrid`), `labels?` (the
/// nearest places listed for each cell, default 1), and the filters of `places.list` (`visited?`, `query?`, `tag?`),
/// read by the same reader.
public struct DensityParams: MethodParams {
    /// The keys the params may have.
    static let keys: [String] = PlaceSelection.filterKeys + ["columns", "rows", "labels"]

    /// The nearest places listed for each cell when `labels` is not given.
    public static let defaultLabels = 1
    /// The most places listed for one cell.
    public static let maximumLabels = 10
    /// The most places listed for all the cells together (`labels` × cells), which bounds the reply's size.
    public static let maximumLabelSlots = 200_000

    /// The grid: its box (where places are counted), columns and rows.
    public let grid: DensityGrid
    /// How many places nearest to its centre each cell lists.
    public let labels: Int
    /// Only places with this visited flag, when given.
    public let visited: Bool?
    /// Only places whose name, description or one of whose tags contains this, case and accents ignored, when
    /// given.
    public let query: String?
    /// Only places holding every one of these tags (compared folded), when not empty.
    public let tags: [String]

    /// Creates params; `labels` must be in 0…`maximumLabels`, and `labels` × cells at most `maximumLabelSlots`.
    public init(
        grid: DensityGrid, labels: Int = DensityParams.defaultLabels, visited: Bool? = nil, query: String? = nil,
        tags: [String] = []
    ) throws(ValidationError) {
        guard (0...Self.maximumLabels).contains(labels) else {
            throw ValidationError(field: "labels", reason: "must be between 0 and \(Self.maximumLabels), not \(labels)")
        }
        guard labels * grid.cellCount <= Self.maximumLabelSlots else {
            throw ValidationError(
                field: "labels",
                reason: "× cells must be at most \(Self.maximumLabelSlots), not \(labels) × \(grid.cellCount): at most "
                    + "\(Self.maximumLabelSlots / grid.cellCount) for \(grid.cellCount) cells")
        }
        self.grid = grid
        self.labels = labels
        self.visited = visited
        self.query = query
        self.tags = tags
    }

    /// Decodes and validates the params (nil is the empty object).
    public static func decode(_ params: JSONObject?) throws(RPCError) -> DensityParams {
        let reader = try ParamsReader(params, allowed: keys)
        // Only the filters' keys are allowed, so this reads no order.
        let filters = try PlaceSelection.read(reader, defaultSort: .position)
        let box = try reader.required("bbox", filters.box)
        let columns = try reader.required("columns", reader.nonNegativeInteger("columns"))
        let rows = try reader.required("rows", reader.nonNegativeInteger("rows"))
        let labels = try reader.nonNegativeInteger("labels") ?? defaultLabels
        do throws(ValidationError) {
            let grid = try DensityGrid(box: box, columns: columns, rows: rows)
            return try DensityParams(
                grid: grid, labels: labels, visited: filters.visited, query: filters.query, tags: filters.tags)
        } catch {
            throw reader.invalid(error)
        }
    }
}

extension DensityParams {
    /// `places.density`.
    public static var method: Method { .density }

    /// The params object, without the members that have their default.
    public var encoded: JSONObject {
        var writer = ParamsWriter()
        let filters = PlaceSelection(sort: .position, visited: visited, query: query, tags: tags, box: grid.box)
        filters.write(to: &writer, defaultSort: .position)
        writer.add("columns", integer: grid.columns)
        writer.add("rows", integer: grid.rows)
        writer.add("labels", integer: labels == Self.defaultLabels ? nil : labels)
        return writer.object
    }
}
