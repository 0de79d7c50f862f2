import Synchronization

/// Bytes that present one version of a place — its JSON, say — made by whoever needs them first.
public final class PlaceRendering: Sendable {
    /// The rendered bytes.
    public let bytes: [UInt8]

    /// Wraps `bytes`.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }
}

/// Bytes that present one version of a whole list as a JSON array — `[e0,e1,…]`, one separator byte between
/// elements — with where each element begins, so that any page of the list is one contiguous range.
public final class PlaceListRendering: Sendable {
    /// The array, brackets included.
    public let bytes: [UInt8]
    /// Where each element begins, then `bytes.count`: element `i` is `bytes[starts[i] ..< starts[i + 1] - 1]`
    /// (the byte after it is `,` or the closing `]`).
    public let starts: [UInt32]

    /// Wraps an array's bytes and where its elements begin; `starts` ends with `bytes.count`.
    public init(bytes: [UInt8], starts: [UInt32]) {
        precondition(starts.last == UInt32(bytes.count), "a list rendering's starts must end with its size")
        self.bytes = bytes
        self.starts = starts
    }

    /// The number of elements.
    public var count: Int { starts.count - 1 }

    /// The elements at `range` with the separators between them, without brackets; empty for an empty range.
    public func elements(_ range: Range<Int>) -> ArraySlice<UInt8> {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "list rendering range out of bounds")
        guard !range.isEmpty else { return bytes[0..<0] }
        return bytes[Int(starts[range.lowerBound])..<(Int(starts[range.upperBound]) - 1)]
    }
}

/// Where a list keeps its rendering once made, shared by every copy of that version of the list; any change to
/// the list gives it a new, empty slot.
public final class PlaceListRenderingSlot: Sendable {
    private let reference = AtomicLazyReference<PlaceListRendering>()

    /// Creates an empty slot.
    public init() {}

    /// The rendering, if someone made it already.
    public var existing: PlaceListRendering? { reference.load() }

    /// The rendering, made with `render` if there is none yet. Two threads may both render at once; both get
    /// the one that was stored first.
    public func rendering(_ render: () -> PlaceListRendering) -> PlaceListRendering {
        if let existing = reference.load() { return existing }
        return reference.storeIfNil(render())
    }
}
