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

    /// Creates a build with no entries.
    package init() {}

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
            self.received.withLock { $0[owner, default: []].append(contentsOf: keyed) }
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
