import Testing

@testable import PlacesFormats

/// Descriptions as HTML: the text kept from what Google writes, and placesd's own read back unchanged.
@Suite struct KMLDescriptionTests {
    @Test(arguments: [
        ("Plain text, kept as written.\n  Even  its spacing. ", "Plain text, kept as written.\n  Even  its spacing. "),
        ("Amps & <brackets> are not HTML", "Amps & <brackets> are not HTML"),
        ("Huttonsville, WV 26273<br>", "Huttonsville, WV 26273"),
        ("one<br>two<br/><br />three", "one\ntwo\n\nthree"),
        ("<p>First</p>\n<p>Second</p>", "First\nSecond"),
        ("<div><b>Bold</b>   and\n  <i>folded</i></div>", "Bold and folded"),
        ("Fish &amp; chips &#8211; &#x20AC;5 &nbsp;&copy;", "Fish & chips – €5  ©"),
        ("<a href=\"https://example.org\">link</a><img src=\"x.png\">", "link"),
        ("<style>p { color: red }</style><p>Shown</p><script>alert(1)</script>", "Shown"),
        ("Kept <!-- a comment --> <BR>Upper case", "Kept\nUpper case"),
        ("A &unknown; reference <br>", "A &unknown; reference"),
        ("An unclosed <b tag", "An unclosed <b tag"),
    ])
    func keepsTheTextOfHTML(html: String, text: String) {
        #expect(KMLDescription.plainText(html) == text)
    }

    @Test(arguments: [
        "", "plain", "two  spaces", " leading and trailing ", "\nline breaks\n\nat both ends\n", "tab\there",
        "crlf\r\nline", "a < b && c > d", "<br> written literally", "&amp; written literally", "a \n b", "\u{A0}x",
        "Zürich — 東京 🌍",
    ])
    func readsBackWhatItWrites(text: String) {
        #expect(KMLDescription.plainText(KMLDescription.html(text)) == text)
    }

    @Test func writesLineBreaksAsBreaksForGoogleEarth() {
        #expect(KMLDescription.html("one\ntwo & three") == "one<br>two &amp; three")
        #expect(KMLDescription.html("nothing to escape") == "nothing to escape")
    }
}
