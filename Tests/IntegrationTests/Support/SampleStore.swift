import Testing

/// A small store made by a real daemon, with every kind of change in its history.
enum SampleStore {
    /// Starts placesd on the database at `path` (with `arguments`), adds five places, updates one, moves one to
    /// the front and removes one (leaving four), stops it cleanly and returns the last `places.list` it served.
    static func make(at path: String, in directory: TemporaryDirectory, arguments: [String] = []) throws -> JSON {
        let daemon = try DaemonProcess(sharing: directory, databasePath: path, arguments: arguments)
        defer { daemon.shutdown() }
        try daemon.start()
        let writer = try daemon.connect()
        var ids: [JSON] = []
        for number in 1...5 {
            ids.append(
                try #require(
                    try writer.add(["name": .string("Place \(number)"), "latitude": 1, "longitude": 2])["id"]))
        }
        try writer.result("places.update", ["id": ids[1], "name": "Renamed", "visited": true])
        try writer.result("places.move", ["id": ids[4], "index": 0])
        try writer.result("places.remove", ["id": ids[2]])
        let list = try writer.list()
        #expect(try daemon.stop() == .exited(0))
        return list
    }
}
