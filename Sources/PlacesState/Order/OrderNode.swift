import PlacesModel

/// A node of an `OrderIndex`: a leaf of entries in order, or a branch of children in order.
///
/// Nodes are values, like the list's (`PlaceTreeNode`): a change copies the path from the root to one leaf unless
/// no snapshot shares it, in which case it changes in place, so a batch of changes copies the nodes near the root
/// once. Every leaf is at the same depth.
package enum OrderNode: Sendable {
    /// Entries in order.
    case leaf([OrderEntry])
    /// Children in order.
    case branch([OrderChild])

    /// The most entries in a leaf: small enough that copying one (a retain per place) stays cheap.
    static let leafCapacity = 32
    /// The most children of a branch.
    static let branchCapacity = 16

    /// An empty leaf.
    static var empty: OrderNode { .leaf([]) }

    /// The number of entries under this node (O(branch) for a branch).
    var count: Int {
        switch self {
        case .leaf(let entries): entries.count
        case .branch(let children): children.reduce(0) { $0 + $1.count }
        }
    }

    /// The number of entries or children of this node.
    var width: Int {
        switch self {
        case .leaf(let entries): entries.count
        case .branch(let children): children.count
        }
    }

    /// The first entry under this node, which must not be empty.
    var first: OrderEntry {
        switch self {
        case .leaf(let entries): entries[0]
        case .branch(let children): children[0].node.first
        }
    }

    /// The child of `children` where `entry` belongs: the last whose first entry does not come after it.
    static func route(_ entry: OrderEntry, in children: [OrderChild], key: PlaceOrderKey) -> Int {
        max(children.partitioningIndex { entry.precedes($0, key: key) } - 1, 0)
    }

    /// Inserts `entry` in order; returns the new right sibling if the node split. Takes the node's array out of
    /// `self` first, so that the array is unique (and changes in place) unless a snapshot shares it.
    mutating func insert(_ entry: OrderEntry, key: PlaceOrderKey) -> OrderChild? {
        switch self {
        case .leaf(var entries):
            self = .empty
            let slot = entries.partitioningIndex { key.precedes(entry, $0) }
            entries.insert(entry, at: slot)
            let split = TreeArrays.split(&entries, capacity: Self.leafCapacity, grewAt: slot)
            self = .leaf(entries)
            return split.map { OrderChild(.leaf($0)) }
        case .branch(var children):
            self = .empty
            let child = Self.route(entry, in: children, key: key)
            let sibling = children[child].node.insert(entry, key: key)
            children[child].count += 1
            if child == 0 { children[0].first = children[0].node.first.point }
            if let sibling {
                children[child].count -= sibling.count
                children.insert(sibling, at: child + 1)
            }
            let split = TreeArrays.split(&children, capacity: Self.branchCapacity, grewAt: child + 1)
            self = .branch(children)
            return split.map { OrderChild(.branch($0)) }
        }
    }

    /// Removes the entry of `entry`'s place; returns whether it was there. The node may end up empty or below its
    /// minimum width, which its parent then repairs.
    mutating func remove(_ entry: OrderEntry, key: PlaceOrderKey) -> Bool {
        switch self {
        case .leaf(var entries):
            let slot = entries.partitioningIndex { !key.precedes($0, entry) }
            guard slot < entries.count, entries[slot].id == entry.id else { return false }
            self = .empty
            entries.remove(at: slot)
            self = .leaf(entries)
            return true
        case .branch(var children):
            let child = Self.route(entry, in: children, key: key)
            self = .empty
            let found = children[child].node.remove(entry, key: key)
            if found {
                children[child].count -= 1
                if children[child].count == 0 {
                    children.remove(at: child)
                } else {
                    children[child].first = children[child].node.first.point
                    TreeArrays.repair(&children, around: child)
                }
            }
            self = .branch(children)
            return found
        }
    }

    /// Calls `body` with the entries from rank `start` on (counted from the last entry when `descending`) until
    /// it returns false; returns false if it did.
    func visit(from start: Int, descending: Bool, _ body: (OrderEntry) -> Bool) -> Bool {
        switch self {
        case .leaf(let entries):
            guard start < entries.count else { return true }
            if descending {
                for slot in stride(from: entries.count - 1 - start, through: 0, by: -1) where !body(entries[slot]) {
                    return false
                }
            } else {
                for slot in start..<entries.count where !body(entries[slot]) { return false }
            }
            return true
        case .branch(let children):
            var start = start
            for child in descending ? AnySequence(children.reversed()) : AnySequence(children) {
                if start >= child.count {
                    start -= child.count
                    continue
                }
                guard child.node.visit(from: start, descending: descending, body) else { return false }
                start = 0
            }
            return true
        }
    }

    /// How many entries come before the first one for which `isBefore` is false (it must be true for a prefix).
    func count(before isBefore: (OrderEntry) -> Bool) -> Int {
        switch self {
        case .leaf(let entries):
            return entries.partitioningIndex { !isBefore($0) }
        case .branch(let children):
            let next = children.partitioningIndex { !isBefore($0.node.first) }
            guard next > 0 else { return 0 }
            var skipped = 0
            for child in children[..<(next - 1)] { skipped += child.count }
            return skipped + children[next - 1].node.count(before: isBefore)
        }
    }

    /// How many entries come before `entry` (its rank, if it is here).
    func rank(of entry: OrderEntry, key: PlaceOrderKey) -> Int {
        switch self {
        case .leaf(let entries):
            return entries.partitioningIndex { !key.precedes($0, entry) }
        case .branch(let children):
            let child = Self.route(entry, in: children, key: key)
            var skipped = 0
            for before in children[..<child] { skipped += before.count }
            return skipped + children[child].node.rank(of: entry, key: key)
        }
    }
}

/// A branch's reference to one child, with what a search needs to know about it.
package struct OrderChild: Sendable {
    /// The subtree.
    var node: OrderNode
    /// The number of entries in the subtree.
    var count: Int
    /// The keys and id of the subtree's first entry (its place is read from the subtree only when keys tie).
    var first: OrderPoint

    /// Describes `node`, which must not be empty.
    init(_ node: OrderNode) {
        self.node = node
        count = node.count
        first = node.first.point
    }
}

/// Where an entry stands in its order without its place: its keys and its id.
package struct OrderPoint: Sendable {
    /// The entry's leading key.
    let leading: UInt64
    /// The entry's trailing key.
    let trailing: UInt64
    /// The entry's place's id.
    let id: PlaceID
}

extension OrderEntry {
    /// The keys and id of this entry.
    var point: OrderPoint { OrderPoint(leading: leading, trailing: trailing, id: id) }

    /// Whether this entry comes before the first entry of `child`.
    func precedes(_ child: OrderChild, key: PlaceOrderKey) -> Bool {
        key.precedes(self, child.first.leading, child.first.trailing, child.first.id) { child.node.first.stored }
    }
}

extension OrderNode: BalancedTreeNode {
    var entries: [OrderEntry]? { if case .leaf(let entries) = self { entries } else { nil } }
    var children: [OrderChild]? { if case .branch(let children) = self { children } else { nil } }
}

extension OrderChild: BalancedTreeChild {}
