import PlacesModel
import PlacesProtocol
import Testing

/// Every params type encodes what it decodes: a client that builds a request from a value sends exactly that
/// value, defaults left out, and every method names its params type.
@Suite struct MethodParamsTests {
    private static let id = PlaceID("0f8fad5b-d9cb-469f-a165-70867728950e")!

    private static func draft(visited: Bool = false, description: String = "") -> PlaceDraft {
        try! PlaceDraft(
            name: "  Eiffel Tower ", description: description, latitude: 48.8584, longitude: -2.2945e-3,
            isVisited: visited)
    }

    /// Values of every params type, with optional members given and not.
    static let samples: [any MethodParams] = [
        AddParams(draft: draft()),
        AddParams(draft: draft(visited: true, description: "Iron lady\n\"quoted\" ☃")),
        GetParams(id: id),
        GetParams(id: id, allUsers: true),
        ListParams(),
        ListParams(visited: false, query: "tower", offset: 3, limit: 0, allUsers: true),
        ListParams(
            sort: .name, order: .descending,
            box: try! BoundingBox(south: -10, west: 170, north: 10, east: -170, field: "bbox"), after: id),
        ListParams(sort: .distance, point: Coordinate(latitude: 1, longitude: 2)),
        ListParams(sort: .distance, from: id),
        ResolveParams(reference: "Zürich"),
        ResolveParams(reference: "0f8f", limit: 2),
        ListParams(tags: ["Zürich"]),
        ListParams(tags: ["rome", "Museums"], limit: 5),
        ListParams(tags: ["museums"], sort: .visitedAt, order: .descending),
        NearParams(
            coordinate: Coordinate(latitude: 1, longitude: 2),
            selection: PlaceSelection(sort: .distance, tags: ["rome", "museums"])),
        UpdateParams(id: id, patch: try! PlacePatch(isVisited: false)),
        UpdateParams(id: id, patch: try! PlacePatch(addTags: ["Rome"], removeTags: ["to do", "later"])),
        UpdateParams(
            id: id,
            patch: try! PlacePatch(visitedAt: Timestamp(millisecondsSinceEpoch: 1_780_272_000_123), tags: [])),
        AddParams(
            draft: try! PlaceDraft(
                latitude: 1, longitude: 2, visitedAt: Timestamp(millisecondsSinceEpoch: 86_400_000),
                tags: ["b", "A"])),
        UpdateParams(
            id: id,
            patch: try! PlacePatch(name: "Tour", description: "", latitude: -90, longitude: 180, isVisited: true),
            ifVersion: 7),
        RemoveParams(id: id),
        RemoveParams(id: id, ifVersion: 1),
        MoveParams(id: id, index: 0),
        MoveParams(id: id, index: 12, ifVersion: 3),
        NearParams(coordinate: Coordinate(latitude: 1.5, longitude: -0.25)),
        NearParams(coordinate: Coordinate(latitude: 0, longitude: 0), radius: 2_500.5, limit: 0),
        NearParams(
            from: id, limit: 3, selection: PlaceSelection(sort: .name, order: .descending, visited: false, query: "é")),
        try! DensityParams(
            grid: DensityGrid(
                box: BoundingBox(south: -90, west: -180, north: 90, east: 180, field: "bbox"), columns: 120, rows: 40)),
        try! DensityParams(
            grid: DensityGrid(
                box: BoundingBox(south: -10.5, west: 170, north: 10, east: -170, field: "bbox"), columns: 3, rows: 2),
            labels: 0, visited: false, query: "Tower", tags: ["rome", "Museums"]),
        WatchParams(),
        WatchParams(allUsers: true),
        ImportParams(places: []),
        ImportParams(places: [
            ImportedPlace(id: id, draft: draft()), ImportedPlace(id: nil, draft: draft(visited: true)),
        ]),
        ImportParams(
            places: [ImportedPlace(id: nil, draft: draft())],
            options: ImportOptions(onConflict: .replace, skipDuplicates: true, isDryRun: true)),
        ImportParams(places: [], options: ImportOptions(onConflict: .skip)),
        ImportAddParams(token: "t", part: .document(.places([["name": "A", "latitude": 1, "longitude": 2]]))),
        ImportAddParams(token: "t", part: .document(.gpx("<gpx/>"))),
        ImportAddParams(token: "t", part: .text("<gpx><wpt lat=\"1\" lon=\"2\">", .gpx)),
        ImportAddParams(token: "t", part: .text("<kml><Placemark>", .kml)),
        ImportAddParams(token: "t", part: .text("UEsDBA", .kmz)),
        ImportAddParams(token: "t", part: .document(.text("name,lat,lon\n", .csv))),
        ImportCommitParams(token: "t"),
        ImportCommitParams(token: "t", options: ImportOptions(onConflict: .skip, skipDuplicates: true)),
        ImportAbortParams(token: "t"),
        ImportParams.Document.places([["name": "A", "latitude": 1, "longitude": 2]]),
        ImportParams.Document.geojson(["type": "FeatureCollection", "features": []]),
        ImportParams.Document.gpx("<gpx><wpt lat=\"1\" lon=\"2\"/></gpx>"),
        ImportParams.Document.text("<kml/>", .kml),
        ExportParams(format: .gpx),
        ExportParams(format: .json, allUsers: true),
        ExportParams(format: .kml, groupByTag: true),
        ExportParams(format: .kmz, allUsers: true, groupByTag: true),
        UnlockParams(key: Array(0..<32)),
        UndoParams(),
        UndoParams(count: 100),
        HistoryParams(),
        HistoryParams(id: id, limit: 1_000),
        BackupParams(target: .file("/var/backups/places.sqlite")),
        BackupParams(target: .directory("/var/lib/placesd/backups", keep: nil)),
        BackupParams(target: .directory("/srv/backups", keep: 7)),
    ]

