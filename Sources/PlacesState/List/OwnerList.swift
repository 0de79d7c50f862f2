import PlacesModel

/// One owner's places in list order, each with its stored position, the same places by where they are and by tag,
/// and the owner's revision.
package struct OwnerList: Sendable {
    /// The places in list order; their positions strictly increase along the list (gaps allowed).
    package var places = PlaceList()
    /// The same places by coordinate, each with its position.
    package var spatial = SpatialIndex()
    /// The same places by tag.
    package var tags = TagIndex()
    /// How many committed changes this owner's places have had.
    package var revision: Int64 = 0
    /// The same places in the orders a reader asked for (by name, say), kept up to date from then on.
    package var orders = OwnerOrders()

    /// An owner's list of `places`, indexed by where they are, at `revision`.
    package init(
        places: PlaceList = PlaceList(), spatial: SpatialIndex = SpatialIndex(), tags: TagIndex = TagIndex(),
        revision: Int64 = 0
    ) {
        self.places = places
        self.tags = tags
        self.spatial = spatial
        self.revision = revision
    }

    /// The position a place added at the end gets without renumbering, or nil if the end has no gap left.
    package var freePositionAtEnd: Int64? {
        ListPositions.free(after: places.lastPosition, before: nil)
    }

    /// The index in `places` of the place stored at `position`.
    package func index(ofPosition position: Int64) -> Int? {
        places.index(ofPosition: position)
    }
}
