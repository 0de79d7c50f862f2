/// The rules of a place's tags, shared by the daemon and the client.
///
/// A place's tags are a set: two tags that fold to the same key (`TextFolding`, case and accents ignored) are
/// one, kept as it was first written. `Place.tags` holds them in one canonical order, by folded key, so that two
/// places with the same set compare equal and every list of them reads the same.
public enum TagRules {
    /// The longest tag, in user-perceived characters.
    public static let maximumLength = 64
    /// The most tags a place has.
    public static let maximumCount = 32

    /// The folded key of `tag`: what tags are compared and looked up by.
    @inlinable
    public static func key(_ tag: String) -> String {
        TextFolding.fold(tag)
    }

    /// Trims surrounding white space, then checks length and control characters; `field` names the tag in an
    /// error (e.g. `tags[2]`).
    public static func validTag(_ raw: String, field: @autoclosure () -> String) throws(ValidationError) -> String {
        let tag = PlaceRules.trimmed(raw)
        if tag.isEmpty {
            throw ValidationError(field: field(), reason: "must not be empty")
        }
        if tag.count > maximumLength {
            throw ValidationError(field: field(), reason: "must be at most \(maximumLength) characters")
        }
        // The control characters (general category Cc) are exactly U+0000–U+001F and U+007F–U+009F.
        if tag.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            throw ValidationError(field: field(), reason: "must not contain control characters")
        }
        return tag
    }

    /// Validates each of `raw` (named `field[i]` in an error), merges the ones that fold alike (the first
    /// written stays) and checks the count; in canonical order.
    public static func validTags(_ raw: [String], field: String) throws(ValidationError) -> [String] {
        var tags: [String] = []
        for (offset, tag) in raw.enumerated() {
            tags.append(try validTag(tag, field: "\(field)[\(offset)]"))
        }
        // One tag (the usual case) is a set in canonical order already.
        let set = tags.count == 1 ? tags : adding(tags, to: [])
        if set.count > maximumCount {
            throw ValidationError(field: field, reason: "must hold at most \(maximumCount) tags, not \(set.count)")
        }
        return set
    }

    /// `current` with each of `tags` whose key it lacks, in canonical order; a tag it has already keeps its
    /// first spelling.
    public static func adding(_ tags: [String], to current: [String]) -> [String] {
        var keys = Set(current.map(key))
        var result = current
        for tag in tags where keys.insert(key(tag)).inserted {
            result.append(tag)
        }
        return result.count == current.count ? current : canonical(result)
    }

    /// `current` without the tags whose keys any of `tags` has.
    public static func removing(_ tags: [String], from current: [String]) -> [String] {
        let keys = Set(tags.map(key))
        return current.filter { !keys.contains(key($0)) }
    }

    /// `tags` (distinct keys) in canonical order: by folded key, then as written.
    public static func canonical(_ tags: [String]) -> [String] {
        tags.map { (key: key($0), tag: $0) }.sorted { ($0.key, $0.tag) < ($1.key, $1.tag) }.map(\.tag)
    }
}
