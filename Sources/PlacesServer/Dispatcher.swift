import PlacesModel
import PlacesProtocol
import PlacesStore
import PlacesSystem

/// Turns request lines into response bytes: reads answer at once from the latest snapshot,
/// changes are answered after the store has committed them.
final class Dispatcher: Sendable {
    /// Receives the bytes of a reply that had to wait for the store (empty when there is nothing to send).
    typealias Completion = @Sendable ([UInt8]) -> Void

    let store: PlaceStore
    let statistics: ServerStatistics
    let settings: LiveSettings
    let hub: SubscriptionHub
    /// Counts wrong `server.unlock` keys and spaces out the attempts after repeated failures.
    let unlockThrottle: UnlockThrottle
    /// Writes the log; `server.unlock` logs every attempt.
    let logger: Logger?

    init(
        store: PlaceStore, statistics: ServerStatistics, settings: LiveSettings, hub: SubscriptionHub,
        unlockThrottle: UnlockThrottle = UnlockThrottle(), logger: Logger? = nil
    ) {
        self.store = store
        self.statistics = statistics
        self.settings = settings
        self.hub = hub
        self.unlockThrottle = unlockThrottle
        self.logger = logger
    }

    /// Handles one request line from `caller`.
    ///
    /// Returns `true` when the reply (if any) has been appended to `output`; `false` when it will be
    /// delivered later through `completion`, after which the connection may go on with its next line.
    func handle(
        line: [UInt8], caller: Caller, connection: ConnectionHandle, output: inout JSONWriter,
        completion: @escaping Completion
    ) -> Bool {
        switch RPCEnvelope.parse(line) {
        case .invalid(let failure):
            RPCEnvelope.writeError(id: failure.id, error: failure.error, to: &output)
            return true
        case .single(.failure(let failure)):
            if !failure.isNotification { RPCEnvelope.writeError(id: failure.id, error: failure.error, to: &output) }
            return true
        case .single(.success(let request)):
            switch execute(request, caller: caller, connection: connection) {
            case .reply(let result):
                if let id = request.id { Self.write(result, id: id, to: &output) }
                return true
            case let later:
                start(later, id: request.id, owner: caller.uid, deliver: completion)
                return false
            }
        case .batch(let items):
            guard
                let bytes = runBatch(
                    items[...], parts: [], caller: caller, connection: connection, completion: completion)
            else {
                return false
            }
            output.writeRaw(bytes)
            return true
        }
    }

    /// Runs a batch's requests in order; returns the reply when every one finished at once, or nil
    /// when one waits for the store, in which case `completion` receives the reply.
    private func runBatch(
        _ items: ArraySlice<Result<RPCRequest, RPCFailure>>, parts: [[UInt8]], caller: Caller,
        connection: ConnectionHandle, completion: @escaping Completion
    ) -> [UInt8]? {
        var parts = parts
        var remaining = items
        while let item = remaining.popFirst() {
            var part = JSONWriter()
            switch item {
            case .failure(let failure):
                if !failure.isNotification { RPCEnvelope.writeError(id: failure.id, error: failure.error, to: &part) }
            case .success(let request):
                switch execute(request, caller: caller, connection: connection) {
                case .reply(let result):
                    if let id = request.id { Self.write(result, id: id, to: &part) }
                case let later:
                    let rest = remaining
                    let partsSoFar = parts
                    start(later, id: request.id, owner: caller.uid) { [self] part in
                        let parts = partsSoFar + (part.isEmpty ? [] : [part])
                        if let bytes = runBatch(
                            rest, parts: parts, caller: caller, connection: connection, completion: completion)
                        {
                            completion(bytes)
                        }
                    }
                    return nil
                }
            }
            if !part.bytes.isEmpty { parts.append(part.bytes) }
        }
        return Self.joinBatch(parts)
    }

    /// Runs `execution` and hands its reply line to `deliver` (empty for a notification): at once for a ready
    /// reply, after the commit for a mutation, whenever deferred work finishes for the rest.
    private func start(
        _ execution: Execution, id: RPCID?, owner: UserID, deliver: @escaping Completion
    ) {
        switch execution {
        case .reply(let result):
            var reply = JSONWriter()
            if let id { Self.write(result, id: id, to: &reply) }
            deliver(reply.bytes)
        case .mutation(let mutation):
            store.submit(mutation, owner: owner) { outcome in
                var reply = JSONWriter()
                if let id { self.write(outcome, owner: owner, id: id, to: &reply) }
                deliver(reply.bytes)
            }
        case .deferred(let work):
            work { result in
                var reply = JSONWriter()
                let writer: Result<Execution.ResultWriter, RPCError> = result.map { write in { write(&$0) } }
                if let id { Self.write(writer, id: id, to: &reply) }
                deliver(reply.bytes)
            }
        }
    }

    /// Joins single-response lines into one batch response line; nothing when every request was a notification.
    private static func joinBatch(_ parts: [[UInt8]]) -> [UInt8] {
        guard !parts.isEmpty else { return [] }
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (index, part) in parts.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            // Each part is a response line; drop its newline inside the array.
            bytes.append(contentsOf: part.last == UInt8(ascii: "\n") ? part.dropLast() : part[...])
        }
        bytes.append(contentsOf: [UInt8(ascii: "]"), UInt8(ascii: "\n")])
        return bytes
    }

    private static func write(_ result: Result<Execution.ResultWriter, RPCError>, id: RPCID, to out: inout JSONWriter) {
        switch result {
        case .success(let writeResult): RPCEnvelope.writeResult(id: id, to: &out, writeResult)
        case .failure(let error): RPCEnvelope.writeError(id: id, error: error, to: &out)
        }
    }

    /// Writes a change's reply. `revision` in move and import results is the owner's revision once the change
    /// is committed (read from the snapshot published with it).
    private func write(
        _ outcome: Result<MutationOutcome, StoreError>, owner: UserID, id: RPCID, to out: inout JSONWriter
    ) {
        var revision: Int64 { store.snapshot().revision(of: owner) }
        switch outcome {
        case .success(.added(let place)), .success(.updated(let place)):
            RPCEnvelope.writeResult(id: id, to: &out) { writer in
                PlaceEncoding.write(place, includeOwner: false, to: &writer)
            }
        case .success(.moved(let place, let index)):
            RPCEnvelope.writeResult(id: id, to: &out) { writer in
                writer.writeRaw("{\"id\":")
                writer.writeString(place.id.description)
                writer.writeRaw(",\"index\":")
                writer.writeInt(Int64(index))
                writer.writeRaw(",\"revision\":")
                writer.writeInt(revision)
                writer.writeRaw("}")
            }
        case .success(.imported(let places)):
            RPCEnvelope.writeResult(id: id, to: &out) { writer in
                writer.writeRaw("{\"added\":")
                writer.writeInt(Int64(places.count))
                writer.writeRaw(",\"revision\":")
                writer.writeInt(revision)
                writer.writeRaw("}")
            }
        case .success(.removed(let place)):
            RPCEnvelope.writeResult(id: id, to: &out) { writer in
                writer.writeRaw("{\"id\":")
                writer.writeString(place.id.description)
                writer.writeRaw(",\"removed\":true}")
            }
        case .failure(let error):
            RPCEnvelope.writeError(id: id, error: RPCError(error), to: &out)
        }
    }
}
