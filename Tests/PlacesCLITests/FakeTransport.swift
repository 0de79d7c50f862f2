import PlacesCLI
import PlacesClient
import PlacesProtocol

/// A transport that answers from a script and records every call.
final class FakeTransport: RPCTransport {
    /// One recorded call.
    struct Call: Equatable {
        let method: String
        let params: JSONValue?
    }

    /// The calls made, in order.
    private(set) var calls: [Call] = []
    /// Whether `close()` was called.
    private(set) var isClosed = false
    private let respond: (String, JSONValue?) -> Result<JSONValue, ClientError>

    /// Answers each call with `respond(method, params)`.
    init(_ respond: @escaping (String, JSONValue?) -> Result<JSONValue, ClientError>) {
        self.respond = respond
    }

    /// Records the call and answers from the script.
    func call(_ method: String, params: JSONValue?) throws(ClientError) -> JSONValue {
        calls.append(Call(method: method, params: params))
        return try respond(method, params).get()
    }

    /// Records that the transport was closed.
    func close() {
        isClosed = true
    }
}

/// A sink that keeps what is written, or fails every write.
final class BufferSink: OutputSink {
    /// Everything written.
    private(set) var text = ""
    private let failure: OutputError?

    /// Creates a sink; with `failure`, every write throws it.
    init(failure: OutputError? = nil) {
        self.failure = failure
    }

    /// Appends `text`, or throws the configured failure.
    func write(_ text: String) throws(OutputError) {
        if let failure {
            throw failure
        }
        self.text += text
    }
}
