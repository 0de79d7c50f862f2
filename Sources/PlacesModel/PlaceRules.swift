/// The rules every place obeys, shared by the daemon and the client.
public enum PlaceRules {
    /// The name a place gets when none is given.
    public static let defaultName = "New location"
    /// The longest name, in user-perceived characters.
    public static let maximumNameLength = 200
    /// The longest description, in user-perceived characters.
    public static let maximumDescriptionLength = 10_000

    /// Trims surrounding white space and newlines, then checks length and control characters.
    public static func validName(_ raw: String) throws(ValidationError) -> String {
        if let name = try validASCIIName(raw) { return name }
        let name = trimmed(raw)
        if name.isEmpty {
            throw ValidationError(field: PlaceField.name.text, reason: "must not be empty")
        }
        if name.count > maximumNameLength {
            throw ValidationError(
                field: PlaceField.name.text, reason: "must be at most \(maximumNameLength) characters")
        }
        if name.unicodeScalars.contains(where: isControl) {
            throw ValidationError(field: PlaceField.name.text, reason: "must not contain control characters")
        }
        return name
    }

    /// Checks length and control characters (newline, carriage return and tab are allowed).
    public static func validDescription(_ description: String) throws(ValidationError) -> String {
        if isPrintableASCII(description, allowingLineBreaks: true), description.utf8.count <= maximumDescriptionLength {
            return description
        }
        if description.count > maximumDescriptionLength {
            throw ValidationError(
                field: PlaceField.description.text,
                reason: "must be at most \(maximumDescriptionLength) characters"
            )
        }
        let allowed: Set<Unicode.Scalar> = ["\n", "\r", "\t"]
        if description.unicodeScalars.contains(where: { isControl($0) && !allowed.contains($0) }) {
            throw ValidationError(
                field: PlaceField.description.text,
                reason: "must not contain control characters other than newline, carriage return and tab"
            )
        }
        return description
    }

    /// Checks that a latitude is finite and within [-90, 90].
    public static func validLatitude(_ value: Double) throws(ValidationError) -> Double {
        guard value.isFinite, (-90.0...90.0).contains(value) else {
            throw ValidationError(field: PlaceField.latitude.text, reason: "must be between -90 and 90")
        }
        return value == 0 ? 0 : value  // no negative zero on the wire
    }

    /// Checks that a longitude is finite and within [-180, 180].
    public static func validLongitude(_ value: Double) throws(ValidationError) -> Double {
        guard value.isFinite, (-180.0...180.0).contains(value) else {
            throw ValidationError(field: PlaceField.longitude.text, reason: "must be between -180 and 180")
        }
        return value == 0 ? 0 : value
    }

    /// The visited flag that `isVisited` and `visitedAt` give together: a date means visited, so it is refused with
    /// `isVisited` false; nil when neither is given.
    public static func visited(_ isVisited: Bool?, at visitedAt: Timestamp?) throws(ValidationError) -> Bool? {
        guard visitedAt != nil else { return isVisited }
        if isVisited == false {
            throw ValidationError(field: PlaceField.visitedAt.text, reason: "must not be given with visited false")
        }
        return true
    }

    /// Checks that a visit date is not after `now` (the daemon's clock, with a minute's leeway for a client's
    /// clock ahead of it).
    public static func checkVisitDate(_ visitedAt: Timestamp?, now: Timestamp) throws(ValidationError) {
        guard let visitedAt, visitedAt.millisecondsSinceEpoch > now.millisecondsSinceEpoch + 60_000 else { return }
        throw ValidationError(field: PlaceField.visitedAt.text, reason: "must not be in the future")
    }

    /// The common case without Unicode property look-ups: printable ASCII with no surrounding white space.
    /// Returns nil when the general rules must decide.
    private static func validASCIIName(_ raw: String) throws(ValidationError) -> String? {
        let bytes = raw.utf8
        guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20,
            bytes.count <= maximumNameLength, isPrintableASCII(raw, allowingLineBreaks: false)
        else { return nil }
        return raw
    }

    /// Whether every byte is printable ASCII (or, when allowed, a newline, carriage return or tab).
    private static func isPrintableASCII(_ text: String, allowingLineBreaks: Bool) -> Bool {
        var text = text
        // Over the contiguous bytes, not the UTF-8 view's indices: an import checks every description.
        return text.withUTF8 { bytes in
            bytes.allSatisfy { byte in
                (0x20..<0x7F).contains(byte) || allowingLineBreaks && (byte == 0x0A || byte == 0x0D || byte == 0x09)
            }
        }
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
    }

    /// `text` without surrounding white space (Unicode's), for names and tags.
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }
}
