import Dispatch
import PlacesLocking
import PlacesModel
import PlacesPersistence
import PlacesSealing
import PlacesState
import Synchronization

/// Opens sealed rows on other threads while the loader reads on, and hands the places back in row order.
///
/// The loader adds rows as it reads them; every `batchSize` rows go to a worker on the global queue. At most
/// `maximumInFlight` batches are out at a time (which bounds the memory held), and the oldest is taken back first,
/// so the places come back in the order the rows were read. A batch no worker has started when the loader needs it
/// (the other cores are busy) is opened by the loader itself rather than waited for.
struct SealedRowOpener {
    /// A sealed row's plaintext columns, and where its sealed value is in the batch's bytes.
    struct Row: Sendable {
        /// The place's id.
        let id: PlaceID
        /// The place's owner.
        let owner: UserID
        /// The `position` column.
        let position: Int64
        /// The rowid.
        let row: Int64
        /// The fields in their own columns.
        let publicFields: PublicFields
        /// Where the sealed value starts in the batch's bytes.
        let offset: Int
        /// The sealed value's length.
        let count: Int
    }

    /// How many rows a worker opens at a time.
    static let batchSize = 4_096
    /// The most batches out at a time.
    static let maximumInFlight = 8

    private let cipher: PlaceCipher
    private var rows: [Row] = []
    private var bytes: [UInt8] = []
    private var inFlight: [Batch] = []
    private var nextToTake = 0

    /// Opens rows with `cipher`.
    init(cipher: PlaceCipher) {
        self.cipher = cipher
        rows.reserveCapacity(Self.batchSize)
    }

    /// Adds a row read from the table; `sealed` is only read during the call.
    ///
    /// Returns the places of the batches finished meanwhile that must be taken now, in row order; throws if a
    /// row did not open.
    mutating func add(
        id: PlaceID, owner: UserID, position: Int64, row: Int64, publicFields: PublicFields,
        sealed: UnsafeRawBufferPointer
    ) throws(DamagedState) -> [PlaceSlot]? {
        rows.append(
            Row(
                id: id, owner: owner, position: position, row: row, publicFields: publicFields,
                offset: bytes.count, count: sealed.count))
        bytes.append(contentsOf: sealed)
        guard rows.count == Self.batchSize else { return nil }
        submit()
        guard inFlight.count - nextToTake > Self.maximumInFlight else { return nil }
        return try takeOldest()
    }

    /// Sends the rows added since the last batch, waits for every batch and returns their places in row order.
    mutating func finish() throws(DamagedState) -> [[PlaceSlot]] {
        if !rows.isEmpty {
            submit()
        }
        var places: [[PlaceSlot]] = []
        while nextToTake < inFlight.count {
            places.append(try takeOldest())
        }
        return places
    }

    private mutating func submit() {
        let batch = Batch(rows: rows, bytes: bytes)
        rows = []
        rows.reserveCapacity(Self.batchSize)
        bytes = []
        inFlight.append(batch)
        let cipher = cipher
        // The default QoS: a higher one makes Dispatch raise its threads' priority, which an unprivileged
        // service may not do (Dispatch then logs "Failed to set thread priority" with EACCES).
        DispatchQueue.global().async { batch.openUnlessStarted(with: cipher) }
    }

    private mutating func takeOldest() throws(DamagedState) -> [PlaceSlot] {
        let batch = inFlight[nextToTake]
        nextToTake += 1
        if nextToTake > Self.maximumInFlight {
            inFlight.removeFirst(nextToTake)
            nextToTake = 0
        }
        batch.openUnlessStarted(with: cipher)
        return try batch.wait()
    }

    /// One batch of rows and, once a worker opened them, their places.
    private final class Batch: Sendable {
        let rows: [Row]
        let bytes: [UInt8]
        private let result = Locked<Result<[PlaceSlot], DamagedState>?>(nil)
        private let done = DispatchSemaphore(value: 0)
        private let isStarted = Atomic<Bool>(false)

        init(rows: [Row], bytes: [UInt8]) {
            self.rows = rows
            self.bytes = bytes
        }

        /// Opens every row, unless another thread has started to.
        func openUnlessStarted(with cipher: PlaceCipher) {
            guard !isStarted.exchange(true, ordering: .acquiringAndReleasing) else { return }
            var slots: [PlaceSlot] = []
            slots.reserveCapacity(rows.count)
            var failure: DamagedState?
            var scratch = [UInt8](repeating: 0, count: 512)
            let tagLists = StoredTagLists()
            bytes.withUnsafeBytes { bytes in
                for row in rows {
                    let sealed = UnsafeRawBufferPointer(rebasing: bytes[row.offset..<(row.offset + row.count)])
                    guard
                        let payload = cipher.open(
                            sealed, id: row.id, owner: row.owner, scratch: &scratch, tagLists: tagLists)
                    else {
                        failure = DamagedState(
                            reason: "the sealed data of place '\(row.id)' is damaged: it does not open with the "
                                + "store's key")
                        return
                    }
                    let place = row.publicFields.place(id: row.id, owner: row.owner, privateFields: payload)
                    slots.append(PlaceSlot(place: place, position: row.position, row: row.row))
                }
            }
            let outcome: Result<[PlaceSlot], DamagedState> = failure.map { .failure($0) } ?? .success(slots)
            result.withLock { $0 = outcome }
            done.signal()
        }

        /// Waits for `openUnlessStarted(with:)` to finish.
        func wait() throws(DamagedState) -> [PlaceSlot] {
            done.wait()
            return try result.withLock { $0! }.get()
        }
    }
}
