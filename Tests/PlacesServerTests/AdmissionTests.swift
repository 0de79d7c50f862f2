import PlacesProtocol
import PlacesStore
import PlacesSystem
import Testing

@testable import PlacesServer

/// Who may connect: `--max-connections`, `--max-connections-per-user` and the administrators.
@Suite struct ConnectionAdmissionTests {
    private func credentials(uid: UInt32, gid: UInt32 = 100) -> PeerCredentials {
        PeerCredentials(pid: 1, uid: uid, gid: gid)
    }

    @Test func theTotalLimitComesFirstAndARefusalCountsNothing() {
        let statistics = ServerStatistics()
        let admission = ConnectionAdmission(statistics: statistics)
        #expect(admission.admit(uid: 1000, maximumConnections: 2, maximumConnectionsPerUser: 5) == .admitted(open: 1))
        #expect(admission.admit(uid: 2000, maximumConnections: 2, maximumConnectionsPerUser: 5) == .admitted(open: 2))
        #expect(
            admission.admit(uid: 3000, maximumConnections: 2, maximumConnectionsPerUser: 5)
                == .refused(
                    reply: "Too many connections: the limit is 2.", log: "Refused a connection: 2 connections are open."
                ))
        #expect(statistics.connections.load(ordering: .relaxed) == 2)
        #expect(statistics.connectionCount(of: 3000) == 0)
        #expect(admission.release(uid: 1000) == 1)
        #expect(admission.admit(uid: 3000, maximumConnections: 2, maximumConnectionsPerUser: 5) == .admitted(open: 2))
    }

    @Test func aUserOverItsLimitIsRefusedWhileOthersAreNot() {
        let statistics = ServerStatistics()
        let admission = ConnectionAdmission(statistics: statistics)
        for open in 1...2 {
            #expect(
                admission.admit(uid: 1000, maximumConnections: 10, maximumConnectionsPerUser: 2)
                    == .admitted(open: open))
        }
        guard
            case .refused(let reply, let log) = admission.admit(
                uid: 1000, maximumConnections: 10, maximumConnectionsPerUser: 2)
        else {
            Issue.record("the third connection of uid 1000 was admitted")
            return
        }
        #expect(reply == "Too many connections from uid 1000: the per-user limit is 2.")
        #expect(log.contains("uid 1000"))
        #expect(statistics.connections.load(ordering: .relaxed) == 2, "the refused one is not counted")
        #expect(admission.admit(uid: 0, maximumConnections: 10, maximumConnectionsPerUser: 2) == .admitted(open: 3))
    }

    @Test func theRefusalIsOneLimitErrorWithIDNull() throws {
        let line = ConnectionAdmission.refusalLine("Too many connections: the limit is 2.")
        #expect(line.last == UInt8(ascii: "\n"))
        let reply = try JSONParser.parse(Array(line.dropLast()))
        #expect(reply["id"] == .null)
        #expect(reply["error"]?["code"]?.numberValue?.int64 == Int64(RPCErrorCode.limitReached))
        #expect(reply["error"]?["message"]?.stringValue?.hasSuffix("Too many connections: the limit is 2.") == true)
    }

    @Test func rootAndTheAdminGroupAreAdministrators() {
        var asked = 0
        let groups = { () -> [UInt32]? in
            asked += 1
            return [20, 30]
        }
        #expect(ConnectionAdmission.caller(credentials(uid: 0), adminGroupID: nil, groups: groups).isAdmin)
        #expect(!ConnectionAdmission.caller(credentials(uid: 1000), adminGroupID: nil, groups: groups).isAdmin)
        #expect(asked == 0, "no admin group: the groups are not asked for")
        #expect(ConnectionAdmission.caller(credentials(uid: 1000, gid: 30), adminGroupID: 30, groups: groups).isAdmin)
        #expect(asked == 0, "the primary group is enough")
        #expect(ConnectionAdmission.caller(credentials(uid: 1000), adminGroupID: 20, groups: groups).isAdmin)
        #expect(!ConnectionAdmission.caller(credentials(uid: 1000), adminGroupID: 40, groups: groups).isAdmin)
        #expect(!ConnectionAdmission.caller(credentials(uid: 1000), adminGroupID: 20, groups: { nil }).isAdmin)
        let caller = ConnectionAdmission.caller(credentials(uid: 1000, gid: 7), adminGroupID: nil, groups: groups)
        #expect(caller == Caller(uid: 1000, gid: 7, isAdmin: false))
    }
}

/// When a connection's next request is taken: requests in flight, unread replies and the user's reply budget.
@Suite struct RequestAdmissionTests {
    private static let mebibyte = 1 << 20

