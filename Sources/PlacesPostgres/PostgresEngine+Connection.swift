import PlacesPersistence
import PlacesState
import PlacesSystem

extension PostgresEngine {
    /// What `body` makes of the writer's connection (made again first if it was lost), or why it failed: a lost
    /// connection is dropped, to be made again once the backoff allows.
    func onConnection<Value>(_ body: (PGConnection) throws(PGFailure) -> Value) -> Result<Value, StoreError> {
        switch usableConnection() {
        case .failure(let error): return .failure(error)
        case .success(let connection):
            do throws(PGFailure) {
                return .success(try body(connection))
            } catch {
                return .failure(failing(error))
            }
        }
    }

    /// The writer's connection, reconnecting after a failure once the backoff allows; or why there is none.
    func usableConnection() -> Result<PGConnection, StoreError> {
        if isClosed { return .failure(.closed) }
        if let connection, connection.isOpen { return .success(connection) }
        connection = nil
        let now = Self.monotonicMilliseconds()
        guard now >= reconnection.notBefore else {
            return .failure(.storage("the database cannot be reached: \(problem ?? "reconnecting")"))
        }
        do throws(PGError) {
            let connection = try Self.connect(conninfo)
            self.connection = connection
            problem = nil
            reconnection.delay = Int64(Self.initialReconnectDelay)
            return .success(connection)
        } catch {
            problem = error.message
            reconnection.notBefore = now + reconnection.delay
            reconnection.delay = min(reconnection.delay * 2, Int64(Self.maximumReconnectDelay))
            return .failure(.storage("the database cannot be reached: \(error.message)"))
        }
    }

    /// The store error for `failure`. The connection is dropped, to be made again for the next batch: whatever
    /// failed may have left a transaction open on it.
    func failing(_ failure: PGFailure) -> StoreError {
        connection?.close()
        connection = nil
        isInBatch = false
        isAhead = false
        if failure.isConnectionLost {
            problem = failure.reason
            return .storage("the database cannot be reached: \(failure.reason)")
        }
        return .storage(failure.reason)
    }

    /// The monotonic clock in milliseconds.
    static func monotonicMilliseconds() -> Int64 {
        Int64(Clock.monotonicNanoseconds() / 1_000_000)
    }
}
