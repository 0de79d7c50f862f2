import PlacesModel
import PlacesProtocol

extension ParamsCheck {
    /// An accepted `places.add`: valid fields, the coordinates as sent, and the same draft when written back.
    mutating func checkAdd(_ add: AddParams, _ params: JSONObject?) throws(FuzzViolation) {
        let draft = add.draft
        try PlaceFieldsCheck.check(draft)
        try require(
            draft.coordinate.latitude == Self.sentNumber(params, PlaceField.latitude.text)
                && draft.coordinate.longitude == Self.sentNumber(params, PlaceField.longitude.text),
            "params.add", "the draft's coordinates are not the ones sent")
        let again = try decodeAgain(AddParams.decode, Self.members(of: draft))
        try require(again == add && Self.sameText(again.draft, draft), "params.add", "a draft written back differs")
        remember(PlaceSample.place(draft, random: &random))
    }

    /// An accepted `places.update`: a valid patch, a positive `ifVersion`, stable when written back, and
    /// applying it to a place changes exactly the fields it sets.
    mutating func checkUpdate(_ update: UpdateParams) throws(FuzzViolation) {
        let patch = update.patch
        try PlaceFieldsCheck.check(patch)
        try require(update.ifVersion.map { $0 > 0 } ?? true, "params.update", "ifVersion \(update.ifVersion ?? 0)")
        let members: [(String, JSONValue?)] =
            [(PlaceField.id.text, ParamsObject.id(update.id))]
            + PlaceField.draftFields.map { ($0.text, Self.member(patch.value(of: $0))) }
            + [
                (UpdateParams.addTagsKey, Self.member(.tags(patch.addTags))),
                (UpdateParams.removeTagsKey, Self.member(.tags(patch.removeTags))),
                ("ifVersion", ParamsObject.integer(update.ifVersion)),
            ]
        try require(
            try decodeAgain(UpdateParams.decode, members) == update, "params.update",
            "update params written back decode differently")

        let base = places.last ?? PlaceSample.place(Self.fallbackDraft, random: &random)
        let time = PlaceSample.clock(after: base.updatedAt)
        let updated = base.applying(patch, at: time)
        let (baseDraft, updatedDraft) = (try PlaceSample.draft(of: base), try PlaceSample.draft(of: updated))
        let changesNothing = baseDraft == updatedDraft
        // The visit date follows the visited flag, and the tags follow addTags and removeTags: checked apart.
        let derived: [PlaceField] = [.visitedAt, .tags]
        let tags =
            patch.tags ?? TagRules.adding(patch.addTags, to: TagRules.removing(patch.removeTags, from: base.tags))
        try require(
            PlaceField.draftFields.filter { !derived.contains($0) }.allSatisfy {
                updatedDraft.value(of: $0) == (patch.value(of: $0) ?? baseDraft.value(of: $0))
            }
                && updated.tags == tags && (updated.isVisited || updated.visitedAt == nil)
                && (patch.visitedAt.map { updated.visitedAt == $0 } ?? true)
                && updated.id == base.id && updated.owner == base.owner && updated.version == base.version
                && updated.createdAt == base.createdAt && updated.updatedAt == (changesNothing ? base.updatedAt : time),
            "patch.applied", "applying a patch changed other fields than it sets")
        try require(
            patch.changesNothing(in: base) == changesNothing, "patch.changesNothing",
            "changesNothing says \(!changesNothing), the fields say otherwise")
        try require(
            updated.applying(patch, at: time) == updated, "patch.idempotent", "applying a patch twice changes more")
        remember(updated)
    }

    /// An accepted `places.import`: every place valid, the same places when written back in the `places` form.
    mutating func checkImport(_ imported: ImportParams) throws(FuzzViolation) {
        var elements: [JSONValue] = []
        for place in imported.places {
            try PlaceFieldsCheck.check(place.draft)
            elements.append(
                .object(
                    ParamsObject.make([(PlaceField.id.text, ParamsObject.id(place.id))] + Self.members(of: place.draft))
                ))
            remember(PlaceSample.place(place.draft, id: place.id, random: &random))
        }
        let again = try decodeAgain(ImportParams.decode, [(ImportParams.placesKey, .array(elements))])
        try require(
            // What a document left out is not written back: the places and the options are.
            again.places == imported.places && again.options == imported.options
                && zip(again.places, imported.places).allSatisfy { Self.sameText($0.draft, $1.draft) },
            "params.import", "imported places written back decode differently")
    }

    /// The model's UUID parser agrees with the decoders' fast one on the `id` member.
    func checkID(_ params: JSONObject?, _ result: Result<PlaceID, RPCError>) throws(FuzzViolation) {
        guard case .string(let text)? = params?["id"] else { return }
        switch result {
        case .success(let id):
            try require(
                PlaceID(text) == id, "id.parse", "\(text.debugDescription) decodes as \(id), the model disagrees")
            try require(id.description == text.lowercased(), "id.canonical", "\(id) is not \(text) in lower case")
        case .failure(let error):
            guard case .object(let data)? = error.data, data["field"] == .string("id"),
                data["reason"] == .string("must be a UUID")
            else { return }
            try require(PlaceID(text) == nil, "id.parse", "\(text.debugDescription) is refused, the model reads it")
        }
    }

    /// A draft's fields as `places.add` params.
    static func members(of draft: PlaceDraft) -> [(String, JSONValue?)] {
        PlaceField.draftFields.map { ($0.text, member(draft.value(of: $0))) }
    }

    /// A field's value as a params member, nil when it is not set.
    static func member(_ value: PlaceFieldValue?) -> JSONValue? {
        switch value {
        case .text(let text)?: .string(text)
        case .number(let number)?: ParamsObject.number(number)
        case .flag(let flag)?: .bool(flag)
        case .time(let time)?: time.map { .string($0.description) }
        case .tags(let tags)?: tags.isEmpty ? nil : .array(tags.map(JSONValue.string))
        case nil: nil
        }
    }

    /// Whether two drafts' texts have exactly the same scalars (`==` on strings allows canonical equivalents).
    static func sameText(_ lhs: PlaceDraft, _ rhs: PlaceDraft) -> Bool {
        lhs.name.unicodeScalars.elementsEqual(rhs.name.unicodeScalars)
            && lhs.description.unicodeScalars.elementsEqual(rhs.description.unicodeScalars)
    }

    /// The value a number member was sent with, as a validated coordinate holds it (no negative zero).
    static func sentNumber(_ params: JSONObject?, _ key: String) -> Double? {
        guard case .number(let number)? = params?[key], let value = number.double else { return nil }
        return value == 0 ? 0 : value
    }

    /// The place updates start from when no place was accepted yet.
    static let fallbackDraft: PlaceDraft = {
        do throws(ValidationError) {
            return try PlaceDraft(name: "Fallback", description: "", latitude: 1, longitude: 2)
        } catch {
            preconditionFailure("the fallback draft is valid")
        }
    }()
}
