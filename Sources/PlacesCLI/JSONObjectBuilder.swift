import PlacesProtocol

/// Builds a request's params object member by member, leaving out what was not given.
struct JSONObjectBuilder {
    /// The members so far.
    private(set) var object = JSONObject()

    /// Adds `key` when `value` is not nil.
    mutating func add(_ key: String, _ value: JSONValue?) {
        if let value {
            object.members.append((key: key, value: value))
        }
    }

    /// Adds a string member when given.
    mutating func add(_ key: String, string: String?) {
        add(key, string.map(JSONValue.string))
    }

    /// Adds a number member when given.
    mutating func add(_ key: String, number: Double?) {
        add(key, number.map(NumberSyntax.json))
    }

    /// Adds a whole-number member when given.
    mutating func add(_ key: String, integer: Int64?) {
        add(key, integer.map(NumberSyntax.json))
    }

    /// Adds a Boolean member when given.
    mutating func add(_ key: String, bool: Bool?) {
        add(key, bool.map(JSONValue.bool))
    }

    /// The params as a JSON value, or nil when empty (so no `params` member is sent).
    var value: JSONValue? {
        object.members.isEmpty ? nil : .object(object)
    }
}
