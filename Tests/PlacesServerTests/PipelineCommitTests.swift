import PlacesProtocol
import PlacesStore
import PlacesStoreFaults
import Testing

@testable import PlacesServer

/// The changes a connection pipelines reach the store together: one transaction for what was taken at once, and a
/// failed transaction fails exactly the requests in it.
@Suite("Pipelined commits")
struct PipelineCommitTests {
    private static let caller = Caller(uid: 1000, gid: 1000, isAdmin: false)

    private static func add(_ id: Int, name: String) -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"places.add","params":{"name":"\#(name)","latitude":1,"longitude":2}}"#
    }

    /// Takes `lines` on `pipeline` as an event loop does in one turn (their changes submitted together at the end),
    /// then waits for every reply; returns the output's lines.
    private func run(
        _ lines: [String], on pipeline: RequestPipeline, _ harness: DispatcherHarness
    ) throws -> [JSONValue] {
        let context = harness.context(for: Self.caller)
        var output = JSONWriter()
        var submissions: [PendingMutation] = []
        for line in lines {
            pipeline.take(Array(line.utf8), in: context, submissions: &submissions, output: &output)
        }
        harness.store.submit(contentsOf: &submissions)
        while !pipeline.isIdle {
            let reply = try #require(harness.nextReply(), "a reply within 10 s")
            pipeline.complete(
                reply.address, bytes: reply.bytes, in: context, submissions: &submissions, output: &output)
            harness.store.submit(contentsOf: &submissions)
        }
        return try output.bytes.split(separator: UInt8(ascii: "\n")).map { try JSONParser.parse(Array($0)) }
    }

    @Test func aPipelineAndABatchOfChangesTakenAtOnceAreOneTransaction() throws {
        let harness = try DispatcherHarness()
        let pipeline = RequestPipeline()
        let before = harness.store.committedTransactionCount
        let batch = "[" + (101...150).map { Self.add($0, name: "b\($0)") }.joined(separator: ",") + "]"
        let replies = try run((1...100).map { Self.add($0, name: "p\($0)") } + [batch], on: pipeline, harness)
        #expect(harness.store.committedTransactionCount == before + 1, "150 adds, one commit")
        #expect(replies.count == 101)
        #expect(replies.prefix(100).map { $0.objectValue?["id"]?.numberValue?.int64 } == (1...100).map { Int64($0) })
        #expect(replies.last?.arrayValue?.count == 50)
        #expect(harness.store.snapshot().count(of: Self.caller.uid) == 150)
    }

    @Test func aFailedCommitInTheMiddleOfAPipelineFailsOnlyItsRequests() throws {
        let faults = FaultInjection()
        let harness = try DispatcherHarness(faults: faults)
        let pipeline = RequestPipeline()
        let first = try run((1...3).map { Self.add($0, name: "kept-\($0)") }, on: pipeline, harness)
        faults.failNextCommit()
        let batch = "[" + [Self.add(7, name: "lost-7"), Self.add(8, name: "lost-8")].joined(separator: ",") + "]"
        let failed = try run((4...6).map { Self.add($0, name: "lost-\($0)") } + [batch], on: pipeline, harness)
        let last = try run((9...11).map { Self.add($0, name: "kept-\($0)") }, on: pipeline, harness)

        for reply in first + last {
            #expect(reply.objectValue?["result"] != nil, "\(reply)")
        }
        let failures = failed.prefix(3) + (failed.last?.arrayValue ?? [])
        #expect(failures.count == 5)
        for reply in failures {
            #expect(reply.objectValue?["error"]?.objectValue?["code"]?.numberValue?.int64 == -32005, "\(reply)")
        }
        let names = harness.store.snapshot().places(of: Self.caller.uid).map(\.name)
        #expect(names == ["kept-1", "kept-2", "kept-3", "kept-9", "kept-10", "kept-11"])
    }
}
