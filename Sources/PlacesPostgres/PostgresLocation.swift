import CLibPQ

/// How messages and `server.status` name a database: `postgresql://user@host:port/dbname` from the connection
/// string's parts, without its password or other options.
package enum PostgresLocation {
    /// Whether `text` names a PostgreSQL database rather than a SQLite file: a `postgresql://` or `postgres://`
    /// URI, or a libpq `key=value` string (it starts with a keyword and `=`, as a path does not).
    package static func isConnectionString(_ text: String) -> Bool {
        if text.hasPrefix("postgresql://") || text.hasPrefix("postgres://") { return true }
        guard let equals = text.firstIndex(of: "=") else { return false }
        let keyword = text[..<equals].filter { $0 != " " }
        return !keyword.isEmpty && keyword.allSatisfy { $0.isLetter || $0 == "_" }
    }

    /// The name of the database `conninfo` connects to, or `conninfo` without anything after `?` when libpq
    /// cannot read it.
    package static func describe(_ conninfo: String) -> String {
        var error: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(conninfo, &error) else {
            if let error { PQfreemem(error) }
            return String(conninfo.prefix { $0 != "?" && $0 != " " })
        }
        defer { PQconninfoFree(options) }
        var values: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val {
                values[String(cString: keyword)] = String(cString: value)
            }
            option += 1
        }
        let user = values["user"].map { $0 + "@" } ?? ""
        let host = values["host"] ?? values["hostaddr"] ?? ""
        let port = values["port"].map { ":" + $0 } ?? ""
        let name = values["dbname"] ?? ""
        return "postgresql://\(user)\(host.contains("/") ? "" : host)\(port)/\(name)"
            + (host.contains("/") ? "?host=\(host)" : "")
    }
}
