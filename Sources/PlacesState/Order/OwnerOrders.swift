import PlacesModel

/// The kept orders of one owner's places (`KeptOrder`), each made when a reader first asks for it and kept up to
/// date by every change to the owner's list from then on; an owner who never sorts has none and pays nothing.
package struct OwnerOrders: Sendable {
    /// The orders kept, at most one per key.
    private var kept: [KeptOrder] = []
    /// Where readers leave orders for the writer; shared by every version of the list.
    package let registry = OrderRegistry()
    /// The revision of the list at the last change: an order built at that revision lacks that change (one
    /// mutation may make several before the revision moves on).
    private var changedAt: Int64?

    /// No orders.
    package init() {}

    /// The kept order `key`, if it is kept (possibly with changes not yet applied to its tree).
    package func order(_ key: PlaceOrderKey) -> KeptOrder? {
        kept.first { $0.key == key }
    }

    /// The kept order `key` with every change applied, if it is kept.
    package func index(_ key: PlaceOrderKey) -> OrderIndex? {
        order(key)?.current
    }

    /// The keys kept.
    package var keys: [PlaceOrderKey] { kept.map(\.key) }

    /// Takes over the orders readers built (see `OrderRegistry`) before a change to `places`, the list at
    /// `revision`: one built at this revision as it is (for an order kept already, in place of the tree and the
    /// changes pending, unless a change at this revision is among them), one built at an older revision, for an
    /// order not kept yet, by building it again here, once.
    package mutating func prepare(places: PlaceList, revision: Int64) {
        defer { changedAt = revision }
        for built in registry.pending() {
            let key = built.index.key
            if let slot = kept.firstIndex(where: { $0.key == key }) {
                if built.revision == revision && changedAt != revision && !kept[slot].isCurrent {
                    kept[slot].replace(with: built.index)
                }
            } else {
                kept.append(
                    KeptOrder(built.revision == revision ? built.index : OrderIndex(key: key, of: places)))
            }
        }
    }

    /// Adds a place to every kept order.
    package mutating func insert(_ stored: StoredPlace) {
        for slot in kept.indices { kept[slot].insert(stored) }
    }

    /// Removes a place from every kept order.
    package mutating func remove(_ stored: StoredPlace) {
        for slot in kept.indices { kept[slot].remove(stored) }
    }

    /// Replaces a place's version in every kept order.
    package mutating func replace(_ old: StoredPlace, with new: StoredPlace) {
        for slot in kept.indices {
            kept[slot].remove(old)
            kept[slot].insert(new)
        }
    }
}
