import PlacesProtocol

extension RequestPipeline {
    /// One reply in the connection's order: a single request's line, or a batch's elements.
    enum Slot {
        /// A single request's reply line; nil while it waits.
        case single([UInt8]?)
        /// A batch's reply, element by element.
        case batch(BatchReply)

        /// Whether the reply is all there, to go out once every slot before it has.
        var isComplete: Bool {
            switch self {
            case .single(let bytes): bytes != nil
            case .batch(let reply): reply.isComplete
            }
        }
    }

    /// A batch's response lines, one per request (empty for a notification); nil while a request waits.
    struct BatchReply {
        /// The response line of each request, in the batch's order.
        var parts: [[UInt8]?]
        /// Requests of the batch not answered yet.
        var waitingCount = 0
        /// Whether every request of the batch has been taken (a held read stops the taking).
        var isTaken = false

        /// Whether every request of the batch has been taken and answered.
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
    enum Held {
        /// A single read request.
        case single(RPCRequest)
        /// The rest of a batch, from a read on, and the batch's slot.
        case batch(slot: UInt64, rest: ArraySlice<Result<RPCRequest, RPCFailure>>)
    }

    /// Answers `failure` now: into `output` when nothing waits, else into a slot of its own.
    func answer(to failure: RPCFailure, output: inout JSONWriter) {
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
    func push(_ slot: Slot) -> UInt64 {
        slots.append(slot)
        return firstSlotNumber + UInt64(slots.count - 1 - firstSlot)
    }

    /// Moves the complete replies at the front into `output`, in order.
    func moveReadyReplies(to output: inout JSONWriter) {
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
