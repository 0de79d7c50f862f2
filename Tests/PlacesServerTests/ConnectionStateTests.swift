import PlacesProtocol
import PlacesSystem
import Testing

@testable import PlacesServer

/// A connection's life as `ConnectionState`: every transition, what each state reports, and that every legal
/// sequence of events ends closed.
@Suite("Connection state")
struct ConnectionStateTests {
    /// One state, one event, and the state it must lead to (nil: the event cannot happen there).
    struct Transition: CustomTestStringConvertible, Sendable {
        let state: ConnectionState
        let event: ConnectionState.Event
        let next: ConnectionState?

        var testDescription: String { "\(state) + \(event) -> \(next.map { "\($0)" } ?? "trap")" }
    }

    /// Every pair of a state and an event, written out by hand.
    static let transitions: [Transition] = [
        Transition(state: .reading, event: .peerStoppedWriting, next: .readingToEnd),
        Transition(state: .reading, event: .endOfInput, next: .inputClosed),
        Transition(state: .reading, event: .stopReading, next: .inputClosed),
        Transition(state: .reading, event: .protocolError, next: .closingAfterFlush),
        Transition(state: .reading, event: .close, next: .closed),
        Transition(state: .readingToEnd, event: .peerStoppedWriting, next: .readingToEnd),
        Transition(state: .readingToEnd, event: .endOfInput, next: .inputClosed),
        Transition(state: .readingToEnd, event: .stopReading, next: .inputClosed),
        Transition(state: .readingToEnd, event: .protocolError, next: .closingAfterFlush),
        Transition(state: .readingToEnd, event: .close, next: .closed),
        Transition(state: .inputClosed, event: .peerStoppedWriting, next: .inputClosed),
        Transition(state: .inputClosed, event: .endOfInput, next: nil),
        Transition(state: .inputClosed, event: .stopReading, next: .inputClosed),
        Transition(state: .inputClosed, event: .protocolError, next: .closingAfterFlush),
        Transition(state: .inputClosed, event: .close, next: .closed),
        Transition(state: .closingAfterFlush, event: .peerStoppedWriting, next: .closingAfterFlush),
        Transition(state: .closingAfterFlush, event: .endOfInput, next: nil),
        Transition(state: .closingAfterFlush, event: .stopReading, next: .closingAfterFlush),
        Transition(state: .closingAfterFlush, event: .protocolError, next: nil),
        Transition(state: .closingAfterFlush, event: .close, next: .closed),
        Transition(state: .closed, event: .peerStoppedWriting, next: nil),
        Transition(state: .closed, event: .endOfInput, next: nil),
        Transition(state: .closed, event: .stopReading, next: nil),
        Transition(state: .closed, event: .protocolError, next: nil),
        Transition(state: .closed, event: .close, next: nil),
    ]

    @Test func theTableNamesEveryPairOnce() {
        let pairs = Self.transitions.map { "\($0.state) \($0.event)" }
        #expect(Set(pairs).count == pairs.count)
        #expect(pairs.count == ConnectionState.allCases.count * ConnectionState.Event.allCases.count)
    }

    @Test(arguments: transitions)
    func leadsWhereTheTableSays(_ transition: Transition) {
        #expect(transition.state.after(transition.event) == transition.next)
        if let next = transition.next {
            var state = transition.state
            state.handle(transition.event)
            #expect(state == next)
        }
    }

    /// What each state reports, in the order `isReadable`, `trustsShortReads`, `takesRequests`,
    /// `closesAfterFlush`, `closesWhenDrained`, `isClosed`.
    @Test(arguments: [
        (ConnectionState.reading, [true, true, true, false, false, false]),
        (.readingToEnd, [true, false, true, false, false, false]),
        (.inputClosed, [false, false, true, false, true, false]),
        (.closingAfterFlush, [false, false, false, true, true, false]),
        (.closed, [false, false, false, false, false, true]),
    ])
    func reports(_ state: ConnectionState, _ expected: [Bool]) {
        let reported = [
            state.isReadable, state.trustsShortReads, state.takesRequests, state.closesAfterFlush,
            state.closesWhenDrained, state.isClosed,
        ]
        #expect(reported == expected)
    }

    @Test func theNamedTransitionsAreTheEvents() {
        var state = ConnectionState.reading
        state.peerStoppedWriting()
        #expect(state == .readingToEnd)
        state.reachedEndOfInput()
        #expect(state == .inputClosed)
        state.stopReading()
        #expect(state == .inputClosed)
        state.closeAfterFlush()
        #expect(state == .closingAfterFlush)
        state.close()
        #expect(state == .closed)
    }

    /// Every sequence of up to six legal events from a new connection: closing is legal wherever it ends, leads to
    /// closed, and closed takes nothing more; once nothing is read, nothing is read again.
    @Test func everyLegalSequenceEndsClosed() {
        var frontier: [ConnectionState] = [.reading]
        var sequences = 0
        for _ in 0..<6 {
            var next: [ConnectionState] = []
            for state in frontier where state != .closed {
                #expect(state.after(.close) == .closed, "a connection in \(state) can always be closed")
                for event in ConnectionState.Event.allCases {
                    guard let after = state.after(event) else { continue }
                    if !state.isReadable { #expect(!after.isReadable, "\(state) + \(event) reads again") }
                    if !state.takesRequests { #expect(!after.takesRequests, "\(state) + \(event) takes again") }
                    next.append(after)
                    sequences += 1
                }
            }
            frontier = next
        }
        #expect(sequences > 1000)
        for event in ConnectionState.Event.allCases {
            #expect(ConnectionState.closed.after(event) == nil, "closed takes \(event)")
        }
    }

    @Test func anImpossibleTransitionTraps() async {
        await #expect(processExitsWith: .failure) {
            var state = ConnectionState.closed
            state.close()
        }
        await #expect(processExitsWith: .failure) {
            var state = ConnectionState.inputClosed
            state.reachedEndOfInput()
        }
    }

    @Test func anOverlongLineIsAnsweredAndTheConnectionClosesAfterIt() throws {
        let harness = try DispatcherHarness()
        let caller = Caller(uid: 1000, gid: 1000, isAdmin: false)
        let connection = Connection(
            id: 2, fd: FileDescriptor(rawValue: -1), caller: caller, context: harness.context(for: caller),
            maximumLineBytes: 16)
        #expect(connection.state == .reading)
        #expect(connection.mayTakeRequest(budgets: ReplyBudgets(), userLimit: 1 << 20))
        connection.framer.append(Array(repeating: UInt8(ascii: "x"), count: 64))
        guard case .tooLong = connection.framer.nextLine() else {
            Issue.record("the framer took a line over its limit")
            return
        }
        connection.endAfterOverlongLine()
        #expect(connection.state == .closingAfterFlush)
        #expect(!connection.mayTakeRequest(budgets: ReplyBudgets(), userLimit: 1 << 20))
        let reply = String(decoding: connection.output.bytes, as: UTF8.self)
        #expect(reply.contains("-32600") && reply.contains("\"id\":null"))
    }
}
