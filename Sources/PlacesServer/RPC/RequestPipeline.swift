import PlacesProtocol
import PlacesSealing
import PlacesState
import PlacesStore

/// The requests of one connection between reading and replying: taken in the order they were read, answered in
/// that order.
///
/// A change goes to the store as soon as it is read, so one group commit serves a whole pipeline or batch. Any
/// other request (a read) is *held* until every change read before it on this connection is committed, and
/// nothing after it is taken meanwhile: it sees exactly the changes sent before it, none sent after. A reply
/// that is ready while an earlier request still waits is kept in a slot until the earlier one is answered.
///
/// Owned by its connection's event loop; replies that wait come back through `complete(_:bytes:…)`.
final class RequestPipeline {
    /// One reply in the connection's order: a single request's line, or a batch's elements.
    private enum Slot {
        /// A single request's reply line; nil while it waits.
        case single([UInt8]?)
        /// A batch's reply, element by element.
        case batch(BatchReply)

        var isComplete: Bool {
            switch self {
            case .single(let bytes): bytes != nil
            case .batch(let reply): reply.isComplete
            }
        }
    }

    /// A batch's response lines, one per request (empty for a notification); nil while a request waits.
    private struct BatchReply {
        var parts: [[UInt8]?]
        /// Requests of the batch not answered yet.
        var waitingCount = 0
        /// Whether every request of the batch has been taken (a held read stops the taking).
        var isTaken = false

        var isComplete: Bool { isTaken && waitingCount == 0 }

        /// The batch's response line: the parts as one array, nothing when every request was a notification.
        func joined() -> [UInt8] {
            var bytes: [UInt8] = []
            for part in parts {
                guard let part, !part.isEmpty else { continue }
                bytes.append(bytes.isEmpty ? UInt8(ascii: "[") : UInt8(ascii: ","))
                // Each part is a response line; its newline goes inside the array.
                bytes.append(contentsOf: part.last == UInt8(ascii: "\n") ? part.dropLast() : part[...])
            }
            guard !bytes.isEmpty else { return [] }
            bytes.append(contentsOf: [UInt8(ascii: "]"), UInt8(ascii: "\n")])
            return bytes
        }
    }

    /// A read waiting for the changes before it, with what comes after it in the same line.
    private enum Held {
        /// A single read request.
        case single(RPCRequest)
        /// The rest of a batch, from a read on, and the batch's slot.
        case batch(slot: UInt64, rest: ArraySlice<Result<RPCRequest, RPCFailure>>)
    }

    /// The slots from the oldest reply not yet in the output on; `slots[firstSlot...]` are live.
    private var slots: [Slot] = []
    private var firstSlot = 0
    /// The number of `slots[firstSlot]`; slot numbers count up over the connection's life.
    private var firstSlotNumber: UInt64 = 0
    private var held: Held?

    /// Requests submitted to the store (or to deferred work) and not answered yet.
    private(set) var waitingCount = 0
    /// Bytes of replies complete but kept in slots behind an earlier one.
    private(set) var keptBytes = 0

    /// Whether a read waits for the changes before it; no more lines may be taken until it has run.
    var isHolding: Bool { held != nil }

    /// Whether every request taken has been answered into the output.
    var isIdle: Bool { held == nil && waitingCount == 0 && firstSlot == slots.count }

    /// Takes one request line: answers it into `output` if it can be answered now (and nothing before it
    /// waits), submits its changes by appending them to `submissions`, or holds it. Call only while not
    /// `isHolding`.
    func take(
        _ line: [UInt8], in context: RequestContext, submissions: inout [PendingMutation], output: inout JSONWriter
    ) {
        precondition(held == nil, "a line was taken while a read was held")
        switch RPCEnvelope.parse(line) {
        case .invalid(let failure), .single(.failure(let failure)):
            answer(to: failure, output: &output)
        case .single(.success(let request)):
            take(request, in: context, submissions: &submissions, output: &output)
        case .batch(let items):
            let slot = push(.batch(BatchReply(parts: Array(repeating: nil, count: items.count))))
            takeBatch(items[...], slot: slot, in: context, submissions: &submissions, output: &output)
        }
    }

    /// Stores the reply that waited at `address` and moves every reply that is now next into `output`; runs a
    /// held read once nothing waits any more.
    func complete(
        _ address: ReplyAddress, bytes: [UInt8], in context: RequestContext, submissions: inout [PendingMutation],
        output: inout JSONWriter
    ) {
        precondition(address.slot >= firstSlotNumber, "slot \(address.slot) was answered twice")
        let index = firstSlot + Int(address.slot - firstSlotNumber)
        waitingCount -= 1
        keptBytes += bytes.count
        switch slots[index] {
        case .single(let existing):
            precondition(existing == nil, "slot \(address.slot) was answered twice")
            slots[index] = .single(bytes)
        case .batch(var reply):
            precondition(reply.parts[address.part] == nil, "part \(address.part) was answered twice")
            slots[index] = .single(nil)  // the reply is unique while it is edited
            reply.parts[address.part] = bytes
            reply.waitingCount -= 1
            slots[index] = .batch(reply)
        }
        moveReadyReplies(to: &output)
        guard waitingCount == 0, let held else { return }
        self.held = nil
        switch held {
        case .single(let request):
            run(
                request, method: Method(rawValue: request.method), in: context, submissions: &submissions,
                output: &output)
        case .batch(let slot, let rest):
            takeBatch(rest, slot: slot, in: context, submissions: &submissions, output: &output)
        }
    }

    /// Appends lines that answer no request taken (change events, the error that ends a connection): straight
    /// into `output` unless a reply before them still waits, in which case they follow it.
    func appendUnsolicited(_ bytes: [UInt8], output: inout JSONWriter) {
        if firstSlot == slots.count {
            output.writeRaw(bytes)
        } else {
            push(.single(bytes))
            keptBytes += bytes.count
        }
    }

