import Dispatch
import PlacesLocking
import PlacesModel

/// Builds owners' spatial indexes on another thread while the loader reads the rows: entries arrive in chunks,
/// get their curve indices there, and are sorted and built into indexes once the last chunk is in.
package final class SpatialIndexBuild: Sendable {
    /// How many entries the loader collects before handing them over.
    package static let chunkSize = 16_384
    private let queue = DispatchQueue(label: "placesd.store.spatial-build")
    /// Used only on `queue`: the entries received so far, with their curve indices.
    private let received = Locked<[UserID: [SpatialEntry]]>([:])
    private let built = Locked<[UserID: SpatialIndex]>([:])

    /// How many entries the first owner's array is made room for.
    private let expectedCount: Int

    /// Creates a build with no entries, of about `expectedCount` places in all.
    package init(expectedCount: Int = 0) {
        self.expectedCount = expectedCount
    }

    /// Hands over some of `owner`'s entries, whose curve indices are yet to be computed.
    package func add(_ entries: consuming [SpatialEntry], of owner: UserID) {
        let entries = entries
        queue.async {
            var keyed = entries
            keyed.withUnsafeMutableBufferPointer { keyed in
                for index in keyed.indices {
                    keyed[index].key = HilbertCurve.index(of: keyed[index].coordinate)
                }
            }
            self.received.withLock { received in
                if received.isEmpty {
                    // The first owner usually holds every place (one user's store): room for all of them at once,
                    // whose pages are only touched as entries arrive, instead of growing the array again and again
                    // (each time a copy, and pages faulted in afresh).
                    var all: [SpatialEntry] = []
                    all.reserveCapacity(self.expectedCount)
                    received[owner] = all
                }
                received[owner, default: []].append(contentsOf: keyed)
            }
        }
    }

    /// Builds the indexes once every entry handed over so far has its curve index.
    package func finish() {
        queue.async {
            let received = self.received.withLock { received in
                defer { received = [:] }
                return received
            }
            var indexes: [UserID: SpatialIndex] = [:]
            for (owner, entries) in received {
                indexes[owner] = SpatialIndex(keyed: entries)
            }
            self.built.withLock { $0 = indexes }
        }
    }

    /// Waits for `finish()`'s indexes.
    package func wait() -> [UserID: SpatialIndex] {
        queue.sync {}
        return built.withLock { $0 }
    }
}
