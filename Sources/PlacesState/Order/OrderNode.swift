/// A node of an `OrderIndex`, never empty and never changed once made: a leaf of entries in order, or a branch of
/// children in order, with its count and first entry (by which a branch routes a search).
package final class OrderNode: Sendable {
    /// A leaf's entries; empty in a branch.
    let entries: [OrderEntry]
    /// A branch's children; empty in a leaf.
    let children: [OrderNode]
    /// The number of entries under this node.
    let count: Int
    /// The first entry under this node.
    let first: OrderEntry

    /// The most entries a leaf holds before it splits.
    static let leafCapacity = 64
    /// The most children a branch holds before it splits.
    static let branchCapacity = 32

    /// A leaf of `entries` (not empty).
    init(entries: [OrderEntry]) {
        self.entries = entries
        children = []
        count = entries.count
        first = entries[0]
    }

    /// A branch of `children` (not empty).
    init(children: [OrderNode]) {
        entries = []
        self.children = children
        var count = 0
        for child in children { count += child.count }
        self.count = count
        first = children[0].first
    }

    /// Whether this is a leaf.
    var isLeaf: Bool { children.isEmpty }

    /// The child of a branch where `entry` belongs: the last whose first entry does not come after it.
    func route(_ entry: OrderEntry, key: PlaceOrderKey) -> Int {
        max(children.partitioningIndex { key.precedes(entry, $0.first) } - 1, 0)
    }

    /// This node with `entry` inserted in order: one node, or two after a split.
    func inserting(_ entry: OrderEntry, key: PlaceOrderKey) -> [OrderNode] {
        if isLeaf {
            var entries = self.entries
            entries.insert(entry, at: entries.partitioningIndex { key.precedes(entry, $0) })
            return Self.halves(entries, capacity: Self.leafCapacity).map(OrderNode.init(entries:))
        }
        var children = self.children
        let slot = route(entry, key: key)
        children.replaceSubrange(slot...slot, with: children[slot].inserting(entry, key: key))
        return Self.halves(children, capacity: Self.branchCapacity).map(OrderNode.init(children:))
    }

    /// This node without the entry of `entry`'s place (nil when that leaves it empty), and whether it was there.
    func removing(_ entry: OrderEntry, key: PlaceOrderKey) -> (node: OrderNode?, found: Bool) {
        if isLeaf {
            let slot = entries.partitioningIndex { !key.precedes($0, entry) }
            guard slot < entries.count, entries[slot].id == entry.id else { return (self, false) }
            var entries = self.entries
            entries.remove(at: slot)
            return (entries.isEmpty ? nil : OrderNode(entries: entries), true)
        }
        let slot = route(entry, key: key)
        let (child, found) = children[slot].removing(entry, key: key)
        guard found else { return (self, false) }
        var children = self.children
        if let child { children[slot] = child } else { children.remove(at: slot) }
        return (children.isEmpty ? nil : OrderNode(children: children), true)
    }

    /// Calls `body` with the entries from rank `start` on (counted from the last entry when `descending`) until
    /// it returns false; returns false if it did.
    func visit(from start: Int, descending: Bool, _ body: (OrderEntry) -> Bool) -> Bool {
        var start = start
        if isLeaf {
            guard start < entries.count else { return true }
            if descending {
                for slot in stride(from: entries.count - 1 - start, through: 0, by: -1) where !body(entries[slot]) {
                    return false
                }
            } else {
                for slot in start..<entries.count where !body(entries[slot]) { return false }
            }
            return true
        }
        for child in descending ? AnySequence(children.reversed()) : AnySequence(children) {
            if start >= child.count {
                start -= child.count
                continue
            }
            guard child.visit(from: start, descending: descending, body) else { return false }
            start = 0
        }
        return true
    }

    /// How many entries come before the first one for which `isBefore` is false (it must be true for a prefix).
    func count(before isBefore: (OrderEntry) -> Bool) -> Int {
        if isLeaf { return entries.partitioningIndex { !isBefore($0) } }
        let next = children.partitioningIndex { !isBefore($0.first) }
        guard next > 0 else { return 0 }
        var skipped = 0
        for child in children[..<(next - 1)] { skipped += child.count }
        return skipped + children[next - 1].count(before: isBefore)
    }

    /// `items`, or its two halves when it holds more than `capacity`.
    private static func halves<Item>(_ items: [Item], capacity: Int) -> [[Item]] {
        guard items.count > capacity else { return [items] }
        let middle = items.count / 2
        return [Array(items[..<middle]), Array(items[middle...])]
    }
}
