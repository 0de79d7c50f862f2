import PlacesModel

/// Reads typed members of a params object after refusing unknown and repeated keys.
///
/// Each member must be one of `allowed`; checking stops at the first bad key, so a hostile object with
/// many members costs no more than `allowed.count + 1` rounds of comparisons.
struct ParamsReader {
    /// The permitted keys (at most 64).
    private let allowed: [String]
    /// The members of the params object, each key permitted and given once.
    private let members: [(key: String, value: JSONValue)]
    /// Prepended to field names in errors, e.g. `places[2].`.
    let fieldPrefix: String

    /// Checks the keys of `params` (nil is the empty object); `allowed` should be a `static let`, so
    /// reading params allocates nothing.
    init(_ params: JSONObject?, allowed: [String], fieldPrefix: String = "") throws(RPCError) {
        precondition(allowed.count <= 64, "a params reader tracks at most 64 keys")
        self.allowed = allowed
        self.fieldPrefix = fieldPrefix
        members = params?.members ?? []
        var seen: UInt64 = 0
        for member in members {
            guard let slot = allowed.firstIndex(of: member.key) else {
                let reason =
                    Self.credentialKeys.contains(member.key) ? Self.credentialReason : "is not a known parameter"
                throw Self.invalid(fieldPrefix + member.key, reason)
            }
            let bit: UInt64 = 1 << UInt64(slot)
            guard seen & bit == 0 else {
                throw Self.invalid(fieldPrefix + member.key, "is given more than once")
            }
            seen |= bit
        }
    }

    /// Keys that would name the caller; the daemon takes the caller from the socket, never from a request.
    static let credentialKeys: Set<String> = ["owner", "uid", "gid"]

    /// Why a key in `credentialKeys` is refused.
    static let credentialReason = "cannot be given: the caller's uid comes from the socket's peer credentials"

    /// The -32602 error for `field`.
    static func invalid(_ field: String, _ reason: String) -> RPCError {
        .invalidParams(ValidationError(field: field, reason: reason))
    }

    /// The -32602 error for one of this reader's keys.
    func invalid(_ key: String, _ reason: String) -> RPCError {
        Self.invalid(fieldPrefix + key, reason)
    }

    /// Translates a model validation error, prefixing its field.
    func invalid(_ error: ValidationError) -> RPCError {
        Self.invalid(fieldPrefix + error.field, error.reason)
    }

    /// The raw value of a key, if given.
    func value(_ key: String) -> JSONValue? {
        for member in members where member.key == key {
            return member.value
        }
        return nil
    }

    /// Throws "is required" when `value` is nil.
    func required<Value>(_ key: String, _ value: Value?) throws(RPCError) -> Value {
        guard let value else { throw invalid(key, "is required") }
        return value
    }

    /// A string, if given.
    func string(_ key: String) throws(RPCError) -> String? {
        guard let value = value(key) else { return nil }
        return try Self.string(value, field: fieldPrefix + key)
    }

    /// `value` as a string, or the error for `field` (built only then).
    static func string(_ value: JSONValue, field: @autoclosure () -> String) throws(RPCError) -> String {
        guard case .string(let string) = value else { throw invalid(field(), "must be a string") }
        return string
    }

    /// A number as a double, if given; Booleans and strings are refused.
    func number(_ key: String) throws(RPCError) -> Double? {
        guard let value = value(key) else { return nil }
        return try Self.number(value, field: fieldPrefix + key)
    }

    /// `value` as a double, or the error for `field` (built only then).
    static func number(_ value: JSONValue, field: @autoclosure () -> String) throws(RPCError) -> Double {
        guard case .number(let number) = value, let double = number.double else {
            throw invalid(field(), "must be a number")
        }
        return double
    }

    /// A Boolean, if given.
    func bool(_ key: String) throws(RPCError) -> Bool? {
        guard let value = value(key) else { return nil }
        return try Self.bool(value, field: fieldPrefix + key)
    }

    /// `value` as a Boolean, or the error for `field` (built only then).
    static func bool(_ value: JSONValue, field: @autoclosure () -> String) throws(RPCError) -> Bool {
        guard case .bool(let bool) = value else { throw invalid(field(), "must be a boolean") }
        return bool
    }

    /// A place id (a UUID string in any letter case), if given.
    func placeID(_ key: String) throws(RPCError) -> PlaceID? {
        guard let value = value(key) else { return nil }
        guard case .string(let text) = value, let id = PlaceID.parse(text) else { throw invalid(key, "must be a UUID") }
        return id
    }

    /// The place's `id`, which must be given.
    func requiredID() throws(RPCError) -> PlaceID {
        try required(PlaceField.id.text, placeID(PlaceField.id.text))
    }

    /// An integer that is zero or more, if given.
    func nonNegativeInteger(_ key: String) throws(RPCError) -> Int? {
        guard let value = value(key) else { return nil }
        guard case .number(let number) = value, let integer = number.integerValue, integer >= 0,
            let result = Int(exactly: integer)
        else {
            throw invalid(key, "must be a non-negative integer")
        }
        return result
    }

    /// An integer that is one or more, if given.
    func positiveInteger(_ key: String) throws(RPCError) -> Int64? {
        guard let value = value(key) else { return nil }
        guard case .number(let number) = value, let integer = number.integerValue, integer > 0 else {
            throw invalid(key, "must be a positive integer")
        }
        return integer
    }
}
