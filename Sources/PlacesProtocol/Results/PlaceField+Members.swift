import PlacesModel

extension PlaceField {
    /// Each field as a member after another, `,"name":`, for `PlaceEncoding` and the JSON scanner: each one a
    /// literal the optimizer copies in one append, as fast as a hand-written fragment (a `StaticString` picked by
    /// a switch over the field is not folded and costs about a tenth more per place). `ResultTypesTests` checks
    /// each against the field's `text`.
    enum Member {
        /// `,"id":`.
        static var id: StaticString { ",\"id\":" }
        /// `,"name":`.
        static var name: StaticString { ",\"name\":" }
        /// `,"description":`.
        static var description: StaticString { ",\"description\":" }
        /// `,"latitude":`.
        static var latitude: StaticString { ",\"latitude\":" }
        /// `,"longitude":`.
        static var longitude: StaticString { ",\"longitude\":" }
        /// `,"visited":`.
        static var visited: StaticString { ",\"visited\":" }
        /// `,"version":`.
        static var version: StaticString { ",\"version\":" }
        /// `,"createdAt":`.
        static var createdAt: StaticString { ",\"createdAt\":" }
        /// `,"updatedAt":`.
        static var updatedAt: StaticString { ",\"updatedAt\":" }
        /// `,"owner":`.
        static var owner: StaticString { ",\"owner\":" }
    }

    /// The field's member fragment.
    var member: StaticString {
        switch self {
        case .id: Member.id
        case .name: Member.name
        case .description: Member.description
        case .latitude: Member.latitude
        case .longitude: Member.longitude
        case .visited: Member.visited
        case .version: Member.version
        case .createdAt: Member.createdAt
        case .updatedAt: Member.updatedAt
        case .owner: Member.owner
        }
    }
}
