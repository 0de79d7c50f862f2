import Glibc
import PlacesModel
import PlacesProtocol
import PlacesSQLite
import PlacesStore
import Synchronization
import Testing

@testable import PlacesServer

/// Drives the dispatcher directly with a real store in a temporary directory.
final class DispatcherHarness {
    let directory: String
    let store: PlaceStore
    let dispatcher: Dispatcher
    let mailbox: LoopMailbox

    /// A harness over a new SQLite store; `faults` (nil: none) makes its storage fail on purpose.
    init(faults: (any SQLiteFaultHook)? = nil) throws {
        var template = Array("/tmp/placesd-dispatcher-XXXXXX".utf8CString)
        let path = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        directory = String(cString: try #require(path))
        store = PlaceStore(engine: try SQLiteEngine(path: directory + "/places.sqlite", key: nil, hook: faults))
        dispatcher = Dispatcher(
            store: store, statistics: ServerStatistics(),
            settings: LiveSettings(ServerConfiguration(environment: [:], uid: 0)), hub: SubscriptionHub())
        let mailbox = try LoopMailbox()
        self.mailbox = mailbox
        store.setCompletionsDeliveredHandler { mailbox.signalIfOwed() }
    }

    deinit {
        store.close()
        for name in ["places.sqlite", "places.sqlite-wal", "places.sqlite-shm"] { unlink(directory + "/" + name) }
        rmdir(directory)
    }

    /// Messages of the mailbox other than replies (events), in arrival order, not taken by a test yet.
    private var otherMessages: [LoopMessage] = []

    /// What a connection with token 2 of `caller` runs its requests with.
    func context(for caller: Caller) -> RequestContext {
        RequestContext(dispatcher: dispatcher, caller: caller, sink: ReplySink(mailbox: mailbox, token: 2))
    }

    /// Sends `line` as `caller` on a connection of its own and returns the reply text, waiting for the store
    /// when needed, as an event loop does.
    func send(_ line: String, as caller: Caller = Caller(uid: 1000, gid: 1000, isAdmin: false)) -> String {
        let context = context(for: caller)
        let pipeline = RequestPipeline()
        var output = JSONWriter()
        var submissions: [PendingMutation] = []
        pipeline.take(Array(line.utf8), in: context, submissions: &submissions, output: &output)
        store.submit(contentsOf: &submissions)
        var messages: [LoopMessage] = []
        while !pipeline.isIdle {
            var descriptor = pollfd(fd: mailbox.notifier.fileDescriptor.rawValue, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 1000)
            mailbox.takeAll(into: &messages)
            for message in messages {
                guard let (address, bytes) = Self.reply(in: message) else {
                    otherMessages.append(message)
                    continue
                }
                pipeline.complete(address, bytes: bytes, in: context, submissions: &submissions, output: &output)
                store.submit(contentsOf: &submissions)
            }
            messages.removeAll()
        }
        return String(decoding: output.bytes, as: UTF8.self)
    }

    /// The reply a mailbox message carries, written as the event loop writes it; nil for other messages.
    private static func reply(in message: LoopMessage) -> (address: ReplyAddress, bytes: [UInt8])? {
        switch message {
        case .reply(_, let slot, let part, let bytes):
            return (ReplyAddress(slot: slot, part: part), bytes)
        case .changed(_, let slot, let part, let reply):
            var line = JSONWriter()
            Dispatcher.write(reply, to: &line)
            return (ReplyAddress(slot: slot, part: part), line.bytes)
        default:
            return nil
        }
    }

    /// Replies taken from the mailbox and not handed out yet, oldest first.
    private var replies: [(address: ReplyAddress, bytes: [UInt8])] = []

    /// The next reply the mailbox receives (other messages are kept for `takeOtherMessages`); nil after 10 s.
    func nextReply() -> (address: ReplyAddress, bytes: [UInt8])? {
        var messages: [LoopMessage] = []
        for _ in 0..<10 where replies.isEmpty {
            var descriptor = pollfd(fd: mailbox.notifier.fileDescriptor.rawValue, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 1000)
            mailbox.takeAll(into: &messages)
            for message in messages {
                if let reply = Self.reply(in: message) {
                    replies.append(reply)
                } else {
                    otherMessages.append(message)
                }
            }
            messages.removeAll()
        }
        return replies.isEmpty ? nil : replies.removeFirst()
    }

    /// The mailbox's messages other than replies so far (events), oldest first; each is returned once.
    func takeOtherMessages() -> [LoopMessage] {
        var messages: [LoopMessage] = []
        mailbox.takeAll(into: &messages)
        defer { otherMessages = [] }
        return otherMessages + messages
    }

    /// Sends `line` and parses the reply.
    func call(_ line: String, as caller: Caller = Caller(uid: 1000, gid: 1000, isAdmin: false)) throws -> JSONValue {
        try JSONParser.parse(send(line, as: caller))
    }
}

@Suite("Dispatcher")
struct DispatcherTests {
    private let root = Caller(uid: 0, gid: 0, isAdmin: true)
    private let other = Caller(uid: 2000, gid: 2000, isAdmin: false)

