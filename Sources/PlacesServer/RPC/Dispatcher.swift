import PlacesModel
import PlacesProtocol
import PlacesSealing
import PlacesState
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
    /// Runs `server.backup`.
    let backups: BackupRunner
    /// The staged imports of every connection.
    let staging = ImportStaging()

    init(
        store: PlaceStore, statistics: ServerStatistics, settings: LiveSettings, hub: SubscriptionHub,
        unlockThrottle: UnlockThrottle = UnlockThrottle(), logger: Logger? = nil,
        backups: BackupRunner = .unavailable
    ) {
        self.store = store
        self.statistics = statistics
        self.settings = settings
        self.hub = hub
        self.unlockThrottle = unlockThrottle
        self.logger = logger
        self.backups = backups
    }

    /// The store submission for `mutation`: once its batch is committed (or failed), what the store made of it
    /// goes to `sink` for `address` (nothing for a notification), for the loop to write as the reply.
    ///
    /// The completion runs on the store's writer, which wakes the loops once it answered the whole batch (see
    /// `PlaceStore.setCompletionsDeliveredHandler(_:)`); writing the reply is left to the loop, so that the writer
    /// goes on with the next batch sooner.
    func submission(
        for mutation: Mutation, omissions: ImportOmissions = ImportOmissions(), id: RPCID?, owner: UserID,
        sink: ReplySink, address: ReplyAddress
    ) -> PendingMutation {
        PendingMutation(mutation, owner: owner) { outcome in
            guard let id else { return sink.deliver([], to: address, deferringSignal: true) }
            // The owner's revision right after this commit: later ones may be published by the time the loop writes.
            let revision: Int64?
            switch outcome {
            case .success(.moved), .success(.imported): revision = self.store.snapshot().revision(of: owner)
            default: revision = nil
            }
            sink.deliver(ChangeReply(id: id, outcome: outcome, revision: revision, omissions: omissions), to: address)
        }
    }

    /// Hands `submissions` (gathered by an event loop over one turn) to the store's writer together, leaving the
    /// array empty with its storage kept.
    func submit(_ submissions: inout [PendingMutation]) {
        store.submit(contentsOf: &submissions)
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

    /// Writes a change's reply line.
    static func write(_ reply: ChangeReply, to out: inout JSONWriter) {
        let id = reply.id
        let revision = reply.revision ?? 0
        switch reply.outcome {
        case .success(.added(let place)), .success(.updated(let place)):
            RPCEnvelope.writeResult(id: id, to: &out) { writer in
                PlaceEncoding.write(place, includeOwner: false, to: &writer)
            }
        case .success(.moved(let place, let index)):
            RPCEnvelope.writeResult(id: id, to: &out) { writer in
                MoveResult.write(id: place.id, index: index, revision: revision, to: &writer)
            }
        case .success(.imported(_, let tally)):
            let result = ImportResult(
                added: Int64(tally.added), replaced: Int64(tally.replaced), skippedIDInUse: Int64(tally.skippedIDInUse),
                skippedDuplicates: Int64(tally.skippedDuplicates), omissions: reply.omissions, isDryRun: tally.isDryRun)
            RPCEnvelope.writeResult(id: id, to: &out) { writer in result.write(revision: revision, to: &writer) }
        case .success(.removed(let place)):
            RPCEnvelope.writeResult(id: id, to: &out) { writer in RemoveResult.write(id: place.id, to: &writer) }
        case .success(.undone):
            // An undo is answered by its own deferred work (`Dispatcher.undo`), never through here.
            RPCEnvelope.writeError(id: id, error: .internalError("an undo was answered as a change"), to: &out)
        case .failure(let error):
            RPCEnvelope.writeError(id: id, error: RPCError(error), to: &out)
        }
    }
}
