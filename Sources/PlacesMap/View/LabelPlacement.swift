/// Where the names of places go on a map's grid: beside their markers, never over another marker or label, and
/// with a free cell between a label and whatever is beside it on its row.
///
/// Largest cluster first: cells holding more places are labelled first, so that where labels compete the
/// busiest places keep theirs; ties go to the top left. A cell is named after its first label (the place
/// nearest its centre). Each label tries, in turn: right of its marker, left of it, the row above and the row
/// below (starting at the marker's column); a label that fits nowhere is left out.
public enum LabelPlacement {
    /// The most cells a label takes; longer names are cut with `…`.
    public static let maximumWidth = 24

    /// The labels for `cells` on `view`'s grid. Cells outside the grid or without places are ignored.
    public static func place(cells: [MapCell], view: MapView) -> [PlacedLabel] {
        var grid = OccupancyGrid(columns: view.columns, rows: view.rows)
        let inside = cells.filter {
            $0.count > 0 && (0..<view.columns).contains($0.position.column)
                && (0..<view.rows).contains($0.position.row)
        }
        for cell in inside {
            grid.occupy(row: cell.position.row, columns: cell.position.column..<(cell.position.column + 1))
        }
        let ordered = inside.filter { !$0.labels.isEmpty }.sorted {
            ($0.count, $1.position) > ($1.count, $0.position)
        }
        let limit = min(maximumWidth, max(1, view.columns / 3))
        var placed: [PlacedLabel] = []
        for cell in ordered {
            let text = TerminalText.truncated(cell.labels[0].name, toWidth: limit)
            let width = TerminalText.width(of: text)
            guard width > 0 else { continue }
            let column = cell.position.column
            let row = cell.position.row
            let candidates = [
                (row, column + 2), (row, column - 1 - width), (row - 1, column), (row + 1, column),
            ]
            for (candidateRow, start) in candidates
            where grid.isFree(row: candidateRow, columns: start..<(start + width)) {
                grid.occupy(row: candidateRow, columns: start..<(start + width))
                placed.append(
                    PlacedLabel(text: text, row: candidateRow, column: start, width: width, marker: cell.position))
                break
            }
        }
        return placed
    }
}
