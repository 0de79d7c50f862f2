import PlacesStore
import PlacesSystem
import Synchronization
import Testing

@testable import PlacesServer

/// The bookkeeping behind `--max-requests-in-flight`, `--max-reply-buffer`, `--max-reply-buffer-per-user` and
/// `--max-connections-per-user`.
@Suite("Connection limits")
struct ConnectionLimitsTests {
    private static let add = #"{"jsonrpc":"2.0","id":1,"method":"places.add","params":{"latitude":1,"longitude":2}}"#
    private static let mebibyte = 1 << 20

    private func connection(
        _ harness: DispatcherHarness, token: UInt64 = 2, inFlight: Int = 1024, replyBytes: Int = 64 << 20
    ) -> Connection {
        let caller = Caller(uid: 1000, gid: 1000, isAdmin: false)
        return Connection(
            id: token, fd: FileDescriptor(rawValue: -1), caller: caller,
            context: RequestContext(
                dispatcher: harness.dispatcher, caller: caller, sink: ReplySink(mailbox: harness.mailbox, token: token)),
            maximumLineBytes: 1 << 20, maximumRequestsInFlight: inFlight, maximumReplyBytes: replyBytes,
            subscriberBufferLimit: 1 << 20)
    }

    /// Pretends the socket took `count` more bytes.
    private func write(_ count: Int, on connection: Connection, budgets: ReplyBudgets) {
        connection.sentCount += count
        connection.discardSentOutput(budgets: budgets)
    }

    @Test func stopsTakingChangesAtTheLimitAndResumesAsTheyAreAnswered() throws {
        let harness = try DispatcherHarness()
        let budgets = ReplyBudgets()
        let connection = connection(harness, inFlight: 3)
        var submissions: [PendingMutation] = []
        var taken = 0
        while connection.mayTakeRequest(budgets: budgets, userLimit: Self.mebibyte) {
            connection.pipeline.take(
                Array(Self.add.utf8), in: connection.context, submissions: &submissions, output: &connection.output)
            connection.noteRequestsInFlight()
            taken += 1
        }
        #expect(taken == 3, "three changes wait, whose replies are not in yet")
        #expect(submissions.count == 3, "each went to the store without waiting for the one before")
        #expect(connection.admission.requestLimitPauses == 1)
        #expect(!connection.mayTakeRequest(budgets: budgets, userLimit: Self.mebibyte))
        #expect(connection.admission.requestLimitPauses == 1, "one pause however often it is asked")

        connection.pipeline.complete(
            ReplyAddress(slot: 0, part: 0), bytes: Array("{\"one\"}\n".utf8), in: connection.context,
            submissions: &submissions, output: &connection.output)
        #expect(connection.pipeline.waitingCount == 2)
        #expect(connection.mayTakeRequest(budgets: budgets, userLimit: Self.mebibyte))
        #expect(connection.admission.mostRequestsInFlight == 3)
        #expect(String(decoding: connection.output.bytes, as: UTF8.self) == "{\"one\"}\n")
    }

