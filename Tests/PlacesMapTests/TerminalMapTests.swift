import PlacesMap
import PlacesModel
import Testing

/// The terminal map on fixed inputs: the dots of a coastline, the markers, counts and colours, the footer.
@Suite struct TerminalMapTests {
    /// A view of 8° × 8° on 4 × 2 cells: one braille dot a degree, one half block two degrees.
    let squareView = MapView(west: 0, longitudeSpan: 8, south: 0, north: 8, columns: 4, rows: 2)
    /// A coast from the top left dot to the bottom right one (a ring of two points: there and back).
    let diagonal = Coastline(rings: [
        [Coordinate(latitude: 7.5, longitude: 0.5), Coordinate(latitude: 0.5, longitude: 7.5)]
    ])

    /// The map lines only, without the footer.
    func mapLines(_ view: MapView, _ coastline: Coastline, _ cells: [MapCell] = [], _ style: MapStyle) -> [String] {
        Array(TerminalMap.render(view: view, coastline: coastline, cells: cells, style: style).prefix(view.rows))
    }

    /// The diagonal sets dots (0,0) … (7,7): in braille, dots 1 and 5 then 3 and 8 of each cell it crosses.
    @Test func brailleOfACoastSegment() {
        #expect(mapLines(squareView, diagonal, [], MapStyle(glyphs: .braille)) == ["⠑⢄  ", "  ⠑⢄"])
    }

    /// The same diagonal in half blocks and in ASCII.
    @Test func blocksAndASCIIOfACoastSegment() {
        #expect(mapLines(squareView, diagonal, [], MapStyle(glyphs: .blocks)) == ["▀▄  ", "  ▀▄"])
        #expect(mapLines(squareView, diagonal, [], MapStyle(glyphs: .ascii)) == ["..  ", "  .."])
    }

    /// A segment that leaves the view is cut at its edge; a ring outside the view draws nothing.
    @Test func clipsToTheView() {
        let crossing = Coastline(rings: [
            [Coordinate(latitude: 4.5, longitude: -20), Coordinate(latitude: 4.5, longitude: 20)],
            [Coordinate(latitude: 50, longitude: 50), Coordinate(latitude: 51, longitude: 51)],
        ])
        #expect(mapLines(squareView, crossing, [], MapStyle(glyphs: .braille)) == ["⣀⣀⣀⣀", "    "])
    }

    /// The data's cut edges (along 180°, down a meridian to the South Pole, along the pole's edge) are not drawn; a view across the
    /// antimeridian draws a coast on both sides of it.
    @Test func cutEdgesAndTheAntimeridian() {
        let view = MapView(west: 176, longitudeSpan: 8, south: 0, north: 8, columns: 4, rows: 2)
        let coast = Coastline(rings: [
            [Coordinate(latitude: 4.5, longitude: 178.5), Coordinate(latitude: 4.5, longitude: 180)],
            [Coordinate(latitude: 4.5, longitude: -180), Coordinate(latitude: 4.5, longitude: -178.5)],
            [Coordinate(latitude: 1, longitude: 180), Coordinate(latitude: 7, longitude: 180)],
        ])
        #expect(mapLines(view, coast, [], MapStyle(glyphs: .braille)) == [" ⣀⣀ ", "    "])
        let pole = MapView(west: -4, longitudeSpan: 8, south: -90, north: -82, columns: 4, rows: 2)
        let antarctica = Coastline(rings: [
            [Coordinate(latitude: -90, longitude: -3.5), Coordinate(latitude: -90, longitude: 3.5)],
            [Coordinate(latitude: -85.5, longitude: -3.5), Coordinate(latitude: -85.5, longitude: 3.5)],
            [Coordinate(latitude: -90, longitude: 0), Coordinate(latitude: -83, longitude: 0)],
        ])
        #expect(mapLines(pole, antarctica, [], MapStyle(glyphs: .braille)) == ["⣀⣀⣀⣀", "    "])
    }

    /// Paris's marker is in the cell its coordinates map to on a world map of 120 columns (3° each: column 60
    /// is 0…3° E) and 30 rows (6° each: row 6 is 48…54° N), and its label two cells to the right.
    @Test func parisMarkerOnTheWorld() {
        let view = MapView.world(columns: 120, rows: 40)
        let paris = MapLabel(
            name: "Paris", coordinate: Coordinate(latitude: 48.8566, longitude: 2.3522), isVisited: false)
        let cells = view.cells(of: [paris])
        #expect(cells.map(\.position) == [MapCellPosition(column: 60, row: 6)])
        let lines = mapLines(view, .empty, cells, MapStyle())
        let row = Array(lines[6])
        #expect(row[60] == "●")
        #expect(String(row[62..<67]) == "Paris")
        #expect(lines.enumerated().allSatisfy { $0.offset == 6 || $0.element.allSatisfy { $0 == " " } })
    }

