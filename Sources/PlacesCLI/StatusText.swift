import PlacesProtocol

/// The `key: value` lines `placesctl status` prints from `server.status`.
enum StatusText {
    /// The label of a member the contract defines.
    static func label(_ member: ServerStatus.Member) -> String {
        switch member {
        case .version: "Version"
        case .protocol: "Protocol"
        case .uptime: "Uptime"
        case .places: "Places"
        case .revision: "Revision"
        case .connections: "Connections"
        case .database: "Database"
        case .locked: "Locked"
        }
    }

    /// The line after the fields when the daemon is locked.
    static let unlockHint = "Unlock it with 'placesctl unlock'."

    /// One line per member of `status`, in the daemon's order, values aligned; then, if the daemon is locked,
    /// how to unlock it.
    static func render(_ status: JSONObject) -> String {
        // Members are shown in the order placesd sent them, unknown ones under their own names.
        let fields = status.members.map { member in
            let known = ServerStatus.Member(key: member.key)
            return (known.map(label) ?? member.key, known == .uptime ? uptime(member.value) : text(member.value))
        }
        let width = (fields.map { $0.0.count }.max() ?? 0) + 2
        let lines = fields.map { label, value in
            TextLayout.trimmingTrailingSpaces(TextLayout.padded(label + ":", to: width) + value) + "\n"
        }.joined()
        return ServerStatus.isLocked(status) ? lines + unlockHint + "\n" : lines
    }

    /// A value as plain text: strings bare, Booleans as yes/no, the rest as JSON.
    static func text(_ value: JSONValue) -> String {
        switch value {
        case .string(let string): string
        case .bool(let bool): PlaceText.yesNo(bool)
        case .number(let number): number.text
        default: value.jsonText
        }
    }

    /// Seconds as `2d 3h 4m 5s`, leading zero units left out.
    static func uptime(_ value: JSONValue) -> String {
        guard let seconds = value.numberValue?.double, seconds.isFinite, seconds >= 0, seconds < 1e15 else {
            return text(value)
        }
        var remaining = Int64(seconds)
        let units: [(Int64, String)] = [(86_400, "d"), (3_600, "h"), (60, "m"), (1, "s")]
        var parts: [String] = []
        for (size, suffix) in units {
            let count = remaining / size
            remaining %= size
            if count > 0 || !parts.isEmpty || size == 1 {
                parts.append("\(count)\(suffix)")
            }
        }
        return parts.joined(separator: " ")
    }
}
