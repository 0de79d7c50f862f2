import PlacesModel

/// A contiguous part of a `PlaceList`, sharing its storage; indices are the list's.
///
/// Iterating seeks the first place once, then walks the leaves, instead of looking up every index.
public struct PlaceListSlice: RandomAccessCollection, Sendable {
    /// The whole list.
    public let base: PlaceList
    /// The index of the first place.
    public let startIndex: Int
    /// One past the index of the last place.
    public let endIndex: Int

    /// The places of `base` at `bounds`.
    package init(base: PlaceList, bounds: Range<Int>) {
        self.base = base
        self.startIndex = bounds.lowerBound
        self.endIndex = bounds.upperBound
    }

    /// The place at `position`, which must be in `startIndex..<endIndex`.
    public subscript(position: Int) -> Place {
        precondition(position >= startIndex && position < endIndex, "PlaceListSlice index \(position) out of range")
        return base[position]
    }

    /// The places at `bounds`, which must be within this slice.
    public subscript(bounds: Range<Int>) -> PlaceListSlice {
        precondition(
            bounds.lowerBound >= startIndex && bounds.upperBound <= endIndex, "PlaceListSlice range out of range")
        return PlaceListSlice(base: base, bounds: bounds)
    }

    /// The results of `transform` on every place, in order; walks the leaves instead of looking up each index as
    /// `Collection.map` does.
    @inlinable public func map<T>(_ transform: (Place) throws -> T) rethrows -> [T] {
        var results: [T] = []
        results.reserveCapacity(endIndex - startIndex)
        for place in self {
            results.append(try transform(place))
        }
        return results
    }

    /// Calls `body` with every stored place in order, each with the slot where its rendering is kept.
    @inlinable public func forEachStored(_ body: (StoredPlace) throws -> Void) rethrows {
        try base.forEachStored(in: startIndex..<endIndex, body)
    }

    /// Visits the places in order.
    @inlinable public func makeIterator() -> PlaceList.Iterator {
        PlaceList.Iterator(root: base.root, start: startIndex, count: endIndex - startIndex)
    }
}