    /// An admission for uid 1000 with the sink of connection `token`, and a way to ask it.
    private struct Subject {
        var admission: RequestAdmission
        let sink: ReplySink
        let budgets: ReplyBudgets
        let userLimit: Int

        mutating func verdict(waiting: Int = 0, unread: Int = 0) -> RequestAdmission.Verdict {
            admission.verdict(waiting: waiting, unread: unread, budgets: budgets, userLimit: userLimit, waiter: sink)
        }
    }

    private func subject(
        _ mailbox: LoopMailbox, token: UInt64 = 2, inFlight: Int = 10, replyBytes: Int = 64 << 20,
        budgets: ReplyBudgets, userLimit: Int = 8 << 20
    ) -> Subject {
        Subject(
            admission: RequestAdmission(maximumRequestsInFlight: inFlight, maximumReplyBytes: replyBytes, uid: 1000),
            sink: ReplySink(mailbox: mailbox, token: token), budgets: budgets, userLimit: userLimit)
    }

    @Test func theRequestLimitPausesOnceInARow() throws {
        var one = subject(try LoopMailbox(), inFlight: 2, budgets: ReplyBudgets())
        var verdicts = [one.verdict(waiting: 1), one.verdict(waiting: 2), one.verdict(waiting: 2)]
        #expect(verdicts == [.take, .pause(.requestsInFlight, isNew: true), .pause(.requestsInFlight, isNew: false)])
        #expect(one.admission.requestLimitPauses == 1)
        verdicts = [one.verdict(waiting: 1), one.verdict(waiting: 2)]
        #expect(verdicts == [.take, .pause(.requestsInFlight, isNew: true)])
        #expect(one.admission.requestLimitPauses == 2)
    }

    @Test func unreadRepliesBeyondTheFirstMebibyteComeFromTheUsersBudget() throws {
        let budgets = ReplyBudgets()
        var one = subject(try LoopMailbox(), replyBytes: 3 * Self.mebibyte, budgets: budgets)
        let first = one.verdict(unread: Self.mebibyte - 1)
        #expect(first == .take)
        #expect(budgets.reservedBytes(of: 1000) == 0, "the first MiB is the connection's own")
        let second = one.verdict(unread: 2 * Self.mebibyte)
        #expect(second == .take)
        #expect(one.admission.reservedReplyBytes == 2 * Self.mebibyte, "two chunks for the second and third MiB")
        let third = one.verdict(unread: 3 * Self.mebibyte)
        #expect(
            third == .pause(.unreadReplies(unread: 3 * Self.mebibyte, allowance: 3 * Self.mebibyte), isNew: true),
            "the connection's own bound")
        #expect(one.admission.replyLimitPauses == 1)
        #expect(one.admission.mostUnreadReplyBytes == 3 * Self.mebibyte)

        one.admission.releaseSurplus(unread: Self.mebibyte / 2, budgets: budgets)
        #expect(one.admission.reservedReplyBytes == Self.mebibyte, "half a MiB unread keeps one chunk of slack")
        one.admission.releaseSurplus(unread: 0, budgets: budgets)
        #expect(one.admission.reservedReplyBytes == 0, "nothing unread: every chunk goes back")
        #expect(budgets.reservedBytes(of: 1000) == 0)
    }

    @Test func aUserOutOfBudgetPausesAndIsWokenWhenAnotherGivesBack() throws {
        let mailbox = try LoopMailbox()
        let budgets = ReplyBudgets()
        var first = subject(mailbox, token: 2, budgets: budgets, userLimit: Self.mebibyte)
        var second = subject(mailbox, token: 3, budgets: budgets, userLimit: Self.mebibyte)
        let firstVerdict = first.verdict(unread: Self.mebibyte)
        #expect(firstVerdict == .take, "the user's one chunk")
        let refused = second.verdict(unread: Self.mebibyte)
        #expect(
            refused == .pause(.unreadReplies(unread: Self.mebibyte, allowance: Self.mebibyte), isNew: true),
            "none left for the second")

        first.admission.releaseAll(budgets: budgets, waiter: first.sink)
        var messages: [LoopMessage] = []
        mailbox.takeAll(into: &messages)
        let woken = messages.compactMap { message -> UInt64? in
            guard case .replyBudgetFreed(let token) = message else { return nil }
            return token
        }
        #expect(woken == [3], "the waiting connection is told")
        let retried = second.verdict(unread: Self.mebibyte)
        #expect(retried == .take)
        second.admission.releaseAll(budgets: budgets, waiter: second.sink)
        #expect(budgets.reservedBytes(of: 1000) == 0)
    }
}

