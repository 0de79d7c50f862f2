import PlacesLocking
import PlacesSQLite

/// Makes the store's storage operations fail on demand, so tests can check what a failed write leaves behind.
///
/// Arm it at any time. The SQLite engine consults the commit faults and the page limit once per batch; a store
/// created with a `FaultInjection` opens its files through `FaultVFS`, which consults the storage faults on every
/// read, write, sync and truncate of the database and its WAL. A test-support module: the shipped binaries
/// contain none of it.
public final class FaultInjection: SQLiteFaultHook {
    /// Where an injected commit failure strikes.
    public typealias Fault = InjectedCommitFault

    private struct State {
        var faults: [Fault] = []
        var maximumPageCount: Int64?
        var isPageCountApplied = true
        var storageFaults: [ArmedStorageFault] = []
        var injectedStorageFaults = 0
    }

    private let state = Locked(State())

    /// Creates a hook that injects nothing until armed.
    public init() {}

    /// Makes the next batch that writes fail at `fault`; several calls queue several failures.
    public func failNextCommit(at fault: Fault = .commit) {
        state.withLock { $0.faults.append(fault) }
    }

    /// Limits the database to `pages` pages (`PRAGMA max_page_count`; never below its current size), so growing
    /// it fails with a real `SQLITE_FULL`; nil lifts the limit.
    public func limitDatabaseSize(toPages pages: Int64?) {
        state.withLock {
            $0.maximumPageCount = pages
            $0.isPageCountApplied = false
        }
    }

    /// Makes file operations fail with `fault`, at the operations `trigger` picks from now on; faults armed
    /// together each count the operations they match.
    public func failStorage(_ fault: StorageFault, at trigger: StorageTrigger = .everyCall) {
        state.withLock { $0.storageFaults.append(ArmedStorageFault(fault, trigger: trigger)) }
    }

    /// Disarms every storage fault that has not struck yet, and the repeating ones.
    public func disarmStorageFaults() {
        state.withLock { $0.storageFaults.removeAll() }
    }

    /// How many file operations the armed storage faults have failed so far.
    public var injectedStorageFaultCount: Int {
        state.withLock { $0.injectedStorageFaults }
    }

    /// Counts `operation` on a file of `kind` against the armed storage faults; returns the fault that makes it
    /// fail, if one strikes now.
    func storageFault(for operation: FaultFile.Operation, on kind: FaultFile.Kind) -> StorageFault? {
        state.withLock { state -> StorageFault? in
            var struck: StorageFault?
            var index = 0
            while index < state.storageFaults.count {
                guard state.storageFaults[index].fault.strikes(operation, on: kind) else {
                    index += 1
                    continue
                }
                if state.storageFaults[index].remaining > 0 {
                    state.storageFaults[index].remaining -= 1
                    index += 1
                    continue
                }
                struck = struck ?? state.storageFaults[index].fault
                if state.storageFaults[index].isRepeating {
                    index += 1
                } else {
                    state.storageFaults.remove(at: index)
                }
            }
            if struck != nil { state.injectedStorageFaults += 1 }
            return struck
        }
    }

    /// Routes the database's files through `FaultVFS`, which consults this object.
    public func willOpen(databaseAt path: String) {
        FaultVFS.attach(self, toDatabaseAt: path)
    }

    /// The next queued commit failure, removed from the queue.
    public func takeCommitFault() -> Fault? {
        state.withLock { $0.faults.isEmpty ? nil : $0.faults.removeFirst() }
    }

    /// The page limit to apply if it changed since the last call: `.some(nil)` means lift it.
    public func takePageCountChange() -> Int64?? {
        state.withLock { state -> Int64?? in
            guard !state.isPageCountApplied else { return .none }
            state.isPageCountApplied = true
            return .some(state.maximumPageCount)
        }
    }
}
