import Glibc
import PlacesProtocol
import PlacesSystem

/// A blocking JSON-RPC connection to placesd over its Unix socket.
///
/// Not Sendable: use one connection per thread. Requests are sent one at a
/// time with fresh numeric ids; server notifications that arrive while a
/// reply is awaited are skipped. Set `interruption` to make every wait for
/// the daemon end early once another descriptor (a signalfd) is readable.
public final class PlacesConnection {
    /// The largest reply line accepted: a million places with tags and notes export to a few hundred MB in one
    /// line, and `placesctl export` must take it; bounded all the same, so that a broken reply fails rather than
    /// takes every byte of memory.
    public static let maximumLineLength = 1 << 30
    /// The size of the pieces a request is sent in when its progress is reported.
    public static let progressChunkSize = 64 << 10

    /// The socket path this connection was opened on.
    public let socketPath: String
    /// When set, waiting for the daemon also watches this descriptor and throws `.interrupted` once it is
    /// readable; a complete message already received is still returned first.
    public var interruption: FileDescriptor?
    let descriptor: FileDescriptor
    var buffer = LineBuffer(maximumLineLength: PlacesConnection.maximumLineLength)
    var isOpen = true
    var isAtEndOfStream = false
    private var nextID: Int64 = 1

    /// Connects to the daemon listening on `socketPath`.
    public init(socketPath: String) throws(ClientError) {
        self.socketPath = socketPath
        do {
            descriptor = try UnixSocket.connect(path: socketPath)
        } catch {
            throw .unreachable(path: socketPath, error)
        }
    }

    deinit {
        close()
    }

    /// Calls `method` and returns its result, or throws `.rpc` with the daemon's error.
    public func call(_ method: String, params: JSONValue? = nil) throws(ClientError) -> JSONValue {
        try call(method, params: params, progress: nil)
    }

    /// Calls `method` and returns its result; `progress`, when given, hears `(sent, total)` bytes of the request
    /// as it goes out in pieces of `progressChunkSize`.
    public func call(
        _ method: String, params: JSONValue?, progress: ((_ sent: Int, _ total: Int) -> Void)?
    ) throws(ClientError) -> JSONValue {
        let id = nextID
        nextID += 1
        do {
            try send(RPCEnvelope.encodeRequest(id: .number(JSONNumber(id)), method: method, params: params), progress)
        } catch {
            // A daemon that stops reading (a request over its line limit, say) answers first, then closes:
            // its answer says more than the broken pipe does.
            if case .io(let systemError) = error, systemError.errno == EPIPE || systemError.errno == ECONNRESET,
                let refusal = refusalAfterFailedSend()
            {
                throw .rpc(refusal)
            }
            throw error
        }
        return try awaitReply(to: id)
    }

    /// Writes `line` as is; it should end with a newline.
    public func send(_ line: [UInt8]) throws(ClientError) {
        try send(line, nil)
    }

    /// Closes the connection; later calls throw `.connectionClosed`.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        descriptor.close()
    }

    private func send(_ line: [UInt8], _ progress: ((Int, Int) -> Void)?) throws(ClientError) {
        guard isOpen else { throw .connectionClosed }
        let pieceSize = progress == nil ? max(line.count, 1) : Self.progressChunkSize
        var start = 0
        while start < line.count {
            let end = min(start + pieceSize, line.count)
            // `withUnsafeBytes` rethrows untyped errors, so the outcome is carried out as a value.
            let outcome: Result<Void, SystemError> = line.withUnsafeBytes { bytes in
                Result { () throws(SystemError) in
                    try descriptor.sendAll(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                }
            }
            if case .failure(let error) = outcome {
                throw .io(error)
            }
            start = end
            progress?(start, line.count)
        }
    }

    private func awaitReply(to id: Int64) throws(ClientError) -> JSONValue {
        while true {
            guard let incoming = try nextMessage() else {
                throw .connectionClosed
            }
            switch incoming {
            case .notification:
                continue
            case .batch:
                throw .protocolViolation("a batch reply to a single request")
            case .response(let responseID, let result):
                if Self.matches(responseID, id) {
                    switch result {
                    case .success(let value): return value
                    case .failure(let error): throw .rpc(error)
                    }
                }
                // The daemon could not read the request's id: the error is still this request's.
                if responseID == .null, case .failure(let error) = result {
                    throw .rpc(error)
                }
                throw .protocolViolation("a reply for id \(Self.text(of: responseID)) while waiting for id \(id)")
            }
        }
    }

    /// The error the daemon sent before it closed the connection, if it sent one.
    private func refusalAfterFailedSend() -> RPCError? {
        while let incoming = try? nextMessage() {
            switch incoming {
            case .notification: continue
            case .response(_, .failure(let error)): return error
            default: return nil
            }
        }
        return nil
    }

    private static func matches(_ responseID: RPCID, _ id: Int64) -> Bool {
        if case .number(let number) = responseID {
            return number.int64 == id || number.double == Double(id)
        }
        return false
    }

    private static func text(of id: RPCID) -> String {
        switch id {
        case .number(let number): number.text
        case .string(let string): "\"\(string)\""
        case .null: "null"
        }
    }
}
