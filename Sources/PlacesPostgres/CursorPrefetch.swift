import Dispatch
import PlacesLocking
import PlacesSystem
import Synchronization

/// Fetches a cursor's rows a chunk ahead, on a thread of its own, while the caller decodes the chunk before: the
/// server reads and sends the next chunk while this process opens the last one, instead of each waiting for the
/// other.
///
/// The connection is lent to the fetching thread from `init` until `finish()` returns, and the caller must not
/// use it meanwhile: that is why `@unchecked Sendable` holds for the one non-`Sendable` member. Without a thread
/// (one could not be started), `next()` fetches on the caller's thread instead.
final class CursorPrefetch: @unchecked Sendable {
    private let connection: PGConnection
    private let fetch: PGCommand
    private let chunks = Locked<[Result<PGResult, PGFailure>]>([])
    /// Chunks the thread may still fetch before the caller takes one: at most `ahead` wait at a time.
    private let room: DispatchSemaphore
    /// Chunks fetched and not yet taken.
    private let fetched = DispatchSemaphore(value: 0)
    private let isStopping = Atomic<Bool>(false)
    private var thread: SystemThread?

    /// Starts fetching `chunkSize` rows at a time from the open cursor `cursor` on `connection`, keeping up to
    /// `ahead` chunks fetched before they are taken.
    init(connection: PGConnection, cursor: String, chunkSize: Int, ahead: Int) {
        self.connection = connection
        fetch = PGCommand(sql: "FETCH \(chunkSize) FROM \(cursor)")
        // Made at 0 and signalled up: libdispatch stops the process when a semaphore goes away below the value it
        // was made with, as this one does when the loader stops before the end.
        room = DispatchSemaphore(value: 0)
        for _ in 0..<ahead { room.signal() }
        thread = try? SystemThread.spawn(name: "placesd-fetch") { [self] in run() }
    }

    /// The next chunk: no rows once the cursor is at its end. Throws what the fetch threw; after an empty chunk
    /// or a throw, call only `finish()`.
    func next() throws(PGFailure) -> PGResult {
        guard thread != nil else {
            return try connection.execute([fetch])[0].value()
        }
        fetched.wait()
        let outcome = chunks.withLock { $0.removeFirst() }
        room.signal()
        return try outcome.get()
    }

    /// Stops fetching and waits until the thread has given the connection back.
    func finish() {
        guard let thread else { return }
        isStopping.store(true, ordering: .releasing)
        room.signal()
        thread.join()
        self.thread = nil
    }

    /// The fetching thread: a chunk whenever there is room, until the end, a failure or `finish()`.
    private func run() {
        while true {
            room.wait()
            if isStopping.load(ordering: .acquiring) { return }
            let outcome: Result<PGResult, PGFailure>
            do throws(PGFailure) {
                outcome = .success(try connection.execute([fetch])[0].value())
            } catch {
                outcome = .failure(error)
            }
            chunks.withLock { $0.append(outcome) }
            fetched.signal()
            guard case .success(let chunk) = outcome, chunk.rowCount > 0 else { return }
        }
    }
}
