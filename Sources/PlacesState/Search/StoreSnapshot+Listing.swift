import PlacesModel

extension StoreSnapshot {
    /// A page of `owner`'s places (every user's when nil) as `request` asks.
    ///
    /// Sorting by name or time reads the owner's kept order (`OrderIndex`): the first request for an order builds
    /// it (one sort), and the writer keeps it up to date from then on, so a page costs O(log n) to reach plus its
    /// length. Filters are checked along the order, so a filtered page reads every place (to count `total`).
    /// Every user's places (`allUsers`) in a kept order, and any distance order, are sorted for the request.
    package func listing(_ request: ListingRequest, owner: UserID?) throws(ListingError) -> Listing {
        let places = owner.map(places(of:)) ?? allPlaces()
        let cursor = try request.after.map { id throws(ListingError) in try stored(id, owner: owner) }
        let descending = request.direction.isDescending
        if let tagged = taggedListing(request, owner: owner, cursor: cursor) { return tagged }
        switch request.sort {
        case .position:
            let order = PositionOrder(places: places)
            let start = try cursor.map { stored throws(ListingError) -> Int in
                guard let index = index(of: stored.place.id) else { throw .notFound(stored.place.id) }
                let offset = owner == nil ? ownersBefore(stored.place.owner) : 0
                return descending ? order.count - (offset + index) : offset + index + 1
            }
            return Self.page(of: order, request: request, start: start ?? 0)
        case .distance:
            guard let origin = request.origin else { throw .missingOrigin }
            let order = DistanceOrder(places, from: origin, filter: request.filter)
            let start = cursor.map { stored in
                let bounds = order.bounds(of: stored, at: DistanceOrigin(origin).distance(to: stored.place.coordinate))
                return descending ? order.count - bounds.before : bounds.through
            }
            var prefiltered = request
            prefiltered.filter = PlaceFilter()
            return Self.page(of: order, request: prefiltered, start: start ?? 0)
        case .name, .createdAt, .updatedAt, .visitedAt:
            guard let key = PlaceOrderKey(request.sort) else { preconditionFailure("\(request.sort) is not kept") }
            let order = owner.map { keptOrder(key, of: $0) } ?? OrderIndex(key: key, of: places)
            let start = cursor.map { stored in
                let before = order.rank(of: stored)
                return descending ? order.count - before : before + 1
            }
            return Self.page(of: order, request: request, start: start ?? 0)
        }
    }

    /// `owner`'s places in the kept order `key`: the snapshot's, or one built or brought up to date for this
    /// revision (see `OrderRegistry`, `KeptOrder`).
    package func keptOrder(_ key: PlaceOrderKey, of owner: UserID) -> OrderIndex {
        guard let list = state.lists[owner] else { return OrderIndex(key: key) }
        if let kept = list.orders.order(key) {
            guard kept.isCurrent else {
                return list.orders.registry.index(key, revision: list.revision) { kept.current }
            }
            list.orders.registry.forget(key)
            return kept.index
        }
        return list.orders.registry.index(key, of: list.places, revision: list.revision)
    }

    /// The stored version of the place `id`, which must be `owner`'s (any owner's when nil).
    package func stored(_ id: PlaceID, owner: UserID?) throws(ListingError) -> StoredPlace {
        guard let slot = state.slot(of: id), owner.map({ $0 == slot.place.owner }) ?? true else {
            throw .notFound(id)
        }
        return slot.stored
    }

    /// How many places the owners before `owner` have: where `owner`'s list starts in `allPlaces()`.
    func ownersBefore(_ owner: UserID) -> Int {
        var count = 0
        for other in owners where other < owner { count += self.count(of: other) }
        return count
    }

    /// The page of `order` that `request` selects, from rank `start` (just after its cursor).
    static func page(of order: some OrderedPlaces, request: ListingRequest, start: Int) -> Listing {
        let descending = request.direction.isDescending
        var page: [StoredPlace] = []
        if request.filter.isEmpty {
            let lower = min(order.count, start + request.offset)
            let upper = request.limit.map { min(order.count, lower + $0) } ?? order.count
            page.reserveCapacity(upper - lower)
            order.forEach(in: lower..<upper, descending: descending) { page.append($0) }
            return Listing(total: order.count, page: page)
        }
        var total = 0
        var rank = 0
        var skipping = request.offset
        let limit = request.limit ?? .max
        let filter = request.filter
        order.forEach(in: 0..<order.count, descending: descending) { stored in
            defer { rank += 1 }
            guard filter.includes(stored) else { return }
            total += 1
            guard rank >= start else { return }
            if skipping > 0 {
                skipping -= 1
            } else if page.count < limit {
                page.append(stored)
            }
        }
        return Listing(total: total, page: page)
    }
}
