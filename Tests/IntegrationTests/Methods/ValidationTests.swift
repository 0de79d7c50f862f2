import Testing

/// A request the daemon must refuse with -32602, naming the offending field.
struct RefusedParams: Sendable, CustomTestStringConvertible {
    /// The method called.
    let method: String
    /// Raw params text; `$ID` stands for the id of a place that exists.
    let params: String
    /// The expected `data.field`, nil when the contract names none.
    let field: String?

    /// How the case shows in test output.
    var testDescription: String { "\(method) \(params.prefix(80))" }
}

/// A places.add the daemon must accept, and the value it must store for one key.
struct AcceptedAdd: Sendable, CustomTestStringConvertible {
    /// Raw params text.
    let params: String
    /// The key checked in the result.
    let key: String
    /// The value expected there.
    let expected: JSON

    /// How the case shows in test output.
    var testDescription: String { "places.add \(params.prefix(80))" }
}

/// The validation rules of the contract, checked over the wire.
@Suite("Parameter validation")
struct ValidationTests {
    /// A name one character too long.
    static let long201 = String(repeating: "x", count: 201)
    /// A name of 201 flags: one user-perceived character each, several scalars and bytes.
    static let flags201 = String(repeating: "🇫🇷", count: 201)
    /// A description one character too long.
    static let description10001 = String(repeating: "d", count: 10_001)

