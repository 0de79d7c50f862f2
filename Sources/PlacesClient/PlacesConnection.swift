import PlacesProtocol
import PlacesSystem

/// A blocking JSON-RPC connection to placesd over its Unix socket.
///
/// Not Sendable: use one connection per thread. Requests are sent one at a
/// time with fresh numeric ids; server notifications that arrive while a
/// reply is awaited are skipped.
public final class PlacesConnection {
    /// The largest reply line accepted (a list of many long places is large, but not unbounded).
    public static let maximumLineLength = 256 << 20

    /// The socket path this connection was opened on.
    public let socketPath: String
    private let descriptor: FileDescriptor
    private var buffer = LineBuffer(maximumLineLength: PlacesConnection.maximumLineLength)
    private var chunk = [UInt8](repeating: 0, count: 64 << 10)
    private var nextID: Int64 = 1
    private var isOpen = true
    private var isAtEndOfStream = false

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
        let id = nextID
        nextID += 1
        try send(RPCEnvelope.encodeRequest(id: .number(JSONNumber(id)), method: method, params: params))
        while true {
            guard let line = try readLine() else {
                throw .connectionClosed
            }
            if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
                continue
            }
            let incoming: RPCIncoming
            do {
                incoming = try RPCEnvelope.parseResponse(line)
            } catch {
                throw .protocolViolation("invalid JSON at offset \(error.offset): \(error.reason)")
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

    /// Writes `line` as is; it should end with a newline.
    public func send(_ line: [UInt8]) throws(ClientError) {
        guard isOpen else { throw .connectionClosed }
        // `withUnsafeBytes` rethrows untyped errors, so the outcome is carried out as a value.
        let outcome: Result<Void, SystemError> = line.withUnsafeBytes { bytes in
            Result { () throws(SystemError) in try descriptor.sendAll(bytes) }
        }
        if case .failure(let error) = outcome {
            throw .io(error)
        }
    }

    /// Reads the next line without its terminator; nil when the daemon has closed the connection.
    public func readLine() throws(ClientError) -> [UInt8]? {
        guard isOpen else { throw .connectionClosed }
        while true {
            if let line = buffer.nextLine() {
                return line
            }
            if buffer.isOverLimit {
                throw .protocolViolation("a reply line longer than \(Self.maximumLineLength) bytes")
            }
            if isAtEndOfStream {
                if buffer.hasPartialLine {
                    throw .connectionClosed
                }
                return nil
            }
            try fill()
        }
    }

    /// Closes the connection; later calls throw `.connectionClosed`.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        descriptor.close()
    }

    private func fill() throws(ClientError) {
        let outcome: Result<Int?, SystemError> = chunk.withUnsafeMutableBytes { bytes in
            Result { () throws(SystemError) in try descriptor.read(into: bytes) }
        }
        let count: Int?
        switch outcome {
        case .success(let read): count = read
        case .failure(let error): throw .io(error)
        }
        guard let count else { return }
        if count == 0 {
            isAtEndOfStream = true
            return
        }
        chunk.withUnsafeBytes { bytes in
            buffer.append(UnsafeRawBufferPointer(rebasing: bytes[0..<count]))
        }
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
