import PlacesModel

/// Builds a params object member by member, leaving out what was not given: the writing side of `ParamsReader`.
public struct ParamsWriter {
    /// The members so far.
    public private(set) var object = JSONObject()

    /// Starts an empty object.
    public init() {}

    /// Adds `key` when `value` is not nil.
    public mutating func add(_ key: String, _ value: JSONValue?) {
        if let value {
            object.members.append((key: key, value: value))
        }
    }

    /// Adds a string member when given.
    public mutating func add(_ key: String, string: String?) {
        add(key, string.map(JSONValue.string))
    }

    /// Adds a number member when given; a number JSON cannot express (infinite or NaN) is written as `null`, which
    /// the daemon refuses as not a number.
    public mutating func add(_ key: String, number: Double?) {
        add(key, number.map { JSONNumber($0).map(JSONValue.number) ?? .null })
    }

    /// Adds a whole-number member when given.
    public mutating func add(_ key: String, integer: Int64?) {
        add(key, integer.map { .number(JSONNumber($0)) })
    }

    /// Adds a whole-number member when given.
    public mutating func add(_ key: String, integer: Int?) {
        add(key, integer: integer.map(Int64.init))
    }

    /// Adds a Boolean member when given.
    public mutating func add(_ key: String, bool: Bool?) {
        add(key, bool.map(JSONValue.bool))
    }

    /// Adds `true` when `flag` is set, and nothing otherwise (the default of every Boolean option).
    public mutating func add(_ key: String, flag: Bool) {
        add(key, bool: flag ? true : nil)
    }

    /// Adds a place id as its string when given.
    public mutating func add(_ key: String, id: PlaceID?) {
        add(key, string: id?.description)
    }

    /// Adds the place's `id`.
    public mutating func add(id: PlaceID) {
        add(PlaceField.id.text, id: id)
    }

    /// The params as a JSON value, or nil when empty (so no `params` member is sent).
    public var value: JSONValue? {
        object.members.isEmpty ? nil : .object(object)
    }
}
