import PlacesModel

/// The kept orders of one owner's places (`OrderIndex`), each made when a reader first asks for it and kept up to
/// date by every change to the owner's list from then on; an owner who never sorts has none and pays nothing.
package struct OwnerOrders: Sendable {
    /// The orders kept, at most one per key.
    private var indexes: [OrderIndex] = []
    /// Where readers leave orders for the writer; shared by every version of the list.
    package let registry = OrderRegistry()

    /// No orders.
    package init() {}

    /// The kept order `key`, if it is kept.
    package func index(_ key: PlaceOrderKey) -> OrderIndex? {
        indexes.first { $0.key == key }
    }

    /// The keys kept.
    package var keys: [PlaceOrderKey] { indexes.map(\.key) }

    /// Takes over the orders readers built (see `OrderRegistry`) before a change to `places`, the list at
    /// `revision`: one built at this revision as it is, one built at an older revision by building it again here,
    /// once.
    package mutating func prepare(places: PlaceList, revision: Int64) {
        for built in registry.pending() where index(built.index.key) == nil {
            indexes.append(
                built.revision == revision ? built.index : OrderIndex(key: built.index.key, of: places))
        }
    }

    /// Adds a place to every kept order.
    package mutating func insert(_ stored: StoredPlace) {
        for slot in indexes.indices { indexes[slot].insert(stored) }
    }

    /// Removes a place from every kept order.
    package mutating func remove(_ stored: StoredPlace) {
        for slot in indexes.indices { indexes[slot].remove(stored) }
    }

    /// Replaces a place's version in every kept order.
    package mutating func replace(_ old: StoredPlace, with new: StoredPlace) {
        for slot in indexes.indices { indexes[slot].replace(old, with: new) }
    }
}
