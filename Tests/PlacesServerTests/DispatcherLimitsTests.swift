import PlacesProtocol
import Testing

@testable import PlacesServer

/// What the dispatcher refuses before anything runs: a caller named in the params, and an import over
/// `--max-import-places`.
@Suite("Dispatcher limits")
struct DispatcherLimitsTests {
    private let root = Caller(uid: 0, gid: 0, isAdmin: true)
    private static let uuid = "0f8fad5b-d9cb-469f-a165-70867728950e"

    /// Params `method` accepts, as JSON members without the braces; a new method does not compile until it has some.
    private static func validMembers(_ method: Method) -> String {
        switch method {
        case .add, .near: #""latitude":1,"longitude":2"#
        case .get, .remove: #""id":"\#(uuid)""#
        case .update: #""id":"\#(uuid)","visited":true"#
        case .move: #""id":"\#(uuid)","index":0"#
        case .list, .tags, .watch, .status, .discover, .undo, .history, .importBegin: ""
        case .importPlaces: #""places":[]"#
        case .importAdd: #""token":"t","places":[]"#
        case .importCommit, .importAbort: #""token":"t""#
        case .export: #""format":"gpx""#
        case .resolve: #""ref":"Louvre""#
        case .density: #""bbox":{"south":-90,"west":-180,"north":90,"east":180},"columns":2,"rows":1"#
        case .unlock: #""key":"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=""#
        case .backup: #""path":"/tmp/backup.sqlite""#
        }
    }

    private static func error(of reply: JSONValue) -> JSONObject {
        reply.objectValue?["error"]?.objectValue ?? JSONObject([])
    }

    @Test(
        "owner, uid and gid are refused in the params of every method, even from root",
        arguments: Method.allCases, ["owner", "uid"])
    func credentialKeys(method: Method, key: String) throws {
        let harness = try DispatcherHarness()
        let members = Self.validMembers(method).isEmpty ? "" : Self.validMembers(method) + ","
        let line = #"{"jsonrpc":"2.0","id":1,"method":"\#(method.rawValue)","params":{\#(members)"\#(key)":1000}}"#
        let error = Self.error(of: try harness.call(line, as: root))
        #expect(error["code"]?.numberValue?.int64 == -32602, "\(line): \(error)")
        let data = error["data"]?.objectValue
        #expect(data?["field"]?.stringValue == key)
        #expect(
            data?["reason"]?.stringValue
                == "cannot be given: the caller's uid comes from the socket's peer credentials")
        #expect(harness.store.snapshot().count(of: 0) == 0 && harness.store.snapshot().count(of: 1000) == 0)
    }

    @Test("An import over the limit gets -32006 and imports nothing; one at the limit is imported")
    func importLimit() throws {
        let harness = try DispatcherHarness()
        var configuration = ServerConfiguration(environment: [:], uid: 0)
        configuration.maximumImportPlaces = 3
        harness.dispatcher.settings.update(from: configuration)
        func importing(_ count: Int) -> String {
            let places = Array(repeating: #"{"latitude":1,"longitude":2,"owner":0}"#, count: count)
            return #"{"jsonrpc":"2.0","id":1,"method":"places.import","params":{"places":["#
                + places.joined(separator: ",") + "]}}"
        }
        let refused = Self.error(of: try harness.call(importing(4)))
        #expect(refused["code"]?.numberValue?.int64 == -32006)
        #expect(refused["message"]?.stringValue?.contains("at most 3 (max-import-places)") == true, "\(refused)")
        #expect(harness.store.snapshot().count(of: 1000) == 0)

        let accepted = try harness.call(importing(3))
        #expect(accepted.objectValue?["result"]?.objectValue?["added"]?.numberValue?.int64 == 3, "\(accepted)")
        #expect(harness.store.snapshot().count(of: 1000) == 3, "an owner inside an imported place is ignored")
    }
}
