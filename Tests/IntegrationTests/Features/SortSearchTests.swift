import Testing

/// `places.list` and `places.near` sorted and filtered, and `places.resolve`, on a real daemon.
@Suite("sorting, filters and names")
struct SortSearchTests {
    /// Adds places named `names` (the index as latitude and longitude), visited where `visited` says; their ids.
    @discardableResult
    private func add(_ client: RawConnection, _ names: [String], visited: Set<String> = []) throws -> [String: String] {
        var ids: [String: String] = [:]
        for (index, name) in names.enumerated() {
            let place = try client.add([
                "name": .string(name), "latitude": .number(Double(index)), "longitude": .number(Double(index)),
                "visited": .bool(visited.contains(name)),
            ])
            ids[name] = place["id"]?.string
        }
        return ids
    }

    private func names(_ client: RawConnection, _ params: JSON) throws -> [String] {
        try client.result("places.list", params)["places"]?.array?.compactMap { $0["name"]?.string } ?? []
    }

    @Test func sortsFiltersAndFoldsText() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        let ids = try add(client, ["zermatt", "Zürich", "São Paulo", "Apia", "alpha"], visited: ["zermatt"])
        #expect(try names(client, ["sort": "name"]) == ["alpha", "Apia", "São Paulo", "zermatt", "Zürich"])
        #expect(try names(client, ["sort": "name", "order": "desc", "limit": 2]) == ["Zürich", "zermatt"])
        // Adds a millisecond apart or less tie on createdAt (and then go by id): the first is one of the latest.
        let all = try client.result("places.list")["places"]?.array ?? []
        let latest = all.compactMap { $0["createdAt"]?.string }.max()
        let newest = Set(all.filter { $0["createdAt"]?.string == latest }.compactMap { $0["name"]?.string })
        let first = try names(client, ["sort": "createdAt", "order": "desc", "limit": 1])
        #expect(first.count == 1 && newest.isSuperset(of: first), "\(first) is not among the latest, \(newest)")
        #expect(newest.contains("alpha"), "the last place added is among the latest")
        #expect(try names(client, ["query": "zurich"]) == ["Zürich"])
        #expect(try names(client, ["query": "SAO PAULO"]) == ["São Paulo"])
        #expect(try names(client, ["sort": "name", "visited": false, "query": "z"]) == ["Zürich"])
        #expect(try names(client, ["bbox": ["south": 0.5, "west": 1.5, "north": 3.5, "east": 2.5]]) == ["São Paulo"])
        // West greater than east: the box crosses the antimeridian, so it holds 3 and 4 but not 1 and 2.
        #expect(
            try names(client, ["bbox": ["south": -90, "west": 2.5, "north": 90, "east": 0.5]]) == [
                "zermatt", "Apia", "alpha",
            ])
        #expect(
            try names(client, ["sort": "distance", "point": ["latitude": 3.9, "longitude": 3.9], "limit": 2])
                == ["alpha", "Apia"])
        let from = try #require(ids["Zürich"])
        let near = try client.result("places.near", ["from": .string(from), "visited": false, "sort": "name"])
        let nearNames = near["places"]?.array?.compactMap { $0["place"]?["name"]?.string }
        #expect(nearNames == ["alpha", "Apia", "São Paulo"], "the place itself and visited ones left out")
    }

    @Test func pagesThroughASortedListWhileOthersAreAdded() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        let original = (0..<20).map { "place \(Character(UnicodeScalar(UInt8(97 + $0))))" }
        try add(client, original.shuffled())
        var seen: [String] = []
        var after: String?
        for page in 0..<10 {
            var params: [String: JSON] = ["sort": "name", "limit": 3]
            if let after { params["after"] = .string(after) }
            let places = try client.result("places.list", .object(params))["places"]?.array ?? []
            guard let last = places.last else { break }
            seen += places.compactMap { $0["name"]?.string }
            after = last["id"]?.string
            // Places added between pages, before and after the cursor, do not shift the pages still to come.
            try add(client, ["place \(page)", "place zz \(page)"])
        }
        let originals = seen.filter { original.contains($0) }
        #expect(originals == original, "every place that was there once, in order")
        #expect(Set(seen).count == seen.count, "no place twice")
    }

    /// Bad params: a precise error, and nothing changes.
    @Test(
        arguments: [
            (["sort": "distance"], "sort"), (["sort": "rating"], "sort"), (["order": "up"], "order"),
            (["bbox": ["south": 10, "west": 0, "north": 0, "east": 1]], "bbox"),
            (["bbox": ["south": -91, "west": 0, "north": 0, "east": 1]], "bbox.south"),
            (["bbox": ["south": 0, "west": 0, "north": 1]], "bbox.east"),
            (["point": ["latitude": 1, "longitude": 2]], "point"),
        ] as [(JSON, String)])
    func refusesBadParams(params: JSON, field: String) throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        try add(client, ["Louvre"])
        let before = try client.result("places.list")
        expectError(try client.error("places.list", params), code: -32602, field: field, "\(params)")
        #expect(try client.result("places.list") == before)
    }

    @Test func placesOfOthersOrNoneAreNotFound() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        try add(client, ["Louvre"])
        let missing = "0f8fad5b-d9cb-469f-a165-70867728950e"
        expectError(try client.error("places.near", ["from": .string(missing)]), code: -32001)
        expectError(try client.error("places.list", ["sort": "distance", "from": .string(missing)]), code: -32001)
        expectError(try client.error("places.list", ["sort": "name", "after": .string(missing)]), code: -32001)
    }

    @Test func resolvesNamesPrefixesAndIDs() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        let ids = try add(client, ["Zürich", "Zug", "Bern", "Bern"])
        func resolve(_ reference: String) throws -> (String?, [String]) {
            let result = try client.result("places.resolve", ["ref": .string(reference)])
            return (result["match"]?.string, result["candidates"]?.array?.compactMap { $0["name"]?.string } ?? [])
        }
        #expect(try resolve("zurich") == ("name", ["Zürich"]))
        #expect(try resolve("zü") == ("namePrefix", ["Zug", "Zürich"]))
        #expect(try resolve("BERN") == ("name", ["Bern", "Bern"]), "two places of one name are ambiguous")
        let id = try #require(ids["Zug"])
        #expect(try resolve(String(id.prefix(8))).1 == ["Zug"] || id.hasPrefix("be"))
        #expect(try resolve("Paris") == ("none", []))
        expectError(try client.error("places.resolve", ["ref": ""]), code: -32602, field: "ref")
    }
}
