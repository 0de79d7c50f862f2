/// How a terminal map is drawn: which characters make the land and the markers, and whether it is coloured.
public struct MapStyle: Sendable, Hashable {
    /// The characters the land outlines are drawn with.
    public enum Glyphs: String, Sendable, Hashable, CaseIterable {
        /// Braille patterns (U+2800–U+28FF): 2 × 4 dots a cell; markers `●` (not visited) and `✓` (visited).
        case braille
        /// Half blocks (`▀`, `▄`, `█`): 1 × 2 dots a cell, for terminals whose font has no braille; the same
        /// markers.
        case blocks
        /// ASCII only: a cell with any land outline is `.`; markers `o` (not visited) and `x` (visited), for
        /// terminals and fonts with nothing else.
        case ascii
    }

    /// The characters the map is drawn with.
    public var glyphs: Glyphs
    /// Whether markers, counts and the legend are coloured with ANSI SGR sequences.
    public var isColoured: Bool

    /// Creates a style: braille without colour unless told otherwise.
    public init(glyphs: Glyphs = .braille, isColoured: Bool = false) {
        self.glyphs = glyphs
        self.isColoured = isColoured
    }
}
