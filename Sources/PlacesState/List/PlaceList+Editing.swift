import PlacesModel

/// Changes that copy one leaf and the branches above it (O(log n)); the positions must increase along the list,
/// as in an owner's list.
extension PlaceList {
    /// Adds `slot` at the end.
    package mutating func append(_ slot: PlaceSlot) {
        insert(slot, at: count)
    }

    /// Inserts `slot` so that it is at `index`, which must be in `0...count`.
    package mutating func insert(_ slot: PlaceSlot, at index: Int) {
        precondition(index >= 0 && index <= count, "PlaceList insertion index \(index) out of range 0...\(count)")
        if let sibling = root.insert(slot, at: index) {
            root = .branch([PlaceTreeChild(root), sibling])
        }
        count += 1
        rendering = PlaceListRenderingSlot()
    }

    /// Removes and returns the slot at `index`, which must be in `0..<count`.
    @discardableResult
    package mutating func remove(at index: Int) -> PlaceSlot {
        precondition(index >= 0 && index < count, "PlaceList index \(index) out of range 0..<\(count)")
        let removed = root.remove(at: index)
        count -= 1
        rendering = PlaceListRenderingSlot()
        while case .branch(let children) = root, children.count <= 1 {
            root = children.first?.node ?? .empty
        }
        return removed
    }

    /// Replaces the place at `index`, which must be in `0..<count`, with `stored`, keeping its position and row.
    package mutating func replace(at index: Int, with stored: StoredPlace) {
        precondition(index >= 0 && index < count, "PlaceList index \(index) out of range 0..<\(count)")
        root.updateSlot(at: index) { $0 = PlaceSlot(stored: stored, position: $0.position, row: $0.row) }
        rendering = PlaceListRenderingSlot()
    }

    /// The stored slot at `index`, which must be in `0..<count`.
    package func slot(at index: Int) -> PlaceSlot {
        root.slot(at: index)
    }

    /// The index of the place stored at `position`, or nil.
    package func index(ofPosition position: Int64) -> Int? {
        root.index(ofPosition: position)
    }

    /// The place stored at `position`, or nil (O(log n), one descent).
    package func place(atPosition position: Int64) -> Place? {
        root.slot(ofPosition: position)?.place
    }

    /// The number of places whose position is below `position` (O(log n)).
    package func count(below position: Int64) -> Int {
        root.count(below: position)
    }

    /// Gives the place at `index`, which must be in `0..<count`, the position `position`; the caller keeps the
    /// positions increasing along the list once it is done.
    package mutating func setPosition(_ position: Int64, at index: Int) {
        precondition(index >= 0 && index < count, "PlaceList index \(index) out of range 0..<\(count)")
        root.updateSlot(at: index) { $0.position = position }
    }

    /// The position of the last place, or nil if the list is empty.
    package var lastPosition: Int64? {
        root.lastPosition
    }

    /// The lists one after the other, sharing their trees; O(lists). The result is only for reading.
    package static func chaining(_ lists: [PlaceList]) -> PlaceList {
        let nonEmpty = lists.filter { !$0.isEmpty }
        guard nonEmpty.count > 1 else { return nonEmpty.first ?? PlaceList() }
        return PlaceList(
            root: .branch(nonEmpty.map { PlaceTreeChild($0.root) }), count: nonEmpty.reduce(0) { $0 + $1.count })
    }

    /// Calls `body` with each leaf's slots, in order.
    package func forEachLeaf(_ body: ([PlaceSlot]) -> Void) {
        root.forEachLeaf(body)
    }

    /// How many of this list's leaves are the very same storage as one of `other`'s; shows what a change copied.
    package func sharedLeafCount(with other: PlaceList) -> Int {
        var theirs: Set<UnsafeRawPointer> = []
        other.forEachLeaf { slots in
            slots.withUnsafeBufferPointer { if let base = $0.baseAddress { theirs.insert(UnsafeRawPointer(base)) } }
        }
        var shared = 0
        forEachLeaf { slots in
            slots.withUnsafeBufferPointer { buffer in
                if let base = buffer.baseAddress, theirs.contains(UnsafeRawPointer(base)) { shared += 1 }
            }
        }
        return shared
    }

    /// The number of leaves.
    package var leafCount: Int {
        var leaves = 0
        forEachLeaf { _ in leaves += 1 }
        return leaves
    }
}
