import Testing

/// Tags in the sorted and filtered reads: `tag` on `places.near`, `tag` with `sort`, `sort: visitedAt`, and the
/// folded search looking in tags; with a tag held by few places (read from the tag index) and by many (checked
/// along the order), which must answer alike.
@Suite("tags in sorting and filters")
struct TaggedSelectionTests {
    /// The seeds: name, tags, visit date (nil: not visited), latitude.
    private static let seeds: [(String, [String], String?, Double)] = [
        ("Colosseum", ["Rome", "ancient"], "2024-05-02", 1), ("Pantheon", ["rome", "Ancient"], nil, 2),
        ("Uffizi", ["Florence", "museum"], "2023-01-10", 3), ("Vatican Museums", ["ROME", "museum"], "2025-09-30", 4),
        ("Aqueduct", ["Segovia", "Antiquité"], "2022-07-14", 5),
    ]

    /// A daemon with the seeds, and `fillers` untagged places far away added after them.
    private func seeded(fillers: Int) throws -> (DaemonProcess, RawConnection) {
        let daemon = try DaemonProcess.started()
        let client = try daemon.connect()
        for (name, tags, day, latitude) in Self.seeds {
            var place: [String: JSON] = [
                "name": .string(name), "latitude": .number(latitude), "longitude": 0,
                "tags": .array(tags.map(JSON.string)), "visited": .bool(day != nil),
            ]
            if let day { place["visitedAt"] = .string(day) }
            try client.add(.object(place))
        }
        for index in 0..<fillers {
            try client.add(["name": .string("filler \(index)"), "latitude": -60, "longitude": .number(Double(index))])
        }
        return (daemon, client)
    }

    private func names(_ client: RawConnection, _ params: JSON) throws -> [String] {
        try client.result("places.list", params)["places"]?.array?.compactMap { $0["name"]?.string } ?? []
    }

    private func nearNames(_ client: RawConnection, _ params: JSON) throws -> [String] {
        let result = try client.result("places.near", params)
        return result["places"]?.array?.compactMap { $0["place"]?["name"]?.string } ?? []
    }

    /// Few tagged places among many (the tag index is read) and only tagged places (the order is walked).
    @Test(arguments: [0, 60])
    func tagWithSortVisitedAtAndSearch(fillers: Int) throws {
        let (daemon, client) = try seeded(fillers: fillers)
        defer { daemon.shutdown() }
        #expect(try names(client, ["tag": "rome", "sort": "name"]) == ["Colosseum", "Pantheon", "Vatican Museums"])
        #expect(
            try names(client, ["tag": "rome", "sort": "name", "order": "desc"])
                == ["Vatican Museums", "Pantheon", "Colosseum"])
        #expect(try names(client, ["tag": ["ROME", "museum"], "sort": "createdAt"]) == ["Vatican Museums"])
        #expect(
            try names(client, ["tag": "rome", "sort": "visitedAt"]) == ["Colosseum", "Vatican Museums", "Pantheon"],
            "by visit date, the place never visited last")
        #expect(
            try names(client, ["tag": "rome", "sort": "visitedAt", "order": "desc"])
                == ["Pantheon", "Vatican Museums", "Colosseum"])
        #expect(
            try names(client, ["tag": "ancient", "sort": "distance", "point": ["latitude": 5, "longitude": 0]])
                == ["Pantheon", "Colosseum"])
        // Paging after a place, in a sorted tagged list.
        let first = try client.result("places.list", ["tag": "rome", "sort": "name", "limit": 1])
        let cursor = try #require(first["places"]?.array?.first?["id"]?.string)
        let rest = try client.result("places.list", ["tag": "rome", "sort": "name", "after": .string(cursor)])
        #expect(rest["places"]?.array?.compactMap { $0["name"]?.string } == ["Pantheon", "Vatican Museums"])
        #expect(rest["total"]?.int == 3)
        // The folded search looks in tags: "antiquite" finds the tag "Antiquité", "segovia" a tag only.
        #expect(try names(client, ["query": "antiquite"]) == ["Aqueduct"])
        #expect(try names(client, ["query": "SEGOVIA", "sort": "name"]) == ["Aqueduct"])
        #expect(try names(client, ["query": "museum", "sort": "name"]) == ["Uffizi", "Vatican Museums"])
    }

    @Test func sortVisitedAtAcrossTheList() throws {
        let (daemon, client) = try seeded(fillers: 2)
        defer { daemon.shutdown() }
        #expect(
            try names(client, ["sort": "visitedAt", "limit": 4])
                == ["Aqueduct", "Uffizi", "Colosseum", "Vatican Museums"])
        let last = try names(client, ["sort": "visitedAt"]).suffix(3)
        #expect(Set(last) == ["Pantheon", "filler 0", "filler 1"], "places without a visit date come last")
        #expect(
            try names(client, ["sort": "visitedAt", "order": "desc", "visited": true, "limit": 1]) == [
                "Vatican Museums"
            ])
    }

    @Test func nearWithTags() throws {
        let (daemon, client) = try seeded(fillers: 30)
        defer { daemon.shutdown() }
        let point: [String: JSON] = ["latitude": 0, "longitude": 0]
        #expect(
            try nearNames(client, .object(point.merging(["tag": "rome"]) { $1 })) == [
                "Colosseum", "Pantheon", "Vatican Museums",
            ])
        #expect(
            try nearNames(client, .object(point.merging(["tag": ["rome", "ancient"], "limit": 1]) { $1 })) == [
                "Colosseum"
            ])
        #expect(
            try nearNames(client, .object(point.merging(["tag": "museum", "sort": "name", "order": "desc"]) { $1 }))
                == ["Vatican Museums", "Uffizi"])
        #expect(try nearNames(client, .object(point.merging(["tag": "nowhere"]) { $1 })) == [])
        let refused = try client.error("places.near", .object(point.merging(["tag": [""]]) { $1 }))
        #expect(refused["data"]?["field"]?.string == "tag", "\(refused)")
    }
}
