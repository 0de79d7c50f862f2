import PlacesModel

/// An owner's places as they are read, in storage order.
package struct LoadingList {
    /// The places read so far, while they come in position order.
    package var builder = PlaceListBuilder()
    /// The places read so far, once one came out of position order (after moves); nil until then.
    package var unordered: [PlaceSlot]?
    /// The entries for the owner's spatial index not handed over yet.
    package var entries: [SpatialEntry] = []
    /// The places by tag.
    package var tags = TagIndex.Loading()
    /// The most places the owner may turn out to have: the number of rows.
    package let expectedCount: Int

    /// Adds a place read from the table.
    package mutating func append(_ slot: PlaceSlot) {
        let position = slot.position
        entries.append(SpatialEntry(unkeyed: slot.stored, position: position))
        tags.insert(slot.stored.place.tags, of: slot.stored.place.id)
        if unordered != nil {
            unordered!.append(slot)
        } else if let last = builder.lastPosition, last >= position {
            var slots: [PlaceSlot] = []
            // Pages of the reservation are only touched as slots arrive: reserving all the rows costs nothing
            // beyond them, and growing a large array would copy it again and again.
            slots.reserveCapacity(expectedCount)
            let list = builder.build()
            builder = PlaceListBuilder()
            list.forEachLeaf { slots += $0 }
            slots.append(slot)
            unordered = slots
        } else {
            builder.append(slot)
        }
    }

    /// The entries collected since the last call, for the owner's spatial index, which another thread builds.
    package mutating func takeEntries() -> [SpatialEntry] {
        defer { entries = [] }
        return entries
    }

    /// The places in position order (rows usually arrive in it already); throws if two share a position or one
    /// is outside the positions placesd uses.
    package consuming func build(owner: UserID) throws -> OwnerList {
        if let slots = unordered {
            unordered = nil
            // Sorting small (position, offset) pairs instead of the slots: only the moved places are out of
            // order, so the sort mostly finds long runs and merges them.
            var order = slots.indices.map { (position: slots[$0].position, offset: Int32(truncatingIfNeeded: $0)) }
            order.sort { $0.position < $1.position }
            for (previous, next) in zip(order, order.dropFirst()) where previous.position == next.position {
                throw DamagedState(reason: "two places of uid \(owner) share position \(next.position)")
            }
            for entry in order {
                builder.append(slots[Int(entry.offset)])
            }
        }
        let list = builder.build()
        if let last = list.lastPosition, list.slot(at: 0).position < 0 || last >= ListPositions.universe {
            throw DamagedState(reason: "a place of uid \(owner) has a position out of range")
        }
        return OwnerList(places: list, tags: tags.build())
    }
}