    @Test func aReadWaitsForTheChangesBeforeItAndStopsTheTaking() throws {
        let harness = try DispatcherHarness()
        let budgets = ReplyBudgets()
        let connection = connection(harness)
        var submissions: [PendingMutation] = []
        connection.pipeline.take(
            Array(Self.add.utf8), in: connection.context, submissions: &submissions, output: &connection.output)
        let list = #"{"jsonrpc":"2.0","id":2,"method":"places.list"}"#
        connection.pipeline.take(
            Array(list.utf8), in: connection.context, submissions: &submissions, output: &connection.output)
        #expect(connection.pipeline.isHolding)
        #expect(!connection.mayTakeRequest(budgets: budgets, userLimit: Self.mebibyte))
        #expect(connection.output.bytes.isEmpty)

        harness.store.submit(contentsOf: &submissions)
        let reply = try #require(harness.nextReply())
        connection.pipeline.complete(
            reply.address, bytes: reply.bytes, in: connection.context, submissions: &submissions,
            output: &connection.output)
        #expect(!connection.pipeline.isHolding)
        #expect(connection.pipeline.isIdle)
        let lines = String(decoding: connection.output.bytes, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.last?.contains(#""total":1"#) == true, "the list sees the add before it: \(lines)")
    }

    @Test func unreadRepliesStopTheTakingAtTheConnectionsBound() throws {
        let harness = try DispatcherHarness()
        let budgets = ReplyBudgets()
        let connection = connection(harness, replyBytes: 2 * Self.mebibyte)
        let limit = 8 * Self.mebibyte
        connection.output.writeRaw(Array(repeating: UInt8(ascii: "x"), count: Self.mebibyte - 1))
        #expect(connection.mayTakeRequest(budgets: budgets, userLimit: limit))
        #expect(budgets.reservedBytes(of: 1000) == 0, "the first MiB is the connection's own")
        connection.output.writeRaw([UInt8(ascii: "x")])
        #expect(connection.mayTakeRequest(budgets: budgets, userLimit: limit))
        #expect(budgets.reservedBytes(of: 1000) == ReplyBudgets.chunkBytes)
        connection.output.writeRaw(Array(repeating: UInt8(ascii: "x"), count: Self.mebibyte))
        #expect(!connection.mayTakeRequest(budgets: budgets, userLimit: limit), "2 MiB unread: the bound")
        #expect(budgets.reservedBytes(of: 1000) == ReplyBudgets.chunkBytes)

        write(Self.mebibyte, on: connection, budgets: budgets)
        #expect(connection.mayTakeRequest(budgets: budgets, userLimit: limit))
        write(connection.pendingOutputCount, on: connection, budgets: budgets)
        #expect(budgets.reservedBytes(of: 1000) == 0, "read replies give the budget back")
    }

    @Test func aUsersConnectionsShareItsReplyBudget() throws {
        let harness = try DispatcherHarness()
        let budgets = ReplyBudgets()
        let first = connection(harness, token: 2)
        let second = connection(harness, token: 3)
        let limit = Self.mebibyte
        for connection in [first, second] {
            connection.output.writeRaw(Array(repeating: UInt8(ascii: "x"), count: Self.mebibyte))
        }
        #expect(first.mayTakeRequest(budgets: budgets, userLimit: limit), "the user's one chunk")
        #expect(!second.mayTakeRequest(budgets: budgets, userLimit: limit), "none left for the second")
        #expect(harness.takeOtherMessages().isEmpty)

        write(first.pendingOutputCount, on: first, budgets: budgets)
        let woken = harness.takeOtherMessages().compactMap { message -> UInt64? in
            guard case .replyBudgetFreed(let token) = message else { return nil }
            return token
        }
        #expect(woken == [3], "the waiting connection is told")
        #expect(second.mayTakeRequest(budgets: budgets, userLimit: limit))
        second.releaseReplyBudget(budgets)
        #expect(budgets.reservedBytes(of: 1000) == 0)
    }

    @Test func perUserCountsAreSeparate() {
        let statistics = ServerStatistics()
        #expect(statistics.admitConnection(of: 1000, limit: 2))
        #expect(statistics.admitConnection(of: 1000, limit: 2))
        #expect(!statistics.admitConnection(of: 1000, limit: 2))
        #expect(statistics.admitConnection(of: 0, limit: 2), "another uid is not affected")
        #expect(statistics.connectionCount(of: 1000) == 2)
        statistics.releaseConnection(of: 1000)
        #expect(statistics.admitConnection(of: 1000, limit: 2), "a closed connection frees its slot")
        #expect(!statistics.admitConnection(of: 0, limit: 1), "root is not exempt")
        statistics.releaseConnection(of: 0)
        statistics.releaseConnection(of: 0)
        #expect(statistics.connectionCount(of: 0) == 0)
    }

    @Test func perUserCountsHoldAcrossThreads() throws {
        let statistics = ServerStatistics()
        let held = Atomic<Int>(0)
        let mostHeld = Atomic<Int>(0)
        let threads = try (0..<8).map { index in
            try SystemThread.spawn(name: "limits-\(index)") {
                for _ in 0..<5_000 {
                    guard statistics.admitConnection(of: 42, limit: 3) else { continue }
                    let now = held.add(1, ordering: .relaxed).newValue
                    mostHeld.max(now, ordering: .relaxed)
                    held.subtract(1, ordering: .relaxed)
                    statistics.releaseConnection(of: 42)
                }
            }
        }
        for thread in threads { thread.join() }
        #expect(mostHeld.load(ordering: .relaxed) <= 3)
        #expect(statistics.connectionCount(of: 42) == 0)
    }
}
