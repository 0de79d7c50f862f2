import PlacesModel

/// One record of a CSV document read against its header: each column's text, checked, and errors that name the
/// line and the column (`csv.line[7].lat`).
struct CSVRow {
    /// The record.
    let record: CSVTokenizer.Record
    /// What its columns hold.
    let columns: CSVColumns

    /// `csv.line[N]`, the prefix of every field named in an error about this row.
    var field: String { CSVImport.lineField(record.line) }

    /// `csv.line[N].<column's header>`.
    func field(_ column: Int) -> String {
        let name = column < columns.names.count ? columns.names[column] : ""
        return field + "." + (name.isEmpty ? "column[\(column + 1)]" : name)
    }

    /// The text of `column`, refusing bytes that are not UTF-8.
    func text(_ column: Int) throws(RPCError) -> String {
        guard let text = String(validating: record.field(column), as: UTF8.self) else {
            throw ParamsReader.invalid(
                field(column),
                "is not valid UTF-8 (CSV is read as UTF-8: convert the file first, e.g. iconv -f WINDOWS-1252 "
                    + "-t UTF-8)")
        }
        return text
    }

    /// The text of the column read once for `role`, or nil when there is no such column or the field holds only
    /// white space.
    func text(_ role: CSVColumns.Role) throws(RPCError) -> String? {
        guard let column = columns[role] else { return nil }
        let text = try text(column)
        return DecimalText.trimmed(text[...]).isEmpty ? nil : text
    }

    /// The number in the column for `role` (`latitude` or `longitude`), nil when it is empty.
    func number(_ role: CSVColumns.Role) throws(RPCError) -> Double? {
        // The usual field, a number: read on its bytes. Anything else is read as text, and refused as text.
        if let column = columns[role],
            let value = record.field(column).withUnsafeBufferPointer({ DecimalText.double(utf8: $0) })
        {
            return value
        }
        guard let text = try text(role) else { return nil }
        guard let value = DecimalText.double(text) else {
            throw ParamsReader.invalid(field(columns[role]!), "must be a number, not '\(Self.shown(text))'")
        }
        return value
    }

    /// The visited flag: `true`/`false`, `yes`/`no`, `1`/`0`, any case; nil when empty.
    func visited() throws(RPCError) -> Bool? {
        guard let text = try text(.visited) else { return nil }
        switch DecimalText.trimmed(text[...]).lowercased() {
        case "true", "yes", "1", "y", "x": return true
        case "false", "no", "0", "n": return false
        default:
            throw ParamsReader.invalid(
                field(columns[.visited]!), "must be true or false (or yes, no, 1, 0), not '\(Self.shown(text))'")
        }
    }

    /// The visit date, nil when empty.
    func visitedAt() throws(RPCError) -> Timestamp? {
        guard let text = try text(.visitedAt) else { return nil }
        guard let date = Timestamp(rfc3339: String(DecimalText.trimmed(text[...]))) else {
            throw ParamsReader.invalid(
                field(columns[.visitedAt]!),
                "must be an RFC 3339 timestamp or a date such as \"2026-06-01\", not '\(Self.shown(text))'")
        }
        return date
    }

    /// The tags, split at `;` (empty parts left out).
    func tags() throws(RPCError) -> [String] {
        guard let text = try text(.tags) else { return [] }
        return text.split(separator: ";").map(String.init).filter { !DecimalText.trimmed($0[...]).isEmpty }
    }

    /// The description columns' non-empty texts (white space kept) in header order, then the URL, one per line.
    func description() throws(RPCError) -> String {
        // The usual case, one description column and no URL: its text as it is, not joined into a copy.
        if columns.descriptionColumns.count == 1, columns[.url] == nil {
            return try text(columns.descriptionColumns[0])
        }
        var parts: [String] = []
        for column in columns.descriptionColumns {
            let text = try text(column)
            if !text.isEmpty { parts.append(text) }
        }
        if let url = try text(.url) { parts.append(String(DecimalText.trimmed(url[...]))) }
        return parts.joined(separator: "\n")
    }

    /// The field a validation error about the place's `field` names: the column it came from.
    func field(forPlaceField placeField: String) -> String {
        let role: CSVColumns.Role? =
            switch PlaceField(text: placeField) {
            case .name: .name
            case .latitude: columns[.latitude] == nil ? .url : .latitude
            case .longitude: columns[.longitude] == nil ? .url : .longitude
            case .visited: .visited
            case .visitedAt: .visitedAt
            case .tags: .tags
            case .description: .description
            default: placeField.hasPrefix(PlaceField.tags.text + "[") ? .tags : nil
            }
        let column =
            role == .description ? columns.roles.firstIndex(of: .description) : role.flatMap { columns[$0] }
        guard let column else { return field + "." + placeField }
        // A tag's error, `tags[2]`, names the third tag of the column.
        let index = role == .tags ? placeField.dropFirst(PlaceField.tags.text.count) : ""
        return field(column) + index
    }

    /// A field's text for a message: at most 40 characters.
    static func shown(_ text: String) -> String {
        text.count > 40 ? text.prefix(40) + "…" : text
    }
}
