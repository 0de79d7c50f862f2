import Foundation
import PlacesMap
import PlacesModel
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The SVG map, rendered by a real renderer (`rsvg-convert`, then `pngtopnm` to read its pixels): the places
/// are where their coordinates are, in their colours, on sea and land where the coastline puts them.
@Suite struct SVGMapTests {
    /// The coastline shipped in `data/`.
    static func shippedCoastline() throws -> Coastline {
        let path = DataFileLocation.sourceDataDirectory + "/" + Coastline.fileName
        return try Coastline.load(from: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// Paris (not visited) and Lisbon (visited) on a map of western Europe, 960 pixels wide.
    @Test func rendersPlacesWhereTheyAre() throws {
        let paris = MapLabel(
            name: "Paris", coordinate: Coordinate(latitude: 48.8566, longitude: 2.3522), isVisited: false)
        let lisbon = MapLabel(
            name: "Lisbon", coordinate: Coordinate(latitude: 38.7223, longitude: -9.1393), isVisited: true)
        let view = MapView(west: -20, longitudeSpan: 40, south: 30, north: 60, columns: 80, rows: 30)
        let svg = SVGMap.render(
            view: view, coastline: try Self.shippedCoastline(), cells: view.cells(of: [paris, lisbon]),
            widthPixels: 960)
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("viewBox=\"0 0 960 "))
        let image = try RenderedImage(svg: svg)
        // 960 px for 40° of longitude is 24 px a degree; 30 rows of 24 px for 30° of latitude also 24 px.
        #expect(image.width == 960)
        #expect(image.height >= 720)
        func pixel(_ coordinate: Coordinate) -> RenderedImage.Colour {
            image[Int((coordinate.longitude + 20) * 24), Int((60 - coordinate.latitude) * 24)]
        }
        // A red disc on Paris, a green ring round Lisbon (its edge, 0.6 cells = 7.2 px out, is green).
        #expect(pixel(paris.coordinate).isClose(to: (0xd6, 0x27, 0x28)))
        let lisbonPoint = (x: Int((lisbon.coordinate.longitude + 20) * 24), y: Int((60 - 38.7223) * 24))
        #expect(image[lisbonPoint.x + 7, lisbonPoint.y].isClose(to: (0x2c, 0xa0, 0x2c)))
        #expect(image[lisbonPoint.x, lisbonPoint.y].isClose(to: (0xff, 0xff, 0xff)))
        // The Bay of Biscay is sea; the middle of Spain land.
        #expect(pixel(Coordinate(latitude: 45.5, longitude: -4.5)).isClose(to: (0xdc, 0xeb, 0xf7)))
        #expect(pixel(Coordinate(latitude: 40.0, longitude: -3.5)).isClose(to: (0xf4, 0xf1, 0xe8)))
    }

    /// A view across the antimeridian fills the land on both sides of it: Chukotka west of 180° (67° N, 175° E)
    /// and east of it (66° N, 174° W); the Bering Sea at 62° N, 178° W is sea.
    @Test func rendersAcrossTheAntimeridian() throws {
        let view = MapView(west: 170, longitudeSpan: 20, south: 60, north: 70, columns: 40, rows: 10)
        let svg = SVGMap.render(view: view, coastline: try Self.shippedCoastline(), cells: [], widthPixels: 400)
        let image = try RenderedImage(svg: svg)
        // 20 px a degree, longitudes counted from 170° E.
        #expect(image[(175 - 170) * 20, (70 - 67) * 20].isClose(to: (0xf4, 0xf1, 0xe8)))
        #expect(image[(186 - 170) * 20, (70 - 66) * 20].isClose(to: (0xf4, 0xf1, 0xe8)))
        #expect(image[(182 - 170) * 20, (70 - 62) * 20].isClose(to: (0xdc, 0xeb, 0xf7)))
    }

    /// The document is well-formed XML whose root is an SVG 1.1 `svg` element with a `viewBox`.
    @Test func wellFormedSVG() throws {
        let view = MapView.world(columns: 60, rows: 20)
        let label = MapLabel(name: "Oslo", coordinate: Coordinate(latitude: 59.91, longitude: 10.75), isVisited: true)
        let svg = SVGMap.render(
            view: view, coastline: try Self.shippedCoastline(), cells: view.cells(of: [label]), widthPixels: 600)
        let parser = XMLParser(data: Data(svg.utf8))
        let root = RootElement()
        parser.delegate = root
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(root.name == "svg")
        #expect(root.attributes["version"] == "1.1")
        #expect(root.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(root.attributes["viewBox"] == "0 0 600 \(root.attributes["height"] ?? "")")
    }

    /// Text in labels is escaped; the document stays well formed for the renderer.
    @Test func escapesLabels() throws {
        let view = MapView(west: 0, longitudeSpan: 40, south: 0, north: 20, columns: 80, rows: 20)
        let odd = MapLabel(
            name: "Fish & <Chips> \"Bar\"", coordinate: Coordinate(latitude: 10, longitude: 5), isVisited: false)
        let svg = SVGMap.render(view: view, coastline: .empty, cells: view.cells(of: [odd]), widthPixels: 400)
        #expect(svg.contains(">Fish &amp; &lt;Chips&gt; &quot;Bar&quot;</text>"))
        _ = try RenderedImage(svg: svg)
    }

    /// A cell of several places shows their count on a larger disc: red with white digits when any is not
    /// visited, `+` beyond nine.
    @Test func countsOnDiscs() throws {
        let view = MapView(west: 0, longitudeSpan: 40, south: 0, north: 20, columns: 40, rows: 10)
        let cells = [
            MapCell(column: 5, row: 5, visited: 1, unvisited: 2),
            MapCell(column: 20, row: 2, visited: 12, unvisited: 0),
        ]
        let svg = SVGMap.render(view: view, coastline: .empty, cells: cells, widthPixels: 400)
        #expect(svg.contains(">3</text>") && svg.contains(">+</text>"))
        let image = try RenderedImage(svg: svg)
        // Cells are 10 × 20 px: the first disc's centre is at (55, 110), radius 9.6; its green ring at 9.6 px out.
        #expect(image[55 - 5, 110].isClose(to: (0xd6, 0x27, 0x28)))
        #expect(image[55 + 10, 110].isClose(to: (0x2c, 0xa0, 0x2c)))
    }
}

/// Keeps the name and attributes of a document's first element.
final class RootElement: NSObject, XMLParserDelegate {
    /// The first element's name.
    var name: String?
    /// Its attributes.
    var attributes: [String: String] = [:]

    /// Keeps the first element only.
    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        guard name == nil else { return }
        name = elementName
        attributes = attributeDict
    }
}
