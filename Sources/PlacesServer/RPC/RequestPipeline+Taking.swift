import PlacesProtocol
import PlacesStore

extension RequestPipeline {
    /// Runs `request` now, or holds it when it is a read and a change before it still waits.
    func take(
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
    func run(
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
    func takeBatch(
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
        case .mutation(let mutation, let omissions):
            submissions.append(
                context.dispatcher.submission(
                    for: mutation, omissions: omissions, id: id, owner: context.caller.uid, sink: context.sink,
                    address: address))
        case .deferred(let work):
            context.dispatcher.start(work, id: id, sink: context.sink, address: address)
        }
    }
}
