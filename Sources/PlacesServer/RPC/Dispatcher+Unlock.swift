import Dispatch
import PlacesProtocol
import PlacesSealing
import PlacesState
import PlacesStore

extension Dispatcher {
    /// `server.unlock`: tries the key on the store (after the throttle's wait), logs the attempt, and answers
    /// `{"locked": false}` or -32004 for a wrong key. The caller is already known to be an administrator.
    func unlock(_ params: UnlockParams, caller: Caller) throws(RPCError) -> Execution {
        let key: StoreKey
        do {
            key = try StoreKey(bytes: params.key)
        } catch {
            throw .invalidParams(.init(field: UnlockParams.keyKey, reason: error.reason))
        }
        return .deferred { [self] finish in
            let wait = unlockThrottle.reserveAttempt()
            if wait > 0 {
                logger?.notice(
                    "Delaying an unlock attempt by uid \(caller.uid) \(Int(wait.rounded(.up))) s after repeated wrong keys."
                )
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + wait) { [self] in
                store.unlock(with: key) { [self] result in
                    finish(answer(to: result, caller: caller))
                }
            }
        }
    }

    private func answer(to result: Result<Void, StoreError>, caller: Caller) -> Execution.DeferredResult {
        switch result {
        case .success:
            logger?.notice("Unlocked by uid \(caller.uid): serving \(store.snapshot().count) places.")
            unlockThrottle.recordSuccess()
            return .success { writer in UnlockResult.write(to: &writer) }
        case .failure(.wrongKey):
            let failures = unlockThrottle.recordFailure()
            logger?.warning(
                "Refused an unlock by uid \(caller.uid): the key does not open '\(store.path)' "
                    + "(\(failures) wrong \(failures == 1 ? "key" : "keys") in a row).")
            return .failure(RPCError(StoreError.wrongKey(path: store.path)))
        case .failure(let error):
            return .failure(RPCError(error))
        }
    }
}
