import Glibc
import PlacesClient
import PlacesProtocol
import Testing

@testable import PlacesCLI

@Suite struct ExportCommandTests {
    /// A GPX document with two waypoints.
    static let gpx = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="placesd"><wpt lat="1" lon="2"><name>A</name></wpt><wpt lat="3" lon="4"/></gpx>

        """

    /// A daemon exporting Eiffel and Louvre in each format.
    static func daemon() -> CLIHarness {
        var harness = CLIHarness()
        harness.respond = { _, params in
            let format = params?["format"]?.stringValue ?? "?"
            let document: JSONValue =
                switch format {
                case "gpx": .string(gpx)
                case "geojson": ["type": "FeatureCollection", "features": [["type": "Feature"]]]
                default: [Fixtures.eiffel, Fixtures.louvre]
                }
            return .success(["format": .string(format), "document": document])
        }
        return harness
    }

    @Test func writesCompactJSONByDefault() {
        let outcome = Self.daemon().run("export")
        #expect(outcome.calls == [.init(method: "places.export", params: ["format": "json"])])
        #expect(outcome.standardOutput == JSONValue.array([Fixtures.eiffel, Fixtures.louvre]).jsonText + "\n")
    }

    @Test func writesGPXAsIs() {
        let outcome = Self.daemon().run("export", "--format", "gpx")
        #expect(outcome.standardOutput == Self.gpx)
    }

    @Test func jsonWritesTheResultObject() {
        let outcome = Self.daemon().run("export", "--format", "gpx", "--json")
        let result: JSONValue = ["format": "gpx", "document": .string(Self.gpx)]
        #expect(outcome.standardOutput == result.jsonText + "\n")
    }

    @Test(arguments: [("json", 2), ("geojson", 1), ("gpx", 2)])
    func writesFilesAndConfirms(format: String, count: Int) {
        let outcome = Self.daemon().run("export", "--format", format, "-o", "out.\(format)")
        #expect(outcome.exitCode == .success)
        #expect(outcome.writtenFiles.keys.sorted() == ["out.\(format)"])
        #expect(outcome.writtenFiles["out.\(format)"]?.hasSuffix("\n") == true)
        let noun = count == 1 ? "place" : "places"
        #expect(outcome.standardOutput == "Exported \(count) \(noun) to 'out.\(format)'.\n")
    }

    @Test func dashMeansStandardOutput() {
        let outcome = Self.daemon().run("export", "--output", "-", "--format", "geojson")
        #expect(outcome.writtenFiles.isEmpty)
        #expect(outcome.standardOutput.hasPrefix("{\"type\":\"FeatureCollection\""))
    }

    @Test func unwritableFilesExitWith74() {
        var harness = Self.daemon()
        harness.fileFailure = OutputError(reason: "Permission denied")
        let outcome = harness.run("export", "-o", "/x/out.json")
        #expect(outcome.exitCode == .ioError)
        #expect(outcome.standardError == "placesctl: cannot write '/x/out.json': Permission denied.\n")
    }

    @Test func unknownFormatsAreUsageErrors() {
        let outcome = Self.daemon().run("export", "--format", "shp")
        #expect(outcome.exitCode == .usage)
        #expect(outcome.connectedPaths.isEmpty)
        #expect(
            outcome.standardError.hasPrefix(
                "placesctl: --format must be json, geojson, gpx, kml, kmz, csv or svg, got 'shp'.\n"))
        let grouped = Self.daemon().run("export", "--format", "gpx", "--group-by-tag")
        #expect(grouped.exitCode == .usage && grouped.connectedPaths.isEmpty)
    }

    @Test func strangeDocumentsStillEndInANewline() {
        #expect(ExportCommand.documentText("<gpx/>") == "<gpx/>\n")
        #expect(ExportCommand.placeCount(.null) == nil)
        #expect(ExportCommand.placeCount("<gpx><wpt lat='1' lon='2'/><wpt>x</wpt><wptx/><trk/></gpx><wpt") == 2)
        #expect(ExportCommand.placeCount("<kml><Placemark><name/></Placemark><Placemark id='a'/><Placemarks/>") == 2)
        #expect(ExportCommand.confirmation(count: nil, path: "a") == "Exported your places to 'a'.\n")
    }

    @Test func writesFilesAtomically() throws {
        let path = "/tmp/placesctl-export-\(UInt64.random(in: 0...UInt64.max)).json"
        defer { unlink(path) }
        try AtomicFile.write(path, Array("old\n".utf8))
        try AtomicFile.write(path, Array("new\n".utf8))
        #expect(try InputFile.read(path) { _, _ in } == Array("new\n".utf8))
        #expect(access(path + AtomicFile.temporarySuffix, F_OK) != 0, "the temporary file is renamed away")
        #expect(throws: OutputError.self) { try AtomicFile.write("/nonexistent-dir/x.json", [1]) }
    }
}

@Suite struct ImportCommandTests {
    /// The places a fake daemon's staged import holds.
    final class Staged {
        var count = 0
    }

    /// A daemon that stages everything, imports it and says how many; its line limit is `maxLineBytes`.
    static func daemon(files: [String: String], maxLineBytes: Int = 1 << 20) -> CLIHarness {
        var harness = CLIHarness()
        harness.inputFiles = files.mapValues { Array($0.utf8) }
        let staged = Staged()
        harness.respond = { method, params in
            let count = params?["places"]?.arrayValue?.count ?? params?["geojson"]?["features"]?.arrayValue?.count ?? 0
            switch method {
            case "places.import.begin":
                return .success(["token": "t", "maxLineBytes": .number(JSONNumber(maxLineBytes)), "maxPlaces": 100_000])
            case "places.import.add":
                staged.count += count
                return .success(["staged": .number(JSONNumber(staged.count))])
            default:
                return .success(
                    [
                        "added": .number(JSONNumber(staged.count)), "replaced": 0,
                        "skipped": ["idInUse": 0, "duplicate": 0], "dryRun": false, "revision": 12,
                    ])
            }
        }
        return harness
    }

    /// The calls of a staged import of `params` in one part, committed with `options`.
    static func stagedCalls(_ params: JSONValue, options: [(key: String, value: JSONValue)] = [])
        -> [FakeTransport.Call]
    {
        var part: [(key: String, value: JSONValue)] = [("token", "t")]
        part += params.objectValue?.members ?? []
        return [
            .init(method: "places.import.begin", params: nil),
            .init(method: "places.import.add", params: .object(JSONObject(part))),
            .init(method: "places.import.commit", params: .object(JSONObject([("token", "t")] + options))),
        ]
    }

    /// A GeoJSON FeatureCollection with one point.
    static let geojson = """
        {"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "Point",
         "coordinates": [2.29, 48.85]}, "properties": {"name": "E"}}]}
        """

    /// Inputs and the params they become.
    static let recognised: [(String, String)] = [
        ("[{\"latitude\": 1, \"longitude\": 2}]", "{\"places\":[{\"latitude\":1,\"longitude\":2}]}"),
        ("\u{FEFF}[]", "{\"places\":[]}"),
        (
            "{\"places\": [{\"latitude\": 1, \"longitude\": 2}], \"total\": 1}",
            "{\"places\":[{\"latitude\":1,\"longitude\":2}]}"
        ),
        ("{\"format\": \"json\", \"document\": [{\"name\": \"A\"}]}", "{\"places\":[{\"name\":\"A\"}]}"),
        (
            "{\"format\": \"geojson\", \"document\": {\"type\": \"FeatureCollection\", \"features\": []}}",
            "{\"geojson\":{\"type\":\"FeatureCollection\",\"features\":[]}}"
        ),
        (geojson, "{\"geojson\":" + (try! JSONParser.parse(geojson)).jsonText + "}"),
        ("<?xml version=\"1.0\"?><gpx/>", #"{"gpx":"<?xml version=\"1.0\"?><gpx/>"}"#),
        ("\u{FEFF}\n  <gpx>é</gpx>", #"{"gpx":"\n  <gpx>é</gpx>"}"#),
        ("{\"format\": \"gpx\", \"document\": \"<gpx/>\"}", #"{"gpx":"<gpx/>"}"#),
    ]

    @Test(arguments: recognised)
    func recognisesTheFormat(input: String, params: String) throws {
        #expect(
            try JSONValue.object(ImportDocument.params(from: Array(input.utf8), name: "'f'").encoded).jsonText == params
        )
    }

    /// Inputs that are not importable, and the message.
    static let refused: [(String, String)] = [
        ("[1,", "'f' is not valid JSON: "),
        ("", "'f' is none of the formats placesd reads: "),
        ("42", "'f' holds a single JSON number; \(ImportDocument.expected)"),
        ("\"x\"", "'f' holds a single JSON string; \(ImportDocument.expected)"),
        ("{\"type\": \"Feature\"}", "'f' is a GeoJSON Feature, not a FeatureCollection"),
        ("{\"places\": {}}", "\"places\" in 'f' is not an array"),
        (
            "{\"name\": \"x\"}",
            "'f' is a JSON object without a \"places\" array or a \"type\"; \(ImportDocument.expected)"
        ),
    ]

    @Test(arguments: refused)
    func refusesWhatItCannotImport(input: String, message: String) {
        do {
            _ = try ImportDocument.params(from: Array(input.utf8), name: "'f'")
            Issue.record("expected a data error")
        } catch {
            guard case .data(let text) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(text.hasPrefix(message), "\(text)")
            #expect(error.exitCode == .dataError)
        }
    }

    @Test func importsAndConfirms() {
        let outcome = Self.daemon(files: ["p.json": "[{\"latitude\": 1, \"longitude\": 2}]"]).run("import", "p.json")
        #expect(outcome.exitCode == .success)
        #expect(outcome.calls == Self.stagedCalls(["places": [["latitude": 1, "longitude": 2]]]))
        #expect(outcome.standardOutput == "Imported 1 place.\n")
        #expect(outcome.standardError.isEmpty)
    }

    @Test func readsStandardInputAndPrintsJSON() {
        let outcome = Self.daemon(files: ["-": Self.geojson]).run("import", "-", "--json")
        #expect(outcome.calls.dropFirst().first?.params?["geojson"]?["type"] == "FeatureCollection")
        #expect(
            outcome.standardOutput
                == "{\"added\":1,\"replaced\":0,\"skipped\":{\"idInUse\":0,\"duplicate\":0},\"dryRun\":false,\"revision\":12}\n"
        )
    }

    /// GPX is sent as it is for the daemon to read; ISO 8859-1, when its declaration says so, as its characters.
    @Test func sendsGPXAsText() throws {
        let outcome = Self.daemon(files: ["p.gpx": ExportCommandTests.gpx]).run("import", "p.gpx")
        #expect(outcome.exitCode == .success)
        #expect(outcome.calls == Self.stagedCalls(["gpx": .string(ExportCommandTests.gpx)]))
        let latin1 =
            Array(#"<?xml version="1.0" encoding="ISO-8859-1"?><gpx><wpt><name>Caf"#.utf8) + [0xE9]
            + Array("</name></wpt></gpx>".utf8)
        #expect(
            try ImportDocument.params(from: latin1, name: "'f'")
                == .gpx(#"<?xml version="1.0" encoding="ISO-8859-1"?><gpx><wpt><name>Café</name></wpt></gpx>"#))
    }

    @Test func badFilesExitWith65BeforeConnecting() {
        var harness = CLIHarness()
        harness.inputFiles = ["p.gpx": Array(#"<?xml version="1.0" encoding="Shift_JIS"?><gpx>"#.utf8) + [0x82, 0xA0]]
        let outcome = harness.run("import", "p.gpx")
        #expect(outcome.exitCode == .dataError)
        #expect(outcome.connectedPaths.isEmpty)
        #expect(
            outcome.standardError
                == "placesctl: 'p.gpx' is neither UTF-8 nor ISO 8859-1 (its XML declaration says Shift_JIS); convert "
                + "it first, e.g. with iconv -t UTF-8.\n")
        let stdin = Self.daemon(files: ["-": "{}"]).run("import", "-")
        #expect(stdin.standardError.hasPrefix("placesctl: standard input is a JSON object without"))
    }

    @Test func unreadableFilesExitWith74() {
        let outcome = Self.daemon(files: [:]).run("import", "missing.json")
        #expect(outcome.exitCode == .ioError)
        #expect(outcome.standardError == "placesctl: cannot read 'missing.json': No such file or directory.\n")
    }

    @Test func fieldErrorsNameTheElement() {
        var harness = Self.daemon(files: ["p.json": "[{}, {}, {}, {\"latitude\": 91}]"])
        harness.respond = { _, _ in
            .failure(
                .rpc(
                    RPCError(
                        code: -32602, message: "Invalid params: places[3].latitude must be between -90 and 90.",
                        data: ["field": "places[3].latitude", "reason": "must be between -90 and 90"])))
        }
        let outcome = harness.run("import", "p.json")
        #expect(outcome.exitCode == .dataError)
        #expect(outcome.standardError == "placesctl: places[3].latitude must be between -90 and 90.\n")
    }

    @Test func aRequestOverTheLineLimitGetsAHint() {
        var harness = Self.daemon(files: ["p.json": "[]"])
        harness.respond = { _, _ in
            .failure(.rpc(.invalidRequest("The request line is longer than 1048576 bytes.")))
        }
        let outcome = harness.run("import", "p.json")
        #expect(outcome.exitCode == .dataError)
        #expect(
            outcome.standardError
                == "placesctl: Invalid request: The request line is longer than 1048576 bytes. A part of the file is "
                + "too large for one request: raise placesd's max-line-bytes.\n")
    }

    /// The options go to the commit; the summary says what was skipped and replaced, and why.
    @Test func optionsGoToTheCommit() {
        let outcome = Self.daemon(files: ["p.json": "[]"]).run(
            "import", "--on-conflict", "replace", "--skip-duplicates", "--dry-run", "p.json")
        #expect(outcome.exitCode == .success)
        #expect(
            outcome.calls
                == Self.stagedCalls(
                    ["places": []], options: [("onConflict", "replace"), ("skipDuplicates", true), ("dryRun", true)]))
        let refused = Self.daemon(files: ["p.json": "[]"]).run("import", "--on-conflict", "merge", "p.json")
        #expect(refused.exitCode == .usage && refused.calls.isEmpty)
    }

    @Test(arguments: [
        (ImportResult(added: 2), "Imported 2 places."),
        (ImportResult(added: 1, replaced: 3), "Imported 1 place; replaced 3."),
        (
            ImportResult(added: 0, skippedIDInUse: 1, skippedDuplicates: 2),
            "Imported 0 places; skipped 3 (1 with an id in use, 2 duplicates)."
        ),
        (
            ImportResult(added: 4, replaced: 1, skippedDuplicates: 1, isDryRun: true),
            "Dry run, nothing changed: would import 4 places; replace 1; skip 1 (1 duplicate)."
        ),
        (
            ImportResult(added: 41, omissions: leftOut),
            "Imported 41 places (3 skipped: 2 without coordinates, 1 LineString; dropped fields: colour, icon)."
        ),
        (
            ImportResult(added: 41, omissions: leftOut, isDryRun: true),
            "Dry run, nothing changed: would import 41 places (3 skipped: 2 without coordinates, 1 LineString; "
                + "dropped fields: colour, icon)."
        ),
    ])
    func summaries(result: ImportResult, text: String) {
        #expect(ImportCommand.summary(of: result) == text)
    }

    /// Two entries without coordinates, a LineString, and two fields dropped.
    static var leftOut: ImportOmissions {
        var omissions = ImportOmissions()
        omissions.skip(.withoutCoordinates, at: "line 7")
        omissions.skip(.withoutCoordinates, at: "line 9")
        omissions.skip(.geometry("LineString"), at: "line 3")
        omissions.drop(field: "icon")
        omissions.drop(field: "colour")
        return omissions
    }

    /// The format is told by the content, not the name: XML by its root element, a zip archive, JSON, and CSV by a
    /// header naming a column placesd recognises.
    @Test(
        arguments: [
            (
                "\u{FEFF}  \n<?xml version=\"1.0\"?>\n<!-- from My Maps -->\n<kml xmlns=\"http://www.opengis.net/kml/2.2\">",
                "kml"
            ),
            ("<!DOCTYPE x><gpx version=\"1.1\">", "gpx"),
            ("<k:kml xmlns:k=\"http://www.opengis.net/kml/2.2\"/>", "kml"),
            ("PK\u{3}\u{4}rest", "kmz"),
            (" [ ]", "json"),
            ("{\"type\":\"FeatureCollection\"}", "json"),
            ("Title,Note,URL,Comment\r\nA,,,\r\n", "csv"),
            ("\"Name\" , \"LAT\",lon\n", "csv"),
            ("<html><body/></html>", nil),
            ("colour,size\nred,2\n", nil),
            ("hello\n", nil),
        ] as [(String, String?)])
    func detectsTheFormatByContent(text: String, format: String?) {
        #expect(ImportDocument.detect(Array(text.utf8)[...])?.rawValue == format)
    }

    /// A file in no format placesd reads is a data error naming them; --format forces a format.
    @Test func refusesAFileInNoFormatAndForcesOne() throws {
        #expect(
            throws: CLIFailure.data(
                "'x.txt' is none of the formats placesd reads: JSON (placesctl's own), GeoJSON, GPX, KML, KMZ or CSV "
                    + "with a header row")
        ) {
            try ImportDocument.params(from: Array("colour\nred\n".utf8), name: "'x.txt'")
        }
        #expect(
            try ImportDocument.params(from: Array("colour\nred\n".utf8), name: "'x.txt'", format: .csv)
                == .text("colour\nred\n", .csv))
        #expect(
            try ImportDocument.params(from: [0x50, 0x4B, 0x03, 0x04], name: "'x'") == .text("UEsDBA==", .kmz))
        #expect(throws: CLIFailure.self) {
            try ImportDocument.params(from: Array("[]".utf8), name: "'x'", format: .geojson)
        }
    }

    /// A file goes in parts of whole places, each within the daemon's line limit.
    @Test func splitsIntoPartsUnderTheLineLimit() throws {
        let element: JSONValue = ["name": .string(String(repeating: "x", count: 90))]
        let size = element.jsonBytes.count + 1
        let places = JSONValue.array(Array(repeating: element, count: 10))
        let parts = ImportUpload.parts(of: .places(places), lineBytes: ImportUpload.envelopeBytes + 3 * size)
        #expect(parts.map(\.bytes) == [3 * size, 3 * size, 3 * size, size])
        #expect(parts.map { $0.document?.encoded["places"]?.arrayValue?.count } == [3, 3, 3, 1])
        let collection: JSONValue = ["type": "FeatureCollection", "features": places]
        let features = ImportUpload.parts(of: .geojson(collection), lineBytes: ImportUpload.envelopeBytes + 5 * size)
        #expect(features.map { $0.document?.encoded["geojson"]?["features"]?.arrayValue?.count } == [5, 5])
        #expect(features.allSatisfy { $0.document?.encoded["geojson"]?["type"] == "FeatureCollection" })
        #expect(ImportUpload.parts(of: .places([]), lineBytes: 1 << 20).count == 1, "an empty import is sent too")
    }

    /// A GPX file too large for one line goes as pieces of its text, each within the limit once escaped, that
    /// join to the whole text; one that fits goes whole.
    @Test func splitsGPXTextUnderTheLineLimit() {
        let waypoint = "<wpt lat=\"1\" lon=\"2\"><name>Zürich \"\\ \n</name></wpt>"
        let text = "<gpx>" + String(repeating: waypoint, count: 400) + "</gpx>"
        let parts = ImportUpload.parts(of: .gpx(text), lineBytes: ImportUpload.envelopeBytes + 1000)
        #expect(parts.count > 1)
        var joined = ""
        for part in parts {
            guard case .text(let piece, .gpx) = part.content else {
                Issue.record("a part of places")
                continue
            }
            joined += piece
            #expect(JSONValue.string(piece).jsonBytes.count <= 1000)
        }
        #expect(joined == text)
        let small = ImportUpload.parts(of: .gpx("<gpx/>"), lineBytes: 1 << 20)
        #expect(small.count == 1 && small[0].document != nil)
    }

    /// Pieces are cut between Unicode scalars whatever their UTF-8 length, each within the budget once escaped.
    @Test(arguments: [8, 9, 10, 11, 13, 64])
    func cutsTextBetweenScalarsWithinTheBudget(budget: Int) {
        let text = String(repeating: "aé\"東\\🗺\n\u{1}", count: 20)
        let pieces = ImportUpload.pieces(of: text, budget: budget)
        #expect(pieces.joined() == text)
        for piece in pieces {
            #expect(JSONValue.string(piece).jsonBytes.count <= budget, "\(piece.debugDescription)")
            #expect(!piece.unicodeScalars.contains("\u{FFFD}"))
        }
    }

    @Test func largeFilesShowAProgressBarOnATerminal() {
        let places =
            "["
            + Array(repeating: "{\"name\": \"\(String(repeating: "x", count: 1000))\"}", count: 1_200)
            .joined(separator: ",") + "]"
        var harness = Self.daemon(files: ["big.json": places])
        harness.isStandardErrorTerminal = true
        let outcome = harness.run("import", "big.json")
        #expect(outcome.exitCode == .success)
        #expect(outcome.standardOutput == "Imported 1200 places.\n")
        #expect(outcome.standardError.hasPrefix("\r\u{1B}[KReading  ["))
        // Two parts under the daemon's 1 MiB line: the bar goes on over both.
        #expect(outcome.standardError.contains("\r\u{1B}[KSending  [##########--------------]  43%  0.5/1.2 MiB"))
        #expect(outcome.standardError.contains("\r\u{1B}[KSending  [########################] 100%  1.2/1.2 MiB"))
        #expect(outcome.calls.filter { $0.method == "places.import.add" }.count == 2)
        #expect(outcome.standardError.contains("Waiting for placesd to import 1.2 MiB…"))
        #expect(outcome.standardError.hasSuffix(ProgressBar.eraseLine), "the bar is cleared")

        harness.isStandardErrorTerminal = false
        #expect(harness.run("import", "big.json").standardError.isEmpty)
        harness.isStandardErrorTerminal = true
        #expect(harness.run("import", "big.json", "--json").standardError.isEmpty)
        harness.inputFiles = ["small.json": Array("[]".utf8)]
        #expect(harness.run("import", "small.json").standardError.isEmpty)
    }

    @Test(arguments: [
        (0, 100, "Reading  [------------------------]   0%  0.0/0.0 MiB"),
        (1 << 20, 4 << 20, "Reading  [######------------------]  25%  1.0/4.0 MiB"),
        (3 << 20, 3 << 20, "Reading  [########################] 100%  3.0/3.0 MiB"),
    ])
    func progressLines(done: Int, total: Int, line: String) {
        #expect(ProgressBar.line("Reading", done: done, total: total) == line)
    }

    @Test func theBarRedrawsOnlyOnChange() {
        var written: [String] = []
        let bar = ProgressBar { written.append($0) }
        bar.update("Sending", done: 1, total: 1 << 30)
        bar.update("Sending", done: 2, total: 1 << 30)
        bar.clear()
        bar.clear()
        #expect(written.count == 2)
        #expect(written.last == ProgressBar.eraseLine)
    }

    @Test func readsRealFiles() throws {
        let path = "/tmp/placesctl-import-\(UInt64.random(in: 0...UInt64.max)).json"
        defer { unlink(path) }
        let contents = [UInt8](repeating: UInt8(ascii: "x"), count: InputFile.chunkSize + 10)
        try AtomicFile.write(path, contents)
        var reports: [(Int, Int?)] = []
        #expect(try InputFile.read(path) { reports.append(($0, $1)) } == contents)
        #expect(reports.map(\.0) == [InputFile.chunkSize, InputFile.chunkSize + 10])
        #expect(reports.allSatisfy { $0.1 == contents.count })
        #expect(throws: InputError(reason: "No such file or directory")) {
            try InputFile.read(path + ".missing") { _, _ in }
        }
        #expect(throws: InputError(reason: "Is a directory")) { try InputFile.read("/tmp") { _, _ in } }
    }
}
