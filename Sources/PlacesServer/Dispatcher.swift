import PlacesModel
import PlacesProtocol
import PlacesStore
import PlacesSystem

/// Runs requests: reads answer at once from the latest snapshot, changes are answered after the store has
/// committed them.
final class Dispatcher: Sendable {
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

    /// The store submission for `mutation`: once its batch is committed (or failed), its reply (nothing for a
    /// notification) goes to `sink` for `address`.
    ///
    /// The completion runs on the store's writer, which wakes the loops once it answered the whole batch (see
    /// `PlaceStore.setCompletionsDeliveredHandler(_:)`).
    func submission(
        for mutation: Mutation, id: RPCID?, owner: UserID, sink: ReplySink, address: ReplyAddress
    ) -> PendingMutation {
        PendingMutation(mutation, owner: owner) { outcome in
            var reply = JSONWriter()
            if let id { self.write(outcome, owner: owner, id: id, to: &reply) }
            sink.deliver(reply.bytes, to: address, deferringSignal: true)
        }
    }

    /// Starts deferred work (e.g. `server.unlock`); its reply (nothing for a notification) goes to `sink` for
    /// `address` when it finishes.
    func start(_ work: Execution.DeferredWork, id: RPCID?, sink: ReplySink, address: ReplyAddress) {
        work { result in
            var reply = JSONWriter()
            let writer: Result<Execution.ResultWriter, RPCError> = result.map { write in { write(&$0) } }
            if let id { Self.write(writer, id: id, to: &reply) }
            sink.deliver(reply.bytes, to: address)
        }
    }

    /// Writes the response line for a result ready now.
    static func write(_ result: Result<Execution.ResultWriter, RPCError>, id: RPCID, to out: inout JSONWriter) {
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
