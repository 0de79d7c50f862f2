import PlacesModel

/// One owner's places in list order, with each place's stored position and the owner's revision.
struct OwnerList: Sendable {
    /// The places, in list order.
    var places: [Place] = []
    /// The `position` column of each place, parallel to `places` and strictly increasing (gaps allowed).
    var positions: [Int64] = []
    /// How many committed changes this owner's places have had.
    var revision: Int64 = 0

    /// The index in `places` of the place stored at `position`.
    func index(ofPosition position: Int64) -> Int? {
        var low = 0
        var high = positions.count
        while low < high {
            let middle = (low + high) / 2
            if positions[middle] < position {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < positions.count && positions[low] == position ? low : nil
    }

    /// The position a place added now gets: after the last one.
    var nextPosition: Int64 { (positions.last ?? -1) + 1 }
}
