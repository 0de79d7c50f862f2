/// A node of one of the store's B-trees (`PlaceTreeNode`, `SpatialNode`, `OrderNode`): a leaf of entries or a
/// branch of children, each holding at most its capacity, and at least a quarter of it unless it is the root.
protocol BalancedTreeNode {
    associatedtype Entry
    associatedtype Child: BalancedTreeChild where Child.Node == Self

    /// The most entries a leaf holds.
    static var leafCapacity: Int { get }
    /// The most children a branch holds.
    static var branchCapacity: Int { get }
    /// A leaf of `entries`.
    static func leaf(_ entries: [Entry]) -> Self
    /// A branch of `children`.
    static func branch(_ children: [Child]) -> Self

    /// The number of entries of a leaf or children of a branch.
    var width: Int { get }
    /// The leaf's entries, or nil for a branch.
    var entries: [Entry]? { get }
    /// The branch's children, or nil for a leaf.
    var children: [Child]? { get }
}

/// A branch's reference to one child node, with what its tree keeps about the child beside it.
protocol BalancedTreeChild {
    associatedtype Node: BalancedTreeNode where Node.Child == Self

    /// The child node.
    var node: Node { get }
    /// Describes `node`, which must not be empty.
    init(_ node: Node)
}

extension TreeArrays {
    /// Merges the child at `child` with a neighbour, or evens the two out if together they overflow, when it
    /// has fallen below a quarter of its capacity and has a neighbour: a quarter keeps the tree shallow without
    /// moving entries back and forth on alternating inserts and removals.
    ///
    /// `children` holds the nodes of one level, which are all leaves or all branches.
    static func repair<Child: BalancedTreeChild>(_ children: inout [Child], around child: Int) {
        let node = children[child].node
        let minimum = node.entries == nil ? Child.Node.branchCapacity / 4 : Child.Node.leafCapacity / 4
        guard node.width < minimum, children.count > 1 else { return }
        let left = child == children.count - 1 ? child - 1 : child
        let right = left + 1
        let merged: [Child.Node]
        if let first = children[left].node.entries, let second = children[right].node.entries {
            merged = rejoin(first, second, capacity: Child.Node.leafCapacity).map { .leaf($0) }
        } else if let first = children[left].node.children, let second = children[right].node.children {
            merged = rejoin(first, second, capacity: Child.Node.branchCapacity).map { .branch($0) }
        } else {
            preconditionFailure("\(Child.Node.self) nodes of one level at different depths")
        }
        children.replaceSubrange(left...right, with: merged.map { Child($0) })
    }
}
