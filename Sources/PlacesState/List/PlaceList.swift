import PlacesModel

/// Places in list order, kept in a persistent counted B-tree: a change copies one small leaf and the few nodes
/// above it, never the whole list, so that publishing a snapshot after a commit costs O(changes × log n).
///
/// A value type: a list taken from a snapshot never changes. Indexing costs O(log n); iterating visits the
/// leaves in order, and its per-place step is inlinable.
public struct PlaceList: RandomAccessCollection, Sendable, Equatable {
    /// The tree.
    @usableFromInline var root = PlaceTreeNode.empty
    /// The number of places.
    public internal(set) var count = 0
    /// This version's rendering (its JSON array), once someone made it; every change gives the list an empty
    /// slot, while copies of an unchanged list share it.
    public internal(set) var rendering = PlaceListRenderingSlot()

    /// Creates an empty list.
    public init() {}

    /// Wraps a tree holding `count` places.
    package init(root: PlaceTreeNode, count: Int) {
        self.root = root
        self.count = count
    }

    /// The index of the first place: 0.
    @inlinable public var startIndex: Int { 0 }

    /// One past the index of the last place: `count`.
    @inlinable public var endIndex: Int { count }

    /// The place at `position`, which must be in `0..<count`.
    public subscript(position: Int) -> Place {
        precondition(position >= 0 && position < count, "PlaceList index \(position) out of range 0..<\(count)")
        return root.slot(at: position).place
    }

    /// Visits the places in order, a leaf at a time.
    @inlinable public func makeIterator() -> Iterator {
        Iterator(root: root, start: 0, count: count)
    }

    /// Whether both lists hold equal places in the same order.
    public static func == (lhs: PlaceList, rhs: PlaceList) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    /// The places at `bounds`, sharing this list's storage.
    public subscript(bounds: Range<Int>) -> PlaceListSlice {
        precondition(bounds.lowerBound >= 0 && bounds.upperBound <= count, "PlaceList range \(bounds) out of range")
        return PlaceListSlice(base: self, bounds: bounds)
    }

    /// The results of `transform` on every place, in order; walks the leaves instead of looking up each index as
    /// `Collection.map` does.
    @inlinable public func map<T>(_ transform: (Place) throws -> T) rethrows -> [T] {
        try self[0..<count].map(transform)
    }

    /// Calls `body` with every place in order. Faster than a `for` loop when inlined into the caller: a place is
    /// copied only if `body` keeps it.
    @inlinable public func forEach(_ body: (Place) throws -> Void) rethrows {
        var offset = 0
        var leaves = PlaceLeafIterator(root: root, start: 0, offset: &offset)
        while let slots = leaves.next() {
            for slot in slots {
                try body(slot.place)
            }
        }
    }

    /// Calls `body` with every stored place at `bounds`, in order: each place with the slot where its rendering is
    /// kept.
    @inlinable public func forEachStored(in bounds: Range<Int>, _ body: (StoredPlace) throws -> Void) rethrows {
        precondition(bounds.lowerBound >= 0 && bounds.upperBound <= count, "PlaceList range \(bounds) out of range")
        var remaining = bounds.count
        guard remaining > 0 else { return }
        var offset = 0
        var leaves = PlaceLeafIterator(root: root, start: bounds.lowerBound, offset: &offset)
        while remaining > 0, let slots = leaves.next() {
            while remaining > 0, offset < slots.count {
                try body(slots[offset].stored)
                offset += 1
                remaining -= 1
            }
            offset = 0
        }
    }

    /// The stored places whose place satisfies `isIncluded`, in order, each with its rendering slot. Faster than
    /// `Sequence.filter`: inlined into the caller, it copies (and retains) only the places it includes.
    @inlinable public func filterStored(_ isIncluded: (Place) throws -> Bool) rethrows -> [StoredPlace] {
        var included: [StoredPlace] = []
        var offset = 0
        var leaves = PlaceLeafIterator(root: root, start: 0, offset: &offset)
        while let slots = leaves.next() {
            for slot in slots where try isIncluded(slot.place) {
                included.append(slot.stored)
            }
        }
        return included
    }

    /// Walks a list's leaves in order.
    public struct Iterator: IteratorProtocol {
        /// The leaves.
        @usableFromInline var leaves: PlaceLeafIterator
        /// The leaf being walked.
        @usableFromInline var leaf: [PlaceSlot] = []
        /// The index in `leaf` of the next place.
        @usableFromInline var offset = 0
        /// How many places are left to return.
        @usableFromInline var remaining: Int

        /// Starts before the place at `start` under `root`, and stops after `count` places.
        @inlinable init(root: PlaceTreeNode, start: Int, count: Int) {
            var offset = 0
            leaves = PlaceLeafIterator(root: root, start: start, offset: &offset)
            leaf = leaves.next() ?? []
            self.offset = offset
            remaining = count
        }

        /// The next place, or nil after the last.
        @inlinable public mutating func next() -> Place? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            while offset == leaf.count {
                leaf = leaves.next() ?? []
                offset = 0
            }
            defer { offset += 1 }
            return leaf[offset].place
        }
    }
}