    @Test("Adding answers with the new place after the commit")
    func add() throws {
        let harness = try DispatcherHarness()
        let reply = try harness.call(
            #"{"jsonrpc":"2.0","id":7,"method":"places.add","params":{"name":" Eiffel Tower ","latitude":48.8584,"longitude":2.2945}}"#
        )
        let result = try #require(reply.objectValue?["result"]?.objectValue)
        #expect(result["name"] == .string("Eiffel Tower"))
        #expect(result["version"]?.numberValue?.int64 == 1)
        #expect(reply.objectValue?["id"]?.numberValue?.text == "7")
        #expect(harness.store.snapshot().count(of: 1000) == 1)
    }

    @Test("A notification takes effect and gets no reply")
    func notification() throws {
        let harness = try DispatcherHarness()
        let reply = harness.send(#"{"jsonrpc":"2.0","method":"places.add","params":{"latitude":1,"longitude":2}}"#)
        #expect(reply.isEmpty)
        #expect(harness.store.snapshot().count(of: 1000) == 1)
    }

    @Test("A batch answers in order, waiting for changes, and leaves out notifications")
    func batch() throws {
        let harness = try DispatcherHarness()
        let reply = try harness.call(
            """
            [{"jsonrpc":"2.0","id":1,"method":"places.add","params":{"latitude":1,"longitude":2}},\
            {"jsonrpc":"2.0","method":"places.add","params":{"latitude":3,"longitude":4}},\
            {"jsonrpc":"2.0","id":2,"method":"places.list"},\
            {"jsonrpc":"2.0","id":3,"method":"nope"},\
            {"jsonrpc":"2.0","id":4,"method":"nope","params":[1]},\
            {"jsonrpc":"2.0","id":5,"method":"places.list","params":[1]}]
            """)
        let items = try #require(reply.arrayValue)
        #expect(items.count == 5)
        #expect(items[1].objectValue?["result"]?.objectValue?["total"]?.numberValue?.int64 == 2)
        let codes = items.dropFirst(2).map { $0.objectValue?["error"]?.objectValue?["code"]?.numberValue?.int64 }
        #expect(codes == [-32601, -32601, -32602], "an unknown method first, whatever its params")
    }

    @Test("A batch of notifications gets no reply at all")
    func notificationBatch() throws {
        let harness = try DispatcherHarness()
        let reply = harness.send(
            #"[{"jsonrpc":"2.0","method":"places.list"},{"jsonrpc":"2.0","method":"server.status"}]"#)
        #expect(reply.isEmpty)
    }

    @Test("Another user's place is absent, and allUsers is only for admins")
    func ownership() throws {
        let harness = try DispatcherHarness()
        let added = try harness.call(
            #"{"jsonrpc":"2.0","id":1,"method":"places.add","params":{"latitude":1,"longitude":2}}"#)
        let id = try #require(added.objectValue?["result"]?.objectValue?["id"]?.stringValue)
        let get = #"{"jsonrpc":"2.0","id":2,"method":"places.get","params":{"id":"\#(id)"}}"#
        #expect(
            try harness.call(get, as: other).objectValue?["error"]?.objectValue?["code"]?.numberValue?.int64 == -32001)
        let remove = #"{"jsonrpc":"2.0","id":2,"method":"places.remove","params":{"id":"\#(id)"}}"#
        #expect(
            try harness.call(remove, as: other).objectValue?["error"]?.objectValue?["code"]?.numberValue?.int64
                == -32001)
        let all = #"{"jsonrpc":"2.0","id":3,"method":"places.list","params":{"allUsers":true}}"#
        #expect(
            try harness.call(all, as: other).objectValue?["error"]?.objectValue?["code"]?.numberValue?.int64 == -32003)
        let places = try #require(
            harness.call(all, as: root).objectValue?["result"]?.objectValue?["places"]?.arrayValue)
        #expect(places.first?.objectValue?["owner"]?.numberValue?.int64 == 1000)
    }