    @Test(arguments: samples.indices)
    func decodingTheEncodedParamsGivesTheValueBack(index: Int) throws {
        try expectRoundTrip(Self.samples[index])
    }

    private func expectRoundTrip<Params: MethodParams>(_ params: Params) throws {
        let decoded = try Params.decode(params.encoded)
        #expect(decoded == params, "\(Params.method.rawValue): \(JSONValue.object(params.encoded).jsonText)")
    }

    @Test func everyMethodWithParamsNamesItsType() {
        for method in Method.allCases {
            if let type = method.paramsType {
                #expect(type.method == method, "\(method)")
            } else {
                #expect([Method.tags, .status, .discover, .importBegin].contains(method), "\(method) takes params")
            }
        }
        let typed = Self.samples.map { type(of: $0).method }
        #expect(Set(typed) == Set(Method.allCases.filter { $0.paramsType != nil }), "a sample of every params type")
    }

    @Test func defaultsAreLeftOut() {
        #expect(ListParams().encoded.members.isEmpty)
        #expect(WatchParams().encoded.members.isEmpty)
        #expect(GetParams(id: Self.id).encoded.members.map(\.key) == ["id"])
        #expect(
            AddParams(draft: Self.draft()).encoded.members.map(\.key) == ["name", "latitude", "longitude"],
            "no empty description, no visited false")
        #expect(
            NearParams(coordinate: Coordinate(latitude: 0, longitude: 0)).encoded.members.map(\.key) == [
                "latitude", "longitude",
            ])
    }

    @Test func aRequestNamesTheParamsMethod() {
        let line = RPCEnvelope.encodeRequest(id: .number(JSONNumber(1)), params: RemoveParams(id: Self.id))
        #expect(
            String(decoding: line, as: UTF8.self)
                == #"{"jsonrpc":"2.0","id":1,"method":"places.remove","params":{"id":"0f8fad5b-d9cb-469f-a165-70867728950e"}}"#
                + "\n")
        let bare = RPCEnvelope.encodeRequest(id: .number(JSONNumber(2)), params: WatchParams())
        #expect(String(decoding: bare, as: UTF8.self) == #"{"jsonrpc":"2.0","id":2,"method":"places.watch"}"# + "\n")
    }
}
