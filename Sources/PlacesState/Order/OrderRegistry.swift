import PlacesLocking

/// Where readers leave the orders they built for an owner, for the writer to take over: shared by every version of
/// one owner's list (a reference, copied with the list), the one mutable part of it.
///
/// A reader that needs an order the snapshot lacks builds it from its snapshot's list, once for that revision
/// (others asking at the same revision reuse it), and leaves it here; the writer's next change to that owner's
/// list takes it over (`OwnerOrders.prepare`), and from then on keeps it in every state it makes. A reader whose
/// snapshot keeps the order with changes not yet applied (`KeptOrder`) leaves here the order it brought up to date,
/// which the writer takes over in the same way. The order stays
/// here until a reader finds it in a snapshot (`forget`): a state the writer made and then dropped (a batch that
/// failed, additions foretold for a shared database) must not take it away from the next one.
package final class OrderRegistry: Sendable {
    /// An order built by a reader, with the owner's revision it was built at.
    package struct Built: Sendable {
        /// The order.
        package let index: OrderIndex
        /// The owner's revision of the list it was built from.
        package let revision: Int64
    }

    private let built = Locked<[PlaceOrderKey: Built]>([:])

    /// An empty registry.
    package init() {}

    /// The order `key` of `places`, the list at `revision`: the one built for that revision if there is one, or
    /// a new one (built outside the lock, then left for the writer).
    package func index(_ key: PlaceOrderKey, of places: PlaceList, revision: Int64) -> OrderIndex {
        index(key, revision: revision) { OrderIndex(key: key, of: places) }
    }

    /// The order `key` at `revision`: the one built for that revision if there is one, or the one `build` makes
    /// (outside the lock), then left for the writer.
    package func index(_ key: PlaceOrderKey, revision: Int64, build: () -> OrderIndex) -> OrderIndex {
        if let existing = built.withLock({ $0[key] }), existing.revision == revision { return existing.index }
        let index = build()
        built.withLock { built in
            if built[key].map({ $0.revision < revision }) ?? true {
                built[key] = Built(index: index, revision: revision)
            }
        }
        return index
    }

    /// Every order left here, for the writer.
    package func pending() -> [Built] {
        built.withLock { built in built.isEmpty ? [] : Array(built.values) }
    }

    /// Drops the order `key` left here, once a published snapshot keeps it.
    package func forget(_ key: PlaceOrderKey) {
        built.withLock { built in
            if !built.isEmpty { built[key] = nil }
        }
    }
}
