import PlacesModel

/// Makes stored places out of decoded drafts, with an id, owner, version and times picked by the input.
enum PlaceSample {
    /// The most places one input collects for the export checks, to keep each run short.
    static let maximumCount = 32

    /// A place with the draft's fields; `id` when given, otherwise a random one.
    static func place(_ draft: PlaceDraft, id: PlaceID? = nil, random: inout FuzzRandom) -> Place {
        // A visited place without a date takes `createdAt` as its visit date. placesd stamps `createdAt` from its
        // clock, and every other visit date is read from RFC 3339, so a visit date outside the years 0 to 9999
        // (which RFC 3339 cannot write) is one no store holds: such a place gets a `createdAt` inside them.
        let createdAt = timestamp(&random, anyValue: !(draft.isVisited && draft.visitedAt == nil))
        return Place(
            id: id ?? PlaceID.random(using: &random),
            owner: UInt32(truncatingIfNeeded: random.next()),
            draft: draft,
            version: random.oneIn(4) ? Int64(bitPattern: random.next()) : Int64(random.pick(1...1000)),
            createdAt: createdAt,
            updatedAt: random.oneIn(2) ? createdAt : timestamp(&random, anyValue: true)
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

    /// The daemon's clock at a change after `time`: the next millisecond, kept inside the years 0 to 9999, since a
    /// patch that marks a place visited takes this time as its visit date (see `place`).
    static func clock(after time: Timestamp) -> Timestamp {
        Timestamp(millisecondsSinceEpoch: min(max(time.millisecondsSinceEpoch, earliest - 1), latest - 1) + 1)
    }

    /// The first millisecond of year 0, the earliest time RFC 3339 writes.
    private static let earliest: Int64 = -62_167_219_200_000
    /// The last millisecond of year 9999, the latest time RFC 3339 writes.
    private static let latest: Int64 = 253_402_300_799_999

    /// A time around now, anywhere in the years 0 to 9999, or, when `anyValue`, any 64-bit value at all.
    private static func timestamp(_ random: inout FuzzRandom, anyValue: Bool) -> Timestamp {
        let milliseconds: Int64 =
            switch random.next() % 4 {
            case 0 where anyValue: Int64(bitPattern: random.next())
            case 0, 1: Int64.random(in: earliest...latest, using: &random)
            default: 1_700_000_000_000 + Int64(random.pick(0...1_000_000_000))
            }
        return Timestamp(millisecondsSinceEpoch: milliseconds)
    }
}
