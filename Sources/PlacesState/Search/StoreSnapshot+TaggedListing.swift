import PlacesModel

extension StoreSnapshot {
    /// The fraction of the places a tag filter may select for the tag index to be read rather than the order
    /// walked: reading a tag's places costs a look-up and a sort each, walking costs a check per place.
    static let taggedListingShare = 8

    /// A page of the places holding `request`'s tags, read from the tag index and put in order, when the rarest
    /// of the tags is held by few enough places (`taggedListingShare`); nil when walking the order is cheaper.
    ///
    /// A tag held by 100 of a million places costs about 100 look-ups and a sort of 100, whatever the sort key.
    func taggedListing(_ request: ListingRequest, owner: UserID?, cursor: StoredPlace?) -> Listing? {
        let tags = request.filter.tagKeys
        guard !tags.isEmpty else { return nil }
        let owners = owner.map { [$0] } ?? state.owners
        var candidates = 0
        var total = 0
        for owner in owners {
            guard let list = state.lists[owner] else { continue }
            candidates += list.tags.rarestCount(of: tags)
            total += list.places.count
        }
        guard candidates * Self.taggedListingShare <= total else { return nil }
        var order = TaggedOrder(entries: places(of: owner, holdingAll: tags))
        var start = 0
        switch request.sort {
        case .position:
            // Already in list order; the cursor's place by its rank in the list.
            let rank = { (stored: StoredPlace) -> Int in
                (owner == nil ? self.ownersBefore(stored.place.owner) : 0) + (self.index(of: stored.place.id) ?? 0)
            }
            if let cursor {
                let cursorRank = rank(cursor)
                start = order.entries.count { rank($0) <= cursorRank }
            }
        case .distance:
            guard let origin = request.origin else { return nil }
            let point = DistanceOrigin(origin)
            let key = { (stored: StoredPlace) in (point.distance(to: stored.place.coordinate), stored.place.id) }
            order.entries.sort { key($0) < key($1) }
            if let cursor {
                let cursorKey = key(cursor)
                start = order.entries.count { key($0) <= cursorKey }
            }
        case .name, .createdAt, .updatedAt, .visitedAt:
            guard let key = PlaceOrderKey(request.sort) else { return nil }
            order.entries.sort { key.precedes(key.entry(for: $0), key.entry(for: $1)) }
            if let cursor {
                let cursorEntry = key.entry(for: cursor)
                start = order.entries.count { !key.precedes(cursorEntry, key.entry(for: $0)) }
            }
        }
        if request.direction.isDescending, cursor != nil {
            // Walking backwards, the places after the cursor are those before it (or it) ascending.
            let through = start
            let cursorID = cursor?.place.id
            start = order.count - through + (order.entries.contains { $0.place.id == cursorID } ? 1 : 0)
        }
        return Self.page(of: order, request: request, start: start)
    }
}

/// A few places put in order for one request (those holding a tag).
struct TaggedOrder: OrderedPlaces {
    /// The places, in ascending order.
    var entries: [StoredPlace]

    /// The number of places.
    var count: Int { entries.count }

    /// Walks the array.
    func forEach(in ranks: Range<Int>, descending: Bool, _ body: (StoredPlace) -> Void) {
        for rank in ranks { body(entries[descending ? count - 1 - rank : rank]) }
    }
}