    @Test("list filters, searches and pages, counting matches before paging")
    func list() throws {
        let harness = try DispatcherHarness()
        for (index, name) in ["Louvre", "Eiffel Tower", "Tower of London", "Big Ben"].enumerated() {
            let visited = index % 2 == 0
            _ = harness.send(
                #"{"jsonrpc":"2.0","id":1,"method":"places.add","params":{"name":"\#(name)","latitude":1,"longitude":2,"visited":\#(visited)}}"#
            )
        }
        func names(_ params: String) throws -> ([String], Int64?) {
            let reply = try harness.call(#"{"jsonrpc":"2.0","id":1,"method":"places.list","params":\#(params)}"#)
            let result = reply.objectValue?["result"]?.objectValue
            let names = result?["places"]?.arrayValue?.compactMap { $0.objectValue?["name"]?.stringValue } ?? []
            return (names, result?["total"]?.numberValue?.int64)
        }
        #expect(try names("{}") == (["Louvre", "Eiffel Tower", "Tower of London", "Big Ben"], 4))
        #expect(try names(#"{"visited":true}"#) == (["Louvre", "Tower of London"], 2))
        #expect(try names(#"{"query":"TOWER"}"#) == (["Eiffel Tower", "Tower of London"], 2))
        #expect(try names(#"{"offset":1,"limit":2}"#) == (["Eiffel Tower", "Tower of London"], 4))
        #expect(try names(#"{"offset":10}"#) == ([], 4))
    }

    @Test("watch answers a snapshot, then each later change of the caller's places arrives once, in order")
    func watch() throws {
        let harness = try DispatcherHarness()
        _ = harness.send(#"{"jsonrpc":"2.0","id":1,"method":"places.add","params":{"latitude":1,"longitude":2}}"#)
        let hub = harness.dispatcher.hub
        harness.store.setChangeObserver { hub.publish($0) }
        let snapshot = try #require(
            harness.call(#"{"jsonrpc":"2.0","id":2,"method":"places.watch"}"#).objectValue?["result"]?.objectValue)
        #expect(snapshot["revision"]?.numberValue?.int64 == 1)
        #expect(snapshot["places"]?.arrayValue?.count == 1)
        _ = harness.send(
            #"{"jsonrpc":"2.0","id":3,"method":"places.add","params":{"name":"Two","latitude":1,"longitude":2}}"#)
        _ = harness.send(
            #"{"jsonrpc":"2.0","id":4,"method":"places.add","params":{"latitude":5,"longitude":6}}"#, as: other)
        let messages = harness.takeOtherMessages()
        #expect(messages.count == 1)
        guard case .events(_, _, let bytes) = try #require(messages.first) else {
            Issue.record("expected events")
            return
        }
        let event = try JSONParser.parse(bytes.dropLast().map { $0 })
        #expect(event.objectValue?["method"] == .string("places.changed"))
        let params = try #require(event.objectValue?["params"]?.objectValue)
        #expect(params["change"] == .string("added"))
        #expect(params["revision"]?.numberValue?.int64 == 2)
        #expect(params["place"]?.objectValue?["name"] == .string("Two"))
    }

    @Test("status reports the caller's count and revision")
    func status() throws {
        let harness = try DispatcherHarness()
        _ = harness.send(#"{"jsonrpc":"2.0","id":1,"method":"places.add","params":{"latitude":1,"longitude":2}}"#)
        let result = try #require(
            harness.call(#"{"jsonrpc":"2.0","id":1,"method":"server.status"}"#).objectValue?["result"]?.objectValue)
        #expect(result["places"]?.numberValue?.int64 == 1)
        #expect(result["revision"]?.numberValue?.int64 == 1)
        #expect(result["protocol"]?.numberValue?.int64 == 1)
        #expect(result["locked"] == .bool(false))
        let others = try #require(
            harness.call(#"{"jsonrpc":"2.0","id":1,"method":"server.status"}"#, as: other).objectValue?["result"]?
                .objectValue)
        #expect(others["places"]?.numberValue?.int64 == 0)
        #expect(others["revision"]?.numberValue?.int64 == 0)
    }
}
