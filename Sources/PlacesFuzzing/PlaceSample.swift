import PlacesModel

/// Makes stored places out of decoded drafts, with an id, owner, version and times picked by the input.
enum PlaceSample {
    /// The most places one input collects for the export checks, to keep each run short.
    static let maximumCount = 32

    /// A place with the draft's fields; `id` when given, otherwise a random one.
    static func place(_ draft: PlaceDraft, id: PlaceID? = nil, random: inout FuzzRandom) -> Place {
        let createdAt = timestamp(&random)
        return Place(
            id: id ?? PlaceID.random(using: &random),
            owner: UInt32(truncatingIfNeeded: random.next()),
            draft: draft,
            version: random.oneIn(4) ? Int64(bitPattern: random.next()) : Int64(random.pick(1...1000)),
            createdAt: createdAt,
            updatedAt: random.oneIn(2) ? createdAt : timestamp(&random)
        )
    }

    /// The draft a place's fields make.
    static func draft(of place: Place) throws(FuzzViolation) -> PlaceDraft {
        do throws(ValidationError) {
            return try PlaceDraft(validating: place)
        } catch {
            throw FuzzViolation(check: "place.revalidate", detail: "a stored place's fields are refused: \(error)")
        }
    }

    /// A time around now, anywhere in the years 0 to 9999, or any 64-bit value at all.
    private static func timestamp(_ random: inout FuzzRandom) -> Timestamp {
        let milliseconds: Int64 =
            switch random.next() % 4 {
            case 0: Int64(bitPattern: random.next())
            case 1: Int64.random(in: -62_167_219_200_000...253_402_300_799_999, using: &random)
            default: 1_700_000_000_000 + Int64(random.pick(0...1_000_000_000))
            }
        return Timestamp(millisecondsSinceEpoch: milliseconds)
    }
}
