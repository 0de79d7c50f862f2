extension RandomAccessCollection where Index == Int {
    /// The first index whose element satisfies `predicate`, which must be false and then true along the
    /// collection (a binary search: O(log n)); `endIndex` when no element does.
    package func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
        var low = startIndex
        var high = endIndex
        while low < high {
            let middle = low + (high - low) / 2
            if predicate(self[middle]) {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return low
    }
}
