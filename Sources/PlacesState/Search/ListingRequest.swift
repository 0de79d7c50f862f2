import PlacesModel

/// What `places.list` asks of a snapshot: an order, filters, and which page.
package struct ListingRequest: Sendable {
    /// The order.
    package var sort: PlaceSort
    /// Which way it runs.
    package var direction: SortDirection
    /// The filters.
    package var filter: PlaceFilter
    /// The point distances are measured from (`sort: distance`).
    package var origin: Coordinate?
    /// Start after this place (the last one of the previous page), wherever it now is in the order.
    package var after: PlaceID?
    /// How many matches to skip (after `after`).
    package var offset: Int
    /// The most places to return; no limit when nil.
    package var limit: Int?

    /// A request; `origin` is needed for `sort: distance`.
    package init(
        sort: PlaceSort = .position, direction: SortDirection = .ascending, filter: PlaceFilter = PlaceFilter(),
        origin: Coordinate? = nil, after: PlaceID? = nil, offset: Int = 0, limit: Int? = nil
    ) {
        self.sort = sort
        self.direction = direction
        self.filter = filter
        self.origin = origin
        self.after = after
        self.offset = offset
        self.limit = limit
    }
}

/// A page of places and how many matched in all.
package struct Listing: Sendable {
    /// The places matching the filters, before `after`, `offset` and `limit`.
    package let total: Int
    /// The page, in order.
    package let page: [StoredPlace]
}

/// Why a snapshot could not list as asked.
package enum ListingError: Error, Equatable {
    /// The place named by `after` (or `from`) is not one of the caller's.
    case notFound(PlaceID)
    /// `sort: distance` without a point to measure from.
    case missingOrigin
}
