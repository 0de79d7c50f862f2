import PlacesLocking
import PlacesSealing
import PlacesState
import PlacesSystem

/// Reads the plaintext places of the rows above a rowid on a thread and a connection of its own, while the
/// loader reads the rows below on its connection.
///
/// `@unchecked Sendable` holds because the connection is used by the reading thread alone, from `init` until it
/// closes it, and the outcome is only read after `wait()` joined that thread.
final class UpperHalfRead: @unchecked Sendable {
    /// How much of its heap the thread prepares before reading (see `MemoryAllocator.prepareThreadHeap`): about
    /// what its arena's first heap holds, as the upper half of a large store's places take more than that.
    static let preparedHeap = 60 << 20
    /// About what each place read takes of the heap (a `StoredPlace`, its texts mostly inline).
    static let bytesPerPlace = 192

    private let connection: SQLiteConnection
    private let middle: Int64
    private let expectedRows: Int
    private var outcome: Result<[PlaceSlot], any Error> = .success([])
    private var thread: SystemThread?

    /// Starts reading the rows whose rowid is above `middle` (about `expectedRows` of them) through `connection`,
    /// which it closes when done; nil when no thread could be started (then nothing is read, and `connection` is
    /// closed).
    init?(connection: SQLiteConnection, above middle: Int64, expectedRows: Int) {
        self.connection = connection
        self.middle = middle
        self.expectedRows = max(0, expectedRows)
        do {
            thread = try SystemThread.spawn(name: "placesd-load") { [self] in read() }
        } catch {
            connection.close()
            return nil
        }
    }

    /// Waits for the read; returns its places in rowid order, or throws what it threw.
    func wait() throws -> [PlaceSlot] {
        thread?.join()
        thread = nil
        return try outcome.get()
    }

    private func read() {
        defer { connection.close() }
        MemoryAllocator.prepareThreadHeap(bytes: min(Self.preparedHeap, expectedRows * Self.bytesPerPlace))
        connection.mapForScanning()
        outcome = Result {
            let places = try connection.prepare(StateLoader.placesQuery + " WHERE rowid > \(middle)")
            var slots: [PlaceSlot] = []
            // Pages of the reservation are only touched as slots arrive; growing would copy the array again and
            // again.
            slots.reserveCapacity(expectedRows)
            let tagLists = StoredTagLists()
            while try places.step() {
                slots.append(try StateLoader.plaintextSlot(places, tagLists: tagLists))
            }
            return slots
        }
    }
}
