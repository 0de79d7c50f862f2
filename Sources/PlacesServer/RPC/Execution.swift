import PlacesModel
import PlacesProtocol
import PlacesSealing
import PlacesState
import PlacesStore

/// What a method asks the dispatcher to do: answer now, or wait for the store to commit a change.
enum Execution {
    /// Writes the result into a response.
    typealias ResultWriter = (inout JSONWriter) -> Void

    /// The answer is ready: a result, or an error.
    case reply(Result<ResultWriter, RPCError>)
    /// A change the caller asked for; answered once it is committed. For an import, what its document left out,
    /// which the reply reports.
    case mutation(Mutation, omissions: ImportOmissions = ImportOmissions())
    /// Work that answers later, on another thread, by calling its argument once (e.g. `server.unlock`).
    case deferred(DeferredWork)

    /// Work that answers later by calling its argument once.
    typealias DeferredWork = @Sendable (_ finish: @escaping @Sendable (DeferredResult) -> Void) -> Void

    /// What deferred work answers: a result written by a sendable writer, or an error.
    typealias DeferredResult = Result<@Sendable (inout JSONWriter) -> Void, RPCError>

    /// An answer carrying `error`.
    static func failure(_ error: RPCError) -> Execution {
        .reply(.failure(error))
    }

    /// An answer whose result `write` writes.
    static func success(_ write: @escaping ResultWriter) -> Execution {
        .reply(.success(write))
    }
}

extension RPCError {
    /// The wire error for a store refusal.
    init(_ error: StoreError) {
        switch error {
        case .notFound(let id): self = .notFound(id: id.description)
        case .conflict(let currentVersion): self = .conflict(currentVersion: currentVersion)
        case .limitReached(let detail): self = .limitReached(detail)
        case .storage(let detail): self = .storageFailure(detail)
        case .outcomeUnknown(let detail): self = .outcomeUnknown(detail)
        case .duplicateID(let id):
            self = RPCError(
                code: RPCErrorCode.conflict, message: "A place with id '\(id)' already exists; nothing was imported.",
                data: ErrorData.object([(ErrorData.Key.id, .string(id.description))]))
        case .cannotUndo(let reason):
            self = RPCError(code: RPCErrorCode.conflict, message: "Cannot undo: \(reason).")
        case .locked: self = .locked()
        case .wrongKey:
            self = RPCError(
                code: RPCErrorCode.locked, message: "The key does not open this store; it stays locked.",
                data: ErrorData.invalid(field: UnlockParams.keyKey, reason: "does not open this store"))
        case .notEncrypted:
            self = .invalidParams(
                ValidationError(
                    field: UnlockParams.keyKey,
                    reason:
                        "the store is not encrypted; give placesd the key with --key-file or the placesd.key credential to encrypt it"
                ))
        case .cannotOpen, .closed: self = .internalError(error.description)
        }
    }
}
