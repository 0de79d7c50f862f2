import Glibc
import PlacesSystem
import Testing

/// Terminal cells as `wcwidth(3)` counts them in the C library's UTF-8 locale.
@Suite struct TerminalCellsTests {
    @Test(arguments: [
        ("Eiffel Tower", 12),
        ("東京タワー", 10),
        ("Ｔｏｋｙｏ", 10),  // fullwidth Latin
        ("서울", 4),
        ("🗼", 2),
        ("Tour 🗼", 7),
        ("Cafe\u{301}", 4),  // e and a combining acute accent
        ("a\u{200D}b", 2),  // a zero-width joiner
        ("👩\u{200D}💻", 4),  // each emoji of a joined sequence
        ("x\u{200B}y", 2),  // a zero-width space
        ("…", 1),
        ("", 0),
        ("tab\tbell\u{7}", 7),  // control characters take no cell
    ])
    func widths(text: String, cells: Int) {
        #expect(TerminalCells.width(of: text) == cells, "\(text.debugDescription)")
    }

    @Test func charactersAndSubstrings() {
        #expect(TerminalCells.width(of: Character("東")) == 2)
        #expect(TerminalCells.width(of: Character("e\u{301}")) == 1)
        #expect(TerminalCells.width(of: "東京タワー".dropFirst(3)) == 4)
    }

    /// The width does not depend on the thread's locale, which stays as it was.
    @Test func leavesTheThreadsLocaleAlone() {
        let before = uselocale(nil)
        #expect(TerminalCells.width(of: "東") == 2)
        #expect(uselocale(nil) == before)
    }

    /// Words are wrapped by the cells they take, so a line of wide characters is as wide as one of ASCII.
    @Test func wrapsBetweenWordsByCells() {
        #expect(TerminalCells.wrapped("one two three", width: 7) == ["one two", "three"])
        #expect(TerminalCells.wrapped("東京 タワー abc", width: 8) == ["東京", "タワー", "abc"])
        #expect(TerminalCells.wrapped("東京 ab", width: 7) == ["東京 ab"])
        #expect(TerminalCells.wrapped("unbreakable", width: 4) == ["unbreakable"], "a longer word on its own line")
        #expect(TerminalCells.wrapped("", width: 4) == [""])
    }
}
