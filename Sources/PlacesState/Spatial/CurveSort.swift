/// Sorts spatial entries in curve order for building an index: a radix sort on the curve index (a few passes over
/// the array instead of n log n comparisons), then the rare runs of equal indices by position.
package enum CurveSort {
    /// Below this many entries a comparison sort is as fast.
    package static let radixThreshold = 50_000
    /// The bits of the curve index sorted per pass.
    private static let digitBits = 16

    /// `entries` in curve order, then position order.
    package static func sorted(_ entries: consuming [SpatialEntry]) -> [SpatialEntry] {
        guard entries.count >= radixThreshold else {
            entries.sort()
            return entries
        }
        var source = entries
        // Every element of `target` is written by each pass before any is read: no copy of `source` to start with.
        var target = [SpatialEntry](unsafeUninitializedCapacity: source.count) { _, count in count = source.count }
        let buckets = 1 << digitBits
        var counts = [Int](repeating: 0, count: buckets)
        for shift in stride(from: 0, to: 2 * HilbertCurve.order, by: digitBits) {
            let mask = UInt64(buckets - 1)
            counts.withUnsafeMutableBufferPointer { counts in
                for index in counts.indices { counts[index] = 0 }
                source.withUnsafeBufferPointer { source in
                    for entry in source {
                        counts[Int((entry.key >> UInt64(shift)) & mask)] += 1
                    }
                    var total = 0
                    for index in counts.indices {
                        let count = counts[index]
                        counts[index] = total
                        total += count
                    }
                    target.withUnsafeMutableBufferPointer { target in
                        for entry in source {
                            let digit = Int((entry.key >> UInt64(shift)) & mask)
                            target[counts[digit]] = entry
                            counts[digit] += 1
                        }
                    }
                }
            }
            swap(&source, &target)
        }
        // Each pass was stable, so entries are in curve order; order each run of one curve index by position.
        var start = 0
        while start < source.count {
            var end = start + 1
            while end < source.count, source[end].key == source[start].key {
                end += 1
            }
            if end - start > 1 {
                source[start..<end].sort()
            }
            start = end
        }
        return source
    }
}
