/// Builders for raw request lines.
enum Request {
    /// A JSON-RPC 2.0 request line ending in `\n`; `id` and `params` are raw JSON text, nil to leave them out.
    static func line(id: String?, method: String, params: String? = nil) -> String {
        var text = "{\"jsonrpc\":\"2.0\""
        if let id { text += ",\"id\":\(id)" }
        text += ",\"method\":\(JSON.string(method).text)"
        if let params { text += ",\"params\":\(params)" }
        return text + "}\n"
    }

    /// A request line with a JSON params value.
    static func line(id: Int, method: String, params: JSON) -> String {
        line(id: "\(id)", method: method, params: params.text)
    }

    /// A notification line (no id).
    static func notification(method: String, params: JSON? = nil) -> String {
        line(id: nil, method: method, params: params?.text)
    }
}
