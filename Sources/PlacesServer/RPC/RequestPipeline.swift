import PlacesProtocol
import PlacesStore

/// The requests of one connection between reading and replying: taken in the order they were read, answered in
/// that order.
///
/// A change goes to the store as soon as it is read, so one group commit serves a whole pipeline or batch. Any
/// other request (a read) is *held* until every change read before it on this connection is committed, and
/// nothing after it is taken meanwhile: it sees exactly the changes sent before it, none sent after. A reply
/// that is ready while an earlier request still waits is kept in a slot until the earlier one is answered.
///
/// Owned by its connection's event loop; replies that wait come back through `complete(_:bytes:…)`. Taking a
/// request is in `RequestPipeline+Taking`, the slots that keep replies in order in `RequestPipeline+Slots`.
final class RequestPipeline {
    /// The slots from the oldest reply not yet in the output on; `slots[firstSlot...]` are live.
    var slots: [Slot] = []
    /// The index in `slots` of the oldest live slot.
    var firstSlot = 0
    /// The number of `slots[firstSlot]`; slot numbers count up over the connection's life.
    var firstSlotNumber: UInt64 = 0
    /// The read that waits for the changes before it, if one does.
    var held: Held?

    /// Requests submitted to the store (or to deferred work) and not answered yet.
    ///
    /// This and the slots are changed only by the pipeline's own methods here and in its extensions.
    var waitingCount = 0
    /// Bytes of replies complete but kept in slots behind an earlier one.
    var keptBytes = 0

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
}
