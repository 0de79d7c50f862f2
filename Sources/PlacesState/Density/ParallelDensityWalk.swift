import Dispatch
import Glibc
import PlacesModel
import Synchronization

/// A `DensityWalk` of a large index shared among the machine's cores: a world map over a million places opens
/// tens of thousands of leaves that straddle cell borders, which is arithmetic, not memory traffic, and splits.
///
/// The tree's first levels are cut into disjoint subtrees (at least `partsPerThread` a thread), which up to
/// `maximumThreads` threads take one at a time from a shared counter, so that a thread slowed by other work
/// takes fewer; each walks its subtrees into a tally of its own. The tallies are then merged into the caller's:
/// counts add, and each cell keeps the nearest of the places the tallies kept for it. Each tally keeps exactly
/// its subtrees' nearest places (a subtree is only skipped when its tally's own places all beat it), and the
/// order of `DensityTally.Candidate` (distance, then list position) is total, so the result is the single walk's
/// whichever thread took which subtree.
///
/// Only the tree is shared between the threads, and it is an immutable snapshot's.
enum ParallelDensityWalk {
    /// The fewest places in an index walked in parallel: below that a walk takes a few hundred microseconds at
    /// most, about what waking the other threads costs.
    static let minimumPlaces = 50_000
    /// The fewest cells of a grid walked in parallel: in fewer, most subtrees lie inside one cell and are counted
    /// unopened, so that the walk is short whatever the index.
    static let minimumCells = 64
    /// The most threads a walk uses.
    static let maximumThreads = 4
    /// The least number of subtrees a thread has to take from, so that the threads finish at about the same time.
    static let partsPerThread = 16

    /// The threads a large walk uses: the online processors, at most `maximumThreads`.
    static let threads = max(1, min(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), maximumThreads))

    /// Whether a walk over `places` places into `grid` is shared among the cores.
    static func isWorthwhile(places: Int, grid: DensityGrid) -> Bool {
        threads > 1 && places >= minimumPlaces && grid.cellCount >= minimumCells
    }

    /// Counts every place under `root` into `tally` on `threads` threads, counting only places with the `visited`
    /// flag when it is given; the caller keeps `root` alive until this returns.
    static func run(from root: SpatialNode, into tally: DensityTally, visited: Bool?, threads: Int = threads) {
        let parts = subtrees(of: root, atLeast: threads * partsPerThread)
        guard threads > 1, parts.count > 1 else {
            DensityWalk(tally: tally, visited: visited).run(from: root)
            return
        }
        let tallies = [tally] + (1..<threads).map { _ in DensityTally(grid: tally.grid, labels: tally.labels) }
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            let walk = DensityWalk(tally: tallies[thread], visited: visited)
            parts.withUnsafeBufferPointer { parts in
                guard let first = parts.baseAddress else { return }
                while true {
                    let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                    guard index < parts.count else { return }
                    walk.visit(first + index)
                }
            }
        }
        for other in tallies.dropFirst() {
            tally.merge(other)
        }
    }

    /// The children of `root`, or of the first level below it with at least `wanted` nodes (every leaf is at the
    /// same depth, so a level holds either branches only or leaves only); none if `root` is a leaf.
    static func subtrees(of root: SpatialNode, atLeast wanted: Int) -> [SpatialChild] {
        guard case .branch(var level) = root else { return [] }
        while level.count < wanted {
            var below: [SpatialChild] = []
            for child in level {
                guard case .branch(let children) = child.node else { return level }
                below += children
            }
            level = below
        }
        return level
    }
}