/// Events for a watcher: written, dropped when stale, or the end of the subscription when it does not read.
@Suite struct SubscriberDeliveryTests {
    @Test func eventsPastTheLimitEndTheSubscriptionWithOneNotice() throws {
        let harness = try DispatcherHarness()
        let hub = harness.dispatcher.hub
        harness.store.setChangeObserver { hub.publish($0) }
        let delivery = SubscriberDelivery(hub: hub)
        let caller = Caller(uid: 1000, gid: 1000, isAdmin: false)
        _ = harness.send(#"{"jsonrpc":"2.0","id":1,"method":"places.watch"}"#, as: caller)
        _ = harness.send(
            #"{"jsonrpc":"2.0","id":2,"method":"places.add","params":{"latitude":1,"longitude":2}}"#, as: caller)
        guard case .events(let token, let generation, let bytes)? = harness.takeOtherMessages().first else {
            Issue.record("no events for the watcher")
            return
        }
        #expect(
            delivery.outcome(token: token, generation: generation, pending: 0, incoming: bytes.count, limit: 100_000)
                == .deliver)
        #expect(
            delivery.outcome(token: token, generation: generation + 1, pending: 0, incoming: 1, limit: 10) == .stale)
        guard
            case .overflow(let notice) = delivery.outcome(
                token: token, generation: generation, pending: 99_000, incoming: 2_000, limit: 100_000)
        else {
            Issue.record("no overflow past the limit")
            return
        }
        #expect(String(decoding: notice, as: UTF8.self).contains(#""method":"places.overflow""#))
        #expect(!harness.dispatcher.hub.isCurrent(token: token, generation: generation), "unsubscribed")
        #expect(
            delivery.outcome(token: token, generation: generation, pending: 0, incoming: 1, limit: 100_000) == .stale,
            "what was already on its way is dropped")
    }

    @Test func aClosedConnectionEndsItsSubscription() throws {
        let harness = try DispatcherHarness()
        let hub = harness.dispatcher.hub
        harness.store.setChangeObserver { hub.publish($0) }
        let delivery = SubscriberDelivery(hub: hub)
        _ = harness.send(#"{"jsonrpc":"2.0","id":1,"method":"places.watch"}"#)
        _ = harness.send(#"{"jsonrpc":"2.0","id":2,"method":"places.add","params":{"latitude":1,"longitude":2}}"#)
        guard case .events(let token, let generation, _)? = harness.takeOtherMessages().first else {
            Issue.record("no events for the watcher")
            return
        }
        delivery.end(token: token)
        #expect(!harness.dispatcher.hub.isCurrent(token: token, generation: generation))
    }
}

/// When a loop short of descriptors accepts again.
@Suite struct AcceptPauseTests {
    private static let retry = DescriptorShortage.retryNanoseconds

    @Test func aFailurePausesUntilTheRetryTimeOrAFreedDescriptor() {
        var pause = AcceptPause()
        #expect(!pause.isPaused)
        var due = pause.isDue(now: 0, isShuttingDown: false)
        #expect(!due, "nothing to resume")
        let unwatches = [pause.failed(now: 1_000), pause.failed(now: 2_000)]
        #expect(unwatches == [true, false], "the first failure unwatches the listener, later ones find it so")
        #expect(pause.timeout(-1, now: 2_000) == Int32((Self.retry + 999_999) / 1_000_000))
        #expect(pause.timeout(0, now: 2_000) == 0)
        due = pause.isDue(now: 2_000 + Self.retry - 1, isShuttingDown: false)
        #expect(!due)
        due = pause.isDue(now: 2_000 + Self.retry, isShuttingDown: false)
        #expect(due)
        #expect(!pause.isPaused)
        let ends = [pause.accepted(), pause.accepted()]
        #expect(ends == [true, false], "the first connection accepted again ends the shortage")

        _ = pause.failed(now: 5_000)
        pause.descriptorFreed()
        #expect(pause.timeout(-1, now: 5_000) == 0)
        due = pause.isDue(now: 5_000, isShuttingDown: false)
        #expect(due, "a closed connection's descriptor: at once")
    }

    @Test func shutdownEndsThePauseWithoutAccepting() {
        var pause = AcceptPause()
        _ = pause.failed(now: 0)
        let due = pause.isDue(now: .max, isShuttingDown: true)
        #expect(!due)
        #expect(!pause.isPaused)
        pause.descriptorFreed()
        #expect(!pause.isPaused, "nothing to resume")
    }
}