    /// Requests that break one rule each.
    static let refused: [RefusedParams] = [
        .init(method: "places.add", params: #"{"latitude":91,"longitude":2}"#, field: "latitude"),
        .init(method: "places.add", params: #"{"latitude":-91,"longitude":2}"#, field: "latitude"),
        .init(method: "places.add", params: #"{"latitude":90.000001,"longitude":2}"#, field: "latitude"),
        .init(method: "places.add", params: #"{"latitude":"48","longitude":2}"#, field: "latitude"),
        .init(method: "places.add", params: #"{"latitude":true,"longitude":2}"#, field: "latitude"),
        .init(method: "places.add", params: #"{"latitude":null,"longitude":2}"#, field: "latitude"),
        .init(method: "places.add", params: #"{"latitude":1e400,"longitude":2}"#, field: "latitude"),
        .init(method: "places.add", params: #"{"latitude":[1],"longitude":2}"#, field: "latitude"),
        .init(method: "places.add", params: #"{"longitude":2}"#, field: "latitude"),
        .init(method: "places.add", params: #"{"latitude":1,"longitude":181}"#, field: "longitude"),
        .init(method: "places.add", params: #"{"latitude":1,"longitude":-180.5}"#, field: "longitude"),
        .init(method: "places.add", params: #"{"latitude":1,"longitude":"2"}"#, field: "longitude"),
        .init(method: "places.add", params: #"{"latitude":1,"longitude":-1e400}"#, field: "longitude"),
        .init(method: "places.add", params: #"{"latitude":1}"#, field: "longitude"),
        .init(method: "places.add", params: #"{"name":"","latitude":1,"longitude":2}"#, field: "name"),
        .init(method: "places.add", params: #"{"name":"   ","latitude":1,"longitude":2}"#, field: "name"),
        .init(method: "places.add", params: #"{"name":" \n\t ","latitude":1,"longitude":2}"#, field: "name"),
        .init(method: "places.add", params: #"{"name":"\#(long201)","latitude":1,"longitude":2}"#, field: "name"),
        .init(method: "places.add", params: #"{"name":"\#(flags201)","latitude":1,"longitude":2}"#, field: "name"),
        .init(method: "places.add", params: #"{"name":"bell\u0007","latitude":1,"longitude":2}"#, field: "name"),
        .init(method: "places.add", params: #"{"name":"tab\tinside","latitude":1,"longitude":2}"#, field: "name"),
        .init(method: "places.add", params: #"{"name":5,"latitude":1,"longitude":2}"#, field: "name"),
        .init(method: "places.add", params: #"{"name":null,"latitude":1,"longitude":2}"#, field: "name"),
        .init(
            method: "places.add", params: #"{"description":"\#(description10001)","latitude":1,"longitude":2}"#,
            field: "description"),
        .init(
            method: "places.add", params: #"{"description":"a\u0001b","latitude":1,"longitude":2}"#,
            field: "description"),
        .init(method: "places.add", params: #"{"description":7,"latitude":1,"longitude":2}"#, field: "description"),
        .init(method: "places.add", params: #"{"visited":"yes","latitude":1,"longitude":2}"#, field: "visited"),
        .init(method: "places.add", params: #"{"visited":1,"latitude":1,"longitude":2}"#, field: "visited"),
        .init(method: "places.add", params: #"{"lat":1,"latitude":1,"longitude":2}"#, field: "lat"),
        .init(method: "places.add", params: #"{"latitude":1,"longitude":2,"id":"$ID"}"#, field: "id"),
        .init(method: "places.add", params: #"[1,2]"#, field: nil),
        .init(method: "places.get", params: #"{}"#, field: "id"),
        .init(method: "places.get", params: #"{"id":42}"#, field: "id"),
        .init(method: "places.get", params: #"{"id":"$ID","extra":1}"#, field: "extra"),
        .init(method: "places.get", params: #"["$ID"]"#, field: nil),
        .init(method: "places.update", params: #"{"id":"$ID","latitude":91}"#, field: "latitude"),
        .init(method: "places.update", params: #"{"id":"$ID","longitude":"2"}"#, field: "longitude"),
        .init(method: "places.update", params: #"{"id":"$ID","name":""}"#, field: "name"),
        .init(method: "places.update", params: #"{"id":"$ID","visited":null}"#, field: "visited"),
        .init(method: "places.update", params: #"{"id":"$ID","name":"x","ifVersion":"1"}"#, field: "ifVersion"),
        .init(method: "places.update", params: #"{"id":"$ID","colour":"red"}"#, field: "colour"),
        .init(method: "places.update", params: #"{"id":"$ID"}"#, field: nil),
        .init(method: "places.update", params: #"{"name":"x"}"#, field: "id"),
        .init(method: "places.remove", params: #"{}"#, field: "id"),
        .init(method: "places.remove", params: #"{"id":"$ID","ifVersion":true}"#, field: "ifVersion"),
        .init(method: "places.list", params: #"{"offset":-1}"#, field: "offset"),
        .init(method: "places.list", params: #"{"offset":1.5}"#, field: "offset"),
        .init(method: "places.list", params: #"{"limit":-1}"#, field: "limit"),
        .init(method: "places.list", params: #"{"limit":"5"}"#, field: "limit"),
        .init(method: "places.list", params: #"{"visited":"yes"}"#, field: "visited"),
        .init(method: "places.list", params: #"{"query":5}"#, field: "query"),
        .init(method: "places.list", params: #"{"sort":"colour"}"#, field: "sort"),
        .init(method: "server.status", params: #"{"verbose":true}"#, field: "verbose"),
    ]

    /// Each refused request gets -32602 naming the field, and changes nothing.
    @Test(arguments: refused)
    func refusedWithInvalidParams(_ refusal: RefusedParams) throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        let seeded = try client.add(["name": "Seed", "latitude": 1, "longitude": 2])
        let id = try #require(seeded["id"]?.string)
        let before = try client.list()

        let params = refusal.params.replacingOccurrences(of: "$ID", with: id)
        try client.send(Request.line(id: "7", method: refusal.method, params: params))
        let response = try client.readResponse()
        #expect(response["id"] == 7)
        let error = try #require(response["error"], "expected an error, got \(response)")
        expectError(error, code: -32602, field: refusal.field)
        if let reason = error["data"]?["reason"] {
            #expect(reason.string?.isEmpty == false, "data.reason should be a sentence: \(error)")
        }
        #expect(try client.list() == before, "a refused request changes nothing")
        #expect(try client.result("places.get", ["id": .string(id)]) == seeded)
    }

    /// Adds at the edges of the rules.
    static let accepted: [AcceptedAdd] = [
        .init(params: #"{"latitude":90,"longitude":180}"#, key: "latitude", expected: 90),
        .init(params: #"{"latitude":-90,"longitude":-180}"#, key: "longitude", expected: -180),
        .init(params: #"{"latitude":4.8e1,"longitude":2}"#, key: "latitude", expected: 48),
        .init(params: #"{"latitude":-0.0,"longitude":2}"#, key: "latitude", expected: 0),
        .init(params: #"{"latitude":1,"longitude":2,"visited":false}"#, key: "visited", expected: false),
        .init(
            params: #"{"name":"\#(String(repeating: "x", count: 200))","latitude":1,"longitude":2}"#, key: "name",
            expected: .string(String(repeating: "x", count: 200))),
        .init(
            params: #"{"name":"\#(String(repeating: "🇫🇷", count: 200))","latitude":1,"longitude":2}"#, key: "name",
            expected: .string(String(repeating: "🇫🇷", count: 200))),
        .init(
            params: #"{"name":"  \#(String(repeating: "y", count: 200))  ","latitude":1,"longitude":2}"#,
            key: "name", expected: .string(String(repeating: "y", count: 200))),
        .init(
            params: #"{"description":"\#(String(repeating: "d", count: 10_000))","latitude":1,"longitude":2}"#,
            key: "description", expected: .string(String(repeating: "d", count: 10_000))),
        .init(
            params: #"{"name":"Caf\u00e9 \"Le Z\u00e8bre\"","latitude":1,"longitude":2}"#, key: "name",
            expected: "Café \"Le Zèbre\""),
        .init(params: #"{"description":"","latitude":1,"longitude":2}"#, key: "description", expected: ""),
    ]

    /// Values at the edges of every rule are accepted and stored as the contract says.
    @Test(arguments: accepted)
    func acceptedAtTheEdges(_ acceptance: AcceptedAdd) throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let client = try daemon.connect()
        try client.send(Request.line(id: "1", method: "places.add", params: acceptance.params))
        let response = try client.readResponse()
        let place = try #require(response["result"], "expected success, got \(response)")
        #expect(place[acceptance.key] == acceptance.expected)
        #expect(try client.result("places.get", ["id": place["id"] ?? nil]) == place)
    }
}