    /// One place a shape by whether it is visited; several their count, `+` beyond nine; colours by kind.
    @Test(arguments: [
        (0, 1, false, "●", "\u{1B}[1;31m●\u{1B}[0m"), (1, 0, false, "✓", "\u{1B}[1;32m✓\u{1B}[0m"),
        (0, 1, true, "o", "\u{1B}[1;31mo\u{1B}[0m"), (1, 0, true, "x", "\u{1B}[1;32mx\u{1B}[0m"),
        (2, 1, false, "3", "\u{1B}[1;33m3\u{1B}[0m"), (0, 9, false, "9", "\u{1B}[1;31m9\u{1B}[0m"),
        (10, 0, false, "+", "\u{1B}[1;32m+\u{1B}[0m"), (4, 8, true, "+", "\u{1B}[1;33m+\u{1B}[0m"),
    ])
    func markersAndCounts(visited: Int, unvisited: Int, ascii: Bool, plain: String, coloured: String) {
        let view = MapView(west: 0, longitudeSpan: 20, south: 0, north: 10, columns: 20, rows: 5)
        let cells = [MapCell(column: 3, row: 2, visited: visited, unvisited: unvisited)]
        let glyphs: MapStyle.Glyphs = ascii ? .ascii : .braille
        let lines = mapLines(view, .empty, cells, MapStyle(glyphs: glyphs))
        #expect(lines[2] == "   " + plain + String(repeating: " ", count: 16))
        let colouredLines = mapLines(view, .empty, cells, MapStyle(glyphs: glyphs, isColoured: true))
        #expect(colouredLines[2] == "   " + coloured + String(repeating: " ", count: 16))
    }

