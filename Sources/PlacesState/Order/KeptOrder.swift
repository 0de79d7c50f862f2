import PlacesModel

/// A kept order as the writer holds it: a tree (`OrderIndex`) and the changes made since it was last brought up to
/// date, which the writer only notes (`PendingOrderChange`), a small allocation each, so that a change costs the
/// writer next to nothing while nobody reads the order.
///
/// A reader brings the order up to date for its snapshot (`current`), once per revision through the registry, and
/// the writer takes that tree over on its next change if nothing changed in between; the writer applies the
/// changes itself once `pendingLimit` of them are waiting, changing in place the nodes it copied for the first.
package struct KeptOrder: Sendable {
    /// The tree, up to date but for `pending`.
    package private(set) var index: OrderIndex
    /// The changes not applied to `index`, newest first.
    private var pending: PendingOrderChange?

    /// The most changes left waiting: what bounds the work of a reader that brings the order up to date.
    static let pendingLimit = 256

    /// The order `index`, up to date.
    package init(_ index: OrderIndex) {
        self.index = index
    }

    /// The order.
    package var key: PlaceOrderKey { index.key }

    /// Whether the tree is up to date.
    package var isCurrent: Bool { pending == nil }

    /// The number of changes not applied to the tree.
    package var pendingCount: Int { pending?.count ?? 0 }

    /// The order with every change applied: the tree itself when it is up to date, else a copy brought up to date.
    package var current: OrderIndex {
        var current = index
        Self.apply(pending, to: &current)
        return current
    }

    /// Notes the addition of `stored`.
    package mutating func insert(_ stored: StoredPlace) {
        note(stored, isInsertion: true)
    }

    /// Notes the removal of `stored`, the version of its place the order holds.
    package mutating func remove(_ stored: StoredPlace) {
        note(stored, isInsertion: false)
    }

    /// Takes over `index`, the order with every change applied.
    package mutating func replace(with index: OrderIndex) {
        precondition(index.key == key, "an order taken over by another")
        self.index = index
        pending = nil
    }

    private mutating func note(_ stored: StoredPlace, isInsertion: Bool) {
        let change = PendingOrderChange(stored: stored, isInsertion: isInsertion, earlier: pending)
        guard change.count >= Self.pendingLimit else {
            pending = change
            return
        }
        pending = nil
        Self.apply(change, to: &index)
    }

    /// Applies `newest` and the changes before it to `index`, oldest first.
    private static func apply(_ newest: PendingOrderChange?, to index: inout OrderIndex) {
        guard let newest else { return }
        var changes: [PendingOrderChange] = []
        changes.reserveCapacity(newest.count)
        var change: PendingOrderChange? = newest
        while let next = change {
            changes.append(next)
            change = next.earlier
        }
        for change in changes.reversed() {
            if change.isInsertion { index.insert(change.stored) } else { index.remove(change.stored) }
        }
    }
}

/// A change to a kept order not yet applied to its tree, with the ones before it: a persistent list, newest
/// first, that every snapshot made since the tree was last brought up to date shares.
final class PendingOrderChange: Sendable {
    /// The place added or removed.
    let stored: StoredPlace
    /// Whether the place was added (else removed).
    let isInsertion: Bool
    /// The change before, if it is pending too.
    let earlier: PendingOrderChange?
    /// The number of pending changes up to this one.
    let count: Int

    init(stored: StoredPlace, isInsertion: Bool, earlier: PendingOrderChange?) {
        self.stored = stored
        self.isInsertion = isInsertion
        self.earlier = earlier
        count = (earlier?.count ?? 0) + 1
    }
}
