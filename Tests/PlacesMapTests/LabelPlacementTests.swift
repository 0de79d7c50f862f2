import PlacesMap
import PlacesModel
import Testing

/// Labels: beside their markers, largest cluster first, never over a marker or another label.
@Suite struct LabelPlacementTests {
    /// A cell with a named place.
    func cell(_ column: Int, _ row: Int, _ name: String, count: Int = 1) -> MapCell {
        MapCell(
            column: column, row: row, visited: 0, unvisited: count,
            labels: [MapLabel(name: name, coordinate: Coordinate(latitude: 0, longitude: 0), isVisited: false)])
    }

    /// Right of the marker first, then left, above, below; the larger cluster wins a contested place.
    @Test func orderOfPlaces() {
        let view = MapView(west: 0, longitudeSpan: 30, south: 0, north: 10, columns: 30, rows: 5)
        let labels = LabelPlacement.place(
            cells: [cell(5, 2, "Lyon"), cell(9, 2, "Paris", count: 5), cell(27, 4, "Nice")], view: view)
        let byName = Dictionary(uniqueKeysWithValues: labels.map { ($0.text, $0) })
        // Paris (5 places) goes first, right of its marker; Lyon's right is Paris's marker: it goes left.
        #expect(byName["Paris"]?.row == 2 && byName["Paris"]?.column == 11)
        #expect(byName["Lyon"]?.row == 2 && byName["Lyon"]?.column == 0)
        // Nice is near the right edge: its label goes left.
        #expect(byName["Nice"]?.row == 4 && byName["Nice"]?.column == 22)
        #expect(labels.first?.text == "Paris")
    }

    /// A long name is cut with an ellipsis to a third of the width.
    @Test func longNamesAreCut() {
        let view = MapView(west: 0, longitudeSpan: 30, south: 0, north: 10, columns: 30, rows: 5)
        let labels = LabelPlacement.place(cells: [cell(0, 0, "Llanfairpwllgwyngyll")], view: view)
        #expect(labels.map(\.text) == ["Llanfairp…"])
        #expect(labels.map(\.width) == [10])
    }

    /// Control characters (an escape sequence) and format characters (a right-to-left override) are dropped
    /// from names.
    @Test func namesCannotControlTheTerminal() {
        let view = MapView(west: 0, longitudeSpan: 30, south: 0, north: 10, columns: 30, rows: 5)
        let labels = LabelPlacement.place(cells: [cell(0, 0, "\u{1B}[2JOs\u{202E}lo\n")], view: view)
        #expect(labels.map(\.text) == ["[2JOslo"])
    }

    /// Wide characters take two cells each.
    @Test func wideCharactersTakeTwoCells() {
        let view = MapView(west: 0, longitudeSpan: 30, south: 0, north: 10, columns: 30, rows: 5)
        let labels = LabelPlacement.place(cells: [cell(0, 0, "京都")], view: view)
        #expect(labels.map(\.width) == [4])
        let lines = TerminalMap.render(
            view: view, coastline: .empty, cells: [cell(0, 0, "京都")], style: MapStyle())
        #expect(lines[0] == "●" + " " + "京都" + String(repeating: " ", count: 24))
    }

    /// On random cells and names, no label covers a marker or touches another label, and each is inside the
    /// grid on its marker's row or the row next to it.
    @Test(arguments: 0..<40)
    func labelsNeverOverlap(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let columns = Int.random(in: 20...120, using: &random)
        let rows = Int.random(in: 5...40, using: &random)
        let view = MapView(west: -10, longitudeSpan: 20, south: 40, north: 50, columns: columns, rows: rows)
        var cells: [MapCell] = []
        var taken: Set<MapCellPosition> = []
        for _ in 0..<Int.random(in: 1...(columns * rows / 8), using: &random) {
            let position = MapCellPosition(
                column: Int.random(in: 0..<columns, using: &random), row: Int.random(in: 0..<rows, using: &random))
            guard taken.insert(position).inserted else { continue }
            let name = String(
                (0..<Int.random(in: 1...30, using: &random)).map { _ in "abcdé京 ".randomElement(using: &random)! })
            cells.append(cell(position.column, position.row, name, count: Int.random(in: 1...20, using: &random)))
        }
        let labels = LabelPlacement.place(cells: cells, view: view)
        var covered: [MapCellPosition: String] = [:]
        for label in labels {
            #expect(label.row >= 0 && label.row < rows && label.column >= 0 && label.column + label.width <= columns)
            #expect(abs(label.row - label.marker.row) <= 1)
            for column in label.columns {
                let position = MapCellPosition(column: column, row: label.row)
                #expect(!taken.contains(position), "label \(label.text) covers a marker at \(position)")
                #expect(covered[position] == nil, "labels \(label.text) and \(covered[position] ?? "") overlap")
                covered[position] = label.text
            }
        }
        // Labels on one row have a free cell between them.
        for label in labels {
            for neighbour in [label.column - 1, label.column + label.width] {
                #expect(covered[MapCellPosition(column: neighbour, row: label.row)] == nil)
            }
        }
        // The rendered lines are as wide as the grid whatever the labels.
        let lines = TerminalMap.render(view: view, coastline: .empty, cells: cells, style: MapStyle())
        #expect(
            lines.prefix(rows).allSatisfy { line in
                line.unicodeScalars.reduce(0) { $0 + (("\u{4E00}"..."\u{9FFF}").contains($1) ? 2 : 1) } == columns
            })
    }
}
