import PlacesCLI
import PlacesClient
import PlacesProtocol
import PlacesSystem

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
    /// The progress reports of each call, `(sent, total)`.
    private(set) var progressReports: [(Int, Int)] = []
    /// The interruption descriptor the CLI set.
    var interruption: FileDescriptor?
    private let respond: (String, JSONValue?) -> Result<JSONValue, ClientError>
    private var notifications: [Result<ServerNotification?, ClientError>]

    /// Answers each call with `respond(method, params)`; `notifications` are handed out in order, and once they
    /// run out, waiting for one is interrupted (as by Ctrl-C).
    init(
        _ respond: @escaping (String, JSONValue?) -> Result<JSONValue, ClientError>,
        notifications: [Result<ServerNotification?, ClientError>] = []
    ) {
        self.respond = respond
        self.notifications = notifications
    }

    /// Records the call, reports the request as sent in two halves when asked, and answers from the script.
    func call(
        _ method: String, params: JSONValue?, progress: ((Int, Int) -> Void)?
    ) throws(ClientError) -> JSONValue {
        calls.append(Call(method: method, params: params))
        if let progress {
            let total = RPCEnvelope.encodeRequest(id: .number(JSONNumber(1)), method: method, params: params).count
            for sent in [total / 2, total] {
                progressReports.append((sent, total))
                progress(sent, total)
            }
        }
        return try respond(method, params).get()
    }

    /// The next scripted notification, or `.interrupted` when there are no more.
    func nextNotification() throws(ClientError) -> ServerNotification? {
        guard !notifications.isEmpty else { throw .interrupted }
        return try notifications.removeFirst().get()
    }

    /// The next scripted notification, whatever the timeout.
    func nextNotification(timeoutMilliseconds: Int32?) throws(ClientError) -> ServerNotification? {
        try nextNotification()
    }

    /// Records that the transport was closed.
    func close() {
        isClosed = true
    }
}

/// A sink that keeps what is written, or fails every write.
final class BufferSink: OutputSink {
    /// Everything written, as bytes.
    private(set) var bytes: [UInt8] = []
    private let failure: OutputError?

    /// Everything written, as text.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Creates a sink; with `failure`, every write throws it.
    init(failure: OutputError? = nil) {
        self.failure = failure
    }

    /// Appends `text`, or throws the configured failure.
    func write(_ text: String) throws(OutputError) {
        try write(bytes: Array(text.utf8))
    }

    /// Appends `bytes`, or throws the configured failure.
    func write(bytes: [UInt8]) throws(OutputError) {
        if let failure {
            throw failure
        }
        self.bytes += bytes
    }
}

/// Stop signals that never arrive on their own; waits are recorded, and the one numbered `stopAtWait` (from 1)
/// reports a signal.
final class FakeStopSignals: StopSignals {
    /// The waits asked for, in milliseconds.
    private(set) var waits: [Int] = []
    private let stopAtWait: Int?

    /// Creates the fake.
    init(stopAtWait: Int? = nil) {
        self.stopAtWait = stopAtWait
    }

    /// No descriptor: the fake transport decides when waiting is interrupted.
    var fileDescriptor: FileDescriptor? { nil }

    /// Records the wait.
    func wait(milliseconds: Int) -> Bool {
        waits.append(milliseconds)
        return waits.count == stopAtWait
    }
}
