import Testing

/// The caller's uid comes from the socket's peer credentials; no request can name another.
@Suite("Credentials in params")
struct CredentialParamsTests {
    static let reason = "cannot be given: the caller's uid comes from the socket's peer credentials"

    static let refused: [(method: String, params: JSON, key: String)] = [
        ("places.add", ["latitude": 1, "longitude": 2, "owner": 1000], "owner"),
        ("places.list", ["uid": 0], "uid"),
        ("places.list", ["allUsers": true, "owner": 65534], "owner"),
        ("places.watch", ["uid": 1000], "uid"),
        ("places.export", ["format": "json", "owner": 0], "owner"),
        ("places.import", ["places": [], "owner": 1000], "owner"),
        ("places.near", ["latitude": 1, "longitude": 2, "gid": 0], "gid"),
        ("server.status", ["owner": 1000], "owner"),
    ]

    /// `owner`, `uid` or `gid` in the params gets -32602 naming the key and saying why, and changes nothing.
    @Test func aCallerInTheParamsIsRefused() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        for (method, params, key) in Self.refused {
            let error = try client.error(method, params)
            #expect(error["code"] == -32602, "\(method) \(params.text): \(error)")
            #expect(error["data"]?["field"] == .string(key), "\(method): \(error)")
            #expect(error["data"]?["reason"] == .string(Self.reason), "\(method): \(error)")
        }
        #expect(try client.list()["total"] == 0, "nothing was added")
    }

    /// An `owner` inside an imported place is ignored: the importer owns what it imports.
    @Test(.enabled(if: OtherUser.isAvailable, "needs root to run a client as another uid"))
    func anOwnerInsideAnImportedPlaceIsIgnored() throws {
        let daemon = try DaemonProcess(arguments: ["--socket-mode", "0666"])
        defer { daemon.shutdown() }
        OtherUser.openUp(daemon)
        try daemon.start()
        let imported = try OtherUser.result(
            daemon, "places.import", ["places": [["name": "Claimed", "latitude": 1, "longitude": 2, "owner": 0]]])
        #expect(imported["added"] == 1)
        let root = try daemon.connect()
        #expect(try root.list()["total"] == 0, "root did not get the place")
        let everyone = try root.list(["allUsers": true])
        #expect(everyone["places"]?[0]?["owner"]?.int == OtherUser.uid, "\(everyone)")
    }
}
