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

/// Where a place keeps its rendering once made, shared by every copy of that version of the place.
///
/// Places are immutable once committed and read by many threads; the first reader that needs the rendering
/// makes it and publishes it with one atomic compare-and-swap, so a place listed again is copied, not encoded.
/// Changing any field of a place gives it a new, empty slot.
public final class PlaceRenderingSlot: Sendable {
    private let reference = AtomicLazyReference<PlaceRendering>()

    /// Creates an empty slot.
    public init() {}

    /// The rendering, if someone made it already.
    public var existing: PlaceRendering? { reference.load() }

    /// The rendering, made with `render` if there is none yet. Two threads may both render at once; both get
    /// the one that was stored first.
    public func rendering(_ render: () -> [UInt8]) -> PlaceRendering {
        if let existing = reference.load() { return existing }
        return reference.storeIfNil(PlaceRendering(bytes: render()))
    }
}
