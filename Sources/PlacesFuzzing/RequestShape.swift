import PlacesProtocol

/// The protocol's rules for one request object, written out plainly: the verdict `RPCEnvelope` must reach.
///
/// Members are `jsonrpc` (the string `"2.0"`), `method` (a string), `id` (a string, number or null) and
/// `params` (an object); each at most once and nothing else. An invalid request is answered with its id
/// when it has exactly one readable `id`, otherwise with `null`. Params given as an array make a request whose
/// method, once known to exist, refuses them (an unknown method is -32601 whatever its params).
enum RequestShape: Equatable {
    /// A well-formed request (`id` nil for a notification); `isPositional` when its params were an array.
    case request(id: RPCID?, method: String, params: JSONObject?, isPositional: Bool)
    /// A -32600 answered with `id`.
    case invalidRequest(id: RPCID)

    /// Judges one request object.
    init(_ object: JSONObject) {
        var counts = (jsonrpc: 0, method: 0, id: 0, params: 0)
        var hasUnknown = false
        for member in object.members {
            switch member.key {
            case "jsonrpc": counts.jsonrpc += 1
            case "method": counts.method += 1
            case "id": counts.id += 1
            case "params": counts.params += 1
            default: hasUnknown = true
            }
        }
        let idValue = object["id"]
        let readableID = idValue.flatMap(RPCID.init)
        let answerID = counts.id == 1 ? readableID ?? .null : .null
        let isRepeated = counts.jsonrpc > 1 || counts.method > 1 || counts.id > 1 || counts.params > 1
        guard !isRepeated, !hasUnknown, counts.id == 0 || readableID != nil,
            case .string("2.0") = object["jsonrpc"], case .string(let method) = object["method"]
        else {
            self = .invalidRequest(id: answerID)
            return
        }
        let id = counts.id == 0 ? nil : answerID
        switch object["params"] {
        case nil: self = .request(id: id, method: method, params: nil, isPositional: false)
        case .object(let params)?: self = .request(id: id, method: method, params: params, isPositional: false)
        case .array?: self = .request(id: id, method: method, params: nil, isPositional: true)
        default: self = .invalidRequest(id: answerID)
        }
    }
}
