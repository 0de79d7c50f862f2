/// Reads a place's coordinates out of a Google Maps URL, as Google Takeout writes them in a saved list's CSV.
///
/// A URL is looked at in this order, and the first form that holds a latitude and a longitude in range wins:
///
/// 1. the place's own position in the URL's data, `!3d<latitude>!4d<longitude>`
///    (`/maps/place/Name/@48.85,2.29,17z/data=…!3d48.8583701!4d2.2944813…`);
/// 2. coordinates the URL searches for or points at: `/maps/search/<latitude>,<longitude>`,
///    `/maps/place/<latitude>,<longitude>`, or a `q`, `query` or `ll` parameter of that form;
/// 3. the map view's centre, `@<latitude>,<longitude>,<zoom>z`, which is near the place but not on it.
///
/// Percent-escapes are decoded first. URLs that name a place only by an id (`?cid=…`, `ludocid=…`, `…!1s0x…`)
/// hold no coordinates: nil.
public enum GoogleMapsURL {
    /// The coordinates in `url`, or nil when it holds none.
    public static func coordinate(in url: String) -> (latitude: Double, longitude: Double)? {
        let text = percentDecoded(url)
        return placeData(in: text) ?? pointedAt(in: text) ?? mapView(in: text)
    }

    /// `!3d<latitude>!4d<longitude>`.
    private static func placeData(in text: Substring) -> (latitude: Double, longitude: Double)? {
        var rest = text
        while let marker = rest.firstRange(of: "!3d") {
            rest = rest[marker.upperBound...]
            let latitude = rest.prefix { $0 != "!" }
            let after = rest.dropFirst(latitude.count)
            if after.hasPrefix("!4d") {
                let longitude = after.dropFirst(3).prefix { $0 != "!" && $0 != "?" && $0 != "&" && $0 != "/" }
                if let pair = pair(latitude, longitude) { return pair }
            }
        }
        return nil
    }

    /// `/maps/search/<lat>,<lon>`, `/maps/place/<lat>,<lon>`, `q=<lat>,<lon>`, `query=…`, `ll=…`.
    private static func pointedAt(in text: Substring) -> (latitude: Double, longitude: Double)? {
        for marker in ["/search/", "/place/"] {
            if let range = text.firstRange(of: marker),
                let found = commaPair(text[range.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "@" })
            {
                return found
            }
        }
        let query = text.drop { $0 != "?" }.dropFirst()
        for parameter in query.split(separator: "&") {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, ["q", "query", "ll"].contains(parts[0]) else { continue }
            if let found = commaPair(parts[1]) { return found }
        }
        return nil
    }

    /// `@<lat>,<lon>` (then `,<zoom>z` or `/`).
    private static func mapView(in text: Substring) -> (latitude: Double, longitude: Double)? {
        guard let at = text.firstIndex(of: "@") else { return nil }
        let fields = text[text.index(after: at)...].prefix { $0 != "/" && $0 != "?" }.split(
            separator: ",", omittingEmptySubsequences: false)
        guard fields.count >= 2 else { return nil }
        return pair(fields[0], fields[1])
    }

    /// `<lat>,<lon>` and nothing else (a `+` read as the space a query writes it for, or as a sign).
    private static func commaPair(_ text: Substring) -> (latitude: Double, longitude: Double)? {
        let fields = text.split(separator: ",", omittingEmptySubsequences: false)
        guard fields.count == 2 else { return nil }
        return pair(fields[0], fields[1])
    }

    private static func pair(_ latitude: Substring, _ longitude: Substring) -> (latitude: Double, longitude: Double)? {
        guard let latitude = DecimalText.double(latitude), let longitude = DecimalText.double(longitude),
            (-90.0...90.0).contains(latitude), (-180.0...180.0).contains(longitude)
        else { return nil }
        return (latitude, longitude)
    }

    /// `text` with `%XX` escapes decoded (bytes that do not make UTF-8 become U+FFFD).
    private static func percentDecoded(_ text: String) -> Substring {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text[...] }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var utf8 = text.utf8[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2, let high = hexValue(utf8[utf8.startIndex]),
                let low = hexValue(utf8[utf8.index(after: utf8.startIndex)])
            {
                bytes.append(high << 4 | low)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)[...]
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