    /// The footer: a scale bar of a round distance, then the legend, cut to the width.
    @Test func footer() {
        let world = TerminalMap.render(
            view: MapView.world(columns: 120, rows: 40), coastline: .empty, cells: [], style: MapStyle())
        #expect(world.count == 30 + TerminalMap.footerHeight)
        // 3° a column at the equator is 333.6 km: 10,000 km takes 30 columns, a quarter of the width.
        #expect(
            world.last
                == "├" + String(repeating: "─", count: 28) + "┤ 10000 km  ● not visited  ✓ visited"
                + "  2-9 places in a cell, + ten or more")
        let narrow = TerminalMap.render(
            view: MapView.world(columns: 40, rows: 20), coastline: .empty, cells: [],
            style: MapStyle(glyphs: .ascii))
        #expect(narrow.last == "|--------| 10000 km  o not visited")
    }

    /// Western Europe on the shipped coastline, 48 × 14 cells fitted to Paris, Lisbon, Athens and Piraeus: the
    /// coasts of Brittany, Iberia, Italy and Greece, Paris's marker in the cell its coordinates map to, Athens and
    /// Piraeus counted in one cell and named after the one nearer its centre.
    @Test func westernEuropeGolden() throws {
        let places = [
            MapLabel(name: "Paris", coordinate: Coordinate(latitude: 48.8566, longitude: 2.3522), isVisited: false),
            MapLabel(name: "Lisbon", coordinate: Coordinate(latitude: 38.7223, longitude: -9.1393), isVisited: true),
            MapLabel(name: "Athens", coordinate: Coordinate(latitude: 37.9838, longitude: 23.7275), isVisited: true),
            MapLabel(
                name: "Piraeus", coordinate: Coordinate(latitude: 37.9420, longitude: 23.6465), isVisited: false),
        ]
        let view = MapView.fitting(places.map(\.coordinate), columns: 48, rows: 14)
        let cells = view.cells(of: places)
        let paris = try #require(view.cell(of: places[0].coordinate))
        // Paris is 14.78° east of the western edge of a 39.44° view: column 17 of 48; 2.90° under its northern
        // edge of a 16.72° view: row 2 of 14.
        #expect(paris == MapCellPosition(column: 17, row: 2))
        let lines = TerminalMap.render(
            view: view, coastline: try SVGMapTests.shippedCoastline(), cells: cells, style: MapStyle())
        #expect(Array(lines[paris.row])[paris.column] == "●")
        #expect(
            lines == [
                "  ⠈⠛⠉    ⡝⢒⣊⣁⣀⣀⣉⠷⡤⠔⠛⠋                           ",
                "        ⠚⠒⠚ ⢠⢄⡀⢀⠤⠃                              ",
                "         ⣤⡒⠢⠬⠆⠈⠁ ● Paris                        ",
                "         ⠑⠒⠤⡄                                   ",
                "            ⠘⢢                 ⢀                ",
                "             ⢸               ⠰⡊⠙⣔⡄              ",
                "    ⢀⡠⣀⣀⣀⣀⣀⣀⣀⡇      ⣀  ⢀⡠⠊⠑⢢  ⠣⢄⠈⠉⢆⣀            ",
                "   ⠐⢅             ⠰⡉ ⠉⠒⠁ ⢀⢴⠔⢣   ⢣  ⠐⠳⢄          ",
                "    ⡸           ⣀⠤⠔⠃     ⢈⡎  ⠉⠢⣀ ⠉⠹⣀  ⢱         ",
                "    ⡇          ⡜  ⢀⡀     ⡇⢈⠆    ⠑⠤⡀⡰⢳⡢⠘⡄  ⠰⡢⡽⠉⢉⠶",
                "   ✓ Lisbon   ⠸⡄ ⠈⠑⠁     ⠧⠚       ⢣⣑⠄⠁ ⠘⡤ ⢀⠷⣀ ⠘⣾",
                "   ⠈⡏        ⣀⡜⠁              ⢤⠤⠒⢒ Piraeus 2⡾ ⠘⢟",
                "    ⠓⠊⠉⢆⢀⡠⠤⠤⠴⠁  ⣀⠤⠤⠒⠢⠤⠒⠒⠒⠊⠉⠢⡖  ⠉⠒⠎       ⠣⡮⡆    ",
                "       ⡰⠣⣀⠤⢄⣀⠔⠒⠊           ⠈⣆              ⢠⣤⣀⣀⡀",
                "├──────┤ 500 km  ● not visited  ✓ visited",
            ])
    }

    /// The scale bar takes the longest round distance that fits in a quarter of the width: metres when the view
    /// is small, measured across its centre latitude.
    @Test func scaleBars() throws {
        let city = MapView.around(Coordinate(latitude: 0, longitude: 0), radius: 2_000, columns: 80, rows: 24)
        let bar = try #require(ScaleBar(view: city, maximumCells: 20))
        // 4 km of latitude in 48 half-rows make 83.4 m a column: 1 km takes 12, 2 km would take 24.
        #expect(bar.metres == 1000 && bar.cells == 12 && bar.distanceText == "1 km")
        let street = MapView.around(Coordinate(latitude: 0, longitude: 0), radius: 200, columns: 80, rows: 24)
        #expect(try #require(ScaleBar(view: street, maximumCells: 20)).distanceText == "100 m")
        // 10° of longitude in 10 columns at 60° N: 55.6 km a column, so 500 km takes 9 columns.
        let north = MapView(west: 0, longitudeSpan: 10, south: 55, north: 65, columns: 10, rows: 5)
        let northBar = try #require(ScaleBar(view: north, maximumCells: 10))
        #expect(northBar.metres == 500_000 && northBar.cells == 9)
        #expect(northBar.text(ascii: false) == "├───────┤ 500 km")
        #expect(northBar.text(ascii: true) == "|-------| 500 km")
    }

    /// A cell without places draws nothing, not even its label; cells outside the grid are ignored.
    @Test func emptyAndOutsideCellsAreIgnored() {
        let view = MapView(west: 0, longitudeSpan: 20, south: 0, north: 10, columns: 20, rows: 5)
        let label = MapLabel(name: "Nowhere", coordinate: Coordinate(latitude: 5, longitude: 5), isVisited: false)
        let cells = [
            MapCell(column: 3, row: 2, visited: 0, unvisited: 0, labels: [label]),
            MapCell(column: 25, row: 2, visited: 1, unvisited: 0),
            MapCell(column: 2, row: -1, visited: 1, unvisited: 0),
        ]
        let lines = mapLines(view, .empty, cells, MapStyle())
        #expect(lines.allSatisfy { $0 == String(repeating: " ", count: 20) })
    }
}
