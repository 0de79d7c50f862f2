/// Tells a CSV file placesd reads by its header row: the first line names at least one column placesd
/// recognises.
enum CSVHeader {
    /// The column names placesd's CSV reader recognises, lower-cased: placesctl's own and Google Takeout's.
    static let recognised: Set<String> = [
        "name", "title", "latitude", "lat", "longitude", "lon", "lng", "long", "description", "note", "comment",
        "notes", "visited", "visitedat", "tags", "id", "url",
    ]

    /// Whether the first line of `bytes` is a header row naming a column placesd recognises.
    static func isRecognised(_ bytes: ArraySlice<UInt8>) -> Bool {
        let line = bytes.prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
        guard line.count < 64 * 1024, let text = String(validating: line, as: UTF8.self) else { return false }
        return text.split(separator: ",", omittingEmptySubsequences: false).contains { column in
            let start = column.drop(while: \.isWhitespace)
            var name = start.lastIndex { !$0.isWhitespace }.map { start[...$0] } ?? ""
            if name.count >= 2, name.first == "\"", name.last == "\"" { name = name.dropFirst().dropLast() }
            return recognised.contains(name.lowercased())
        }
    }
}
