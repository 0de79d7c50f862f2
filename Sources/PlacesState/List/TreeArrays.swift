/// The array steps the store's B-trees (`PlaceTreeNode`, `SpatialNode`, `OrderNode`) take when a node grows past its
/// capacity or falls below its minimum.
package enum TreeArrays {
    /// Splits `elements` if it outgrew `capacity`: keeps the left part in `elements` and returns the right one.
    ///
    /// A node that grew at its end (appends) keeps everything but the new element, so that a tree built by
    /// appending has full nodes; otherwise it splits in halves.
    ///
    /// Returns only the right part, so that the caller moves `elements` back into its node: returning the left
    /// part too would copy the array's reference, a retain and a release on every insertion.
    package static func split<Element>(
        _ elements: inout [Element], capacity: Int, grewAt index: Int
    ) -> [Element]? {
        guard elements.count > capacity else { return nil }
        let cut = index == elements.count - 1 ? elements.count - 1 : elements.count / 2
        let right = Array(elements[cut...])
        elements.removeSubrange(cut...)
        return right
    }

    /// One array if `first` and `second` fit in `capacity` together, else two of equal size.
    package static func rejoin<Element>(_ first: [Element], _ second: [Element], capacity: Int) -> [[Element]] {
        let all = first + second
        guard all.count > capacity else { return [all] }
        return [Array(all[..<(all.count / 2)]), Array(all[(all.count / 2)...])]
    }
}