    // MARK: Taking

    private func take(
        _ request: RPCRequest, in context: RequestContext, submissions: inout [PendingMutation],
        output: inout JSONWriter
    ) {
        let method = Method(rawValue: request.method)
        guard method?.isChange == true || waitingCount == 0 else {
            held = .single(request)
            return
        }
        run(request, method: method, in: context, submissions: &submissions, output: &output)
    }

    /// Runs one request whose turn it is.
    private func run(
        _ request: RPCRequest, method: Method?, in context: RequestContext, submissions: inout [PendingMutation],
        output: inout JSONWriter
    ) {
        switch context.dispatcher.execute(request, method: method, caller: context.caller, sink: context.sink) {
        case .reply(let result):
            guard let id = request.id else { return }
            if firstSlot == slots.count {
                Dispatcher.write(result, id: id, to: &output)
            } else {
                var line = JSONWriter()
                Dispatcher.write(result, id: id, to: &line)
                push(.single(line.bytes))
                keptBytes += line.bytes.count
            }
        case let later:
            let slot = push(.single(nil))
            wait(
                for: later, id: request.id, at: ReplyAddress(slot: slot, part: 0), in: context,
                submissions: &submissions)
        }
    }

    /// Takes a batch's requests from `items` on, into the batch's slot, until the end or a read that has to wait.
    private func takeBatch(
        _ items: ArraySlice<Result<RPCRequest, RPCFailure>>, slot: UInt64, in context: RequestContext,
        submissions: inout [PendingMutation], output: inout JSONWriter
    ) {
        let index = firstSlot + Int(slot - firstSlotNumber)
        guard case .batch(var reply) = slots[index] else { preconditionFailure("slot \(slot) is not a batch") }
        slots[index] = .single(nil)  // the reply is unique while it is edited
        var part = items.startIndex
        while part < items.endIndex {
            switch items[part] {
            case .failure(let failure):
                var line = JSONWriter()
                RPCEnvelope.writeError(failure, to: &line)
                reply.parts[part] = line.bytes
                keptBytes += line.bytes.count
            case .success(let request):
                let method = Method(rawValue: request.method)
                guard method?.isChange == true || waitingCount == 0 else {
                    slots[index] = .batch(reply)
                    held = .batch(slot: slot, rest: items[part...])
                    return
                }
                switch context.dispatcher.execute(
                    request, method: method, caller: context.caller, sink: context.sink)
                {
                case .reply(let result):
                    var line = JSONWriter()
                    if let id = request.id { Dispatcher.write(result, id: id, to: &line) }
                    reply.parts[part] = line.bytes
                    keptBytes += line.bytes.count
                case let later:
                    reply.waitingCount += 1
                    wait(
                        for: later, id: request.id, at: ReplyAddress(slot: slot, part: part), in: context,
                        submissions: &submissions)
                }
            }
            part += 1
        }
        reply.isTaken = true
        slots[index] = .batch(reply)
        moveReadyReplies(to: &output)
    }

    /// Starts a change or deferred work whose reply comes back to `address`.
    private func wait(
        for execution: Execution, id: RPCID?, at address: ReplyAddress, in context: RequestContext,
        submissions: inout [PendingMutation]
    ) {
        waitingCount += 1
        switch execution {
        case .reply:
            preconditionFailure("a ready reply does not wait")
        case .mutation(let mutation):
            submissions.append(
                context.dispatcher.submission(
                    for: mutation, id: id, owner: context.caller.uid, sink: context.sink, address: address))
        case .deferred(let work):
            context.dispatcher.start(work, id: id, sink: context.sink, address: address)
        }
    }

    // MARK: Slots

    /// Answers `failure` now: into `output` when nothing waits, else into a slot of its own.
    private func answer(to failure: RPCFailure, output: inout JSONWriter) {
        if firstSlot == slots.count {
            RPCEnvelope.writeError(failure, to: &output)
        } else {
            var line = JSONWriter()
            RPCEnvelope.writeError(failure, to: &line)
            push(.single(line.bytes))
            keptBytes += line.bytes.count
        }
    }

    /// Appends `slot` after the others; returns its number.
    @discardableResult
    private func push(_ slot: Slot) -> UInt64 {
        slots.append(slot)
        return firstSlotNumber + UInt64(slots.count - 1 - firstSlot)
    }

    /// Moves the complete replies at the front into `output`, in order.
    private func moveReadyReplies(to output: inout JSONWriter) {
        while firstSlot < slots.count, slots[firstSlot].isComplete {
            switch slots[firstSlot] {
            case .single(let bytes?):
                output.writeRaw(bytes)
                keptBytes -= bytes.count
            case .batch(let reply):
                for bytes in reply.parts { keptBytes -= bytes?.count ?? 0 }
                output.writeRaw(reply.joined())
            case .single(nil):
                preconditionFailure("an incomplete slot counted as complete")
            }
            slots[firstSlot] = .single(nil)
            firstSlot += 1
            firstSlotNumber += 1
        }
        if firstSlot == slots.count {
            slots.removeAll(keepingCapacity: true)
            firstSlot = 0
        } else if firstSlot >= 1024, firstSlot * 2 >= slots.count {
            slots.removeFirst(firstSlot)
            firstSlot = 0
        }
    }
}

/// What a connection's requests run with: the dispatcher, who sent them, and where replies that wait come back.
struct RequestContext {
    /// Runs the requests.
    let dispatcher: Dispatcher
    /// The connection's client.
    let caller: Caller
    /// The connection's way back from other threads.
    let sink: ReplySink
}
