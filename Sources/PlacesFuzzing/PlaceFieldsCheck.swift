import PlacesModel

/// The rules every validated place field obeys, checked on what the decoders hand out.
enum PlaceFieldsCheck {
    /// A validated draft: every field within its rules.
    static func check(_ draft: PlaceDraft) throws(FuzzViolation) {
        for field in PlaceField.draftFields {
            try check(field, draft.value(of: field))
        }
    }

    /// A validated patch: at least one field set, each within its rules.
    static func check(_ patch: PlacePatch) throws(FuzzViolation) {
        try require(
            PlaceField.draftFields.contains { patch.value(of: $0) != nil } || !patch.addTags.isEmpty
                || !patch.removeTags.isEmpty, "patch.empty",
            "a patch that sets nothing was accepted")
        for field in PlaceField.draftFields {
            try check(field, patch.value(of: field))
        }
    }

    /// The value of one field, when set: within the field's rules (a field without a rule here is checked by
    /// `PlaceSample.draft(of:)` validating a stored place again).
    static func check(_ field: PlaceField, _ value: PlaceFieldValue?) throws(FuzzViolation) {
        switch (field, value) {
        case (.name, .text(let name)?): try checkName(name)
        case (.description, .text(let description)?): try checkDescription(description)
        case (.latitude, .number(let latitude)?): try checkLatitude(latitude)
        case (.longitude, .number(let longitude)?): try checkLongitude(longitude)
        case (.tags, .tags(let tags)?): try checkTags(tags)
        default: break
        }
    }

    /// A set of tags: at most 32, each 1 to 64 characters without control characters, no two alike when folded.
    static func checkTags(_ tags: [String]) throws(FuzzViolation) {
        try require(tags.count <= TagRules.maximumCount, "tags.count", "\(tags.count) tags were accepted")
        try require(
            Set(tags.map(TagRules.key)).count == tags.count, "tags.distinct", "two tags alike when folded: \(tags)")
        for tag in tags {
            try require(
                !tag.isEmpty && tag.count <= TagRules.maximumLength
                    && !tag.unicodeScalars.contains { $0.properties.generalCategory == .control },
                "tags.tag", "the tag \(tag.debugDescription) was accepted")
        }
    }

    /// A name: trimmed, 1 to 200 characters, no control characters, and validating it again changes nothing.
    static func checkName(_ name: String) throws(FuzzViolation) {
        let scalars = name.unicodeScalars
        try require(!name.isEmpty, "name.empty", "an empty name was accepted")
        try require(name.count <= PlaceRules.maximumNameLength, "name.length", "a name of \(name.count) characters")
        try require(
            !(scalars.first?.properties.isWhitespace ?? false) && !(scalars.last?.properties.isWhitespace ?? false),
            "name.trimmed", "the name \(name.debugDescription) starts or ends with white space")
        try require(
            !scalars.contains { $0.properties.generalCategory == .control }, "name.control",
            "the name \(name.debugDescription) contains a control character")
        let again = try? PlaceRules.validName(name)
        try require(
            again.map { $0.unicodeScalars.elementsEqual(scalars) } ?? false, "name.idempotent",
            "validating the name \(name.debugDescription) again changes it")
    }

    /// A description: at most 10,000 characters, no control characters but line breaks and tabs, stable.
    static func checkDescription(_ description: String) throws(FuzzViolation) {
        try require(
            description.count <= PlaceRules.maximumDescriptionLength, "description.length",
            "a description of \(description.count) characters")
        let allowed: Set<Unicode.Scalar> = ["\n", "\r", "\t"]
        try require(
            !description.unicodeScalars.contains { $0.properties.generalCategory == .control && !allowed.contains($0) },
            "description.control", "the description contains a control character")
        let again = try? PlaceRules.validDescription(description)
        try require(
            again.map { $0.unicodeScalars.elementsEqual(description.unicodeScalars) } ?? false,
            "description.idempotent", "validating the description again changes it")
    }

    /// A latitude: finite, within [-90, 90], never negative zero.
    static func checkLatitude(_ value: Double) throws(FuzzViolation) {
        try require(
            value.isFinite && (-90.0...90.0).contains(value) && !(value == 0 && value.sign == .minus),
            "coordinate.latitude", "latitude \(value) was accepted")
    }

    /// A longitude: finite, within [-180, 180], never negative zero.
    static func checkLongitude(_ value: Double) throws(FuzzViolation) {
        try require(
            value.isFinite && (-180.0...180.0).contains(value) && !(value == 0 && value.sign == .minus),
            "coordinate.longitude", "longitude \(value) was accepted")
    }
}
