/// The fields of a place, each named once: the members of a place on the wire, in the change log and in the
/// exports, the keys of the params that set them, and the `field` of a validation error about them.
///
/// Adding a field to a place starts here: the encoders, the decoders and the OpenRPC description read the names
/// from this enum, so the compiler leads to each switch over it.
public enum PlaceField: String, CaseIterable, Sendable {
    /// The place's UUID.
    case id
    /// Its name.
    case name
    /// Free text about it.
    case description
    /// Degrees north.
    case latitude
    /// Degrees east.
    case longitude
    /// Whether the owner has been there.
    case visited
    /// When the owner was there.
    case visitedAt
    /// Its tags.
    case tags
    /// Its version, one more at each change.
    case version
    /// When it was added.
    case createdAt
    /// When it last changed.
    case updatedAt
    /// The owner's uid, written only for administrators.
    case owner

    /// The field's name as a JSON key (the case's name, as a `StaticString` for the writer): plain ASCII, so it is
    /// written as it is.
    @inlinable
    public var key: StaticString {
        switch self {
        case .id: "id"
        case .name: "name"
        case .description: "description"
        case .latitude: "latitude"
        case .longitude: "longitude"
        case .visited: "visited"
        case .visitedAt: "visitedAt"
        case .tags: "tags"
        case .version: "version"
        case .createdAt: "createdAt"
        case .updatedAt: "updatedAt"
        case .owner: "owner"
        }
    }

    /// The field's name as a string, e.g. for a validation error's `field`: the case's name.
    @inlinable
    public var text: String { rawValue }

    /// The fields a client sets (`places.add`, `places.update`, an imported place), in the params' order.
    public static let draftFields: [PlaceField] = [
        .name, .description, .latitude, .longitude, .visited, .visitedAt, .tags,
    ]

    /// The field named `text`, if a place has one.
    @inlinable
    public init?(text: String) {
        self.init(rawValue: text)
    }
}
