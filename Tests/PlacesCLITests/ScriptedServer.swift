import Glibc
import PlacesSystem
import Synchronization

/// A one-connection Unix socket server that answers each request line with canned bytes.
final class ScriptedServer: Sendable {
    /// The socket's path.
    let path: String
    private let listener: FileDescriptor
    private let received = Mutex<[String]>([])
    private let thread = Mutex<SystemThread?>(nil)

    /// Listens on a fresh path; for the n-th request line read, writes `replies[n]` (each a list of chunks
    /// written with a pause between them), then closes the connection after the last reply.
    init(replies: [[String]]) throws {
        path = "/tmp/placesctl-test-\(UInt64.random(in: 0...UInt64.max)).sock"
        listener = try UnixSocket.listen(path: path, mode: 0o600)
        try listener.setNonBlocking(false)
        let listener = listener
        let started = try SystemThread.spawn(name: "scripted") { [self] in
            serve(listener: listener, replies: replies)
        }
        thread.withLock { $0 = started }
    }

    /// The request lines read, in order.
    var requests: [String] {
        received.withLock { $0 }
    }

    /// Waits for the server to finish and removes the socket; later calls do nothing.
    func finish() {
        guard let running = thread.withLock({ $0.take() }) else { return }
        running.join()
        listener.close()
        unlink(path)
    }

    private func serve(listener: FileDescriptor, replies: [[String]]) {
        guard let connection = try? UnixSocket.accept(listener) else { return }
        defer { connection.close() }
        try? connection.setNonBlocking(false)
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        for reply in replies {
            while !pending.contains(UInt8(ascii: "\n")) {
                let count = buffer.withUnsafeMutableBytes { try? connection.read(into: $0) }
                guard let count, count > 0 else { return }
                pending += buffer[0..<count]
            }
            let newline = pending.firstIndex(of: UInt8(ascii: "\n"))!
            let line = String(decoding: pending[..<newline], as: UTF8.self)
            pending.removeSubrange(...newline)
            received.withLock { $0.append(line) }
            for (index, chunk) in reply.enumerated() {
                if index > 0 {
                    usleep(20_000)
                }
                var bytes = Array(chunk.utf8)
                _ = bytes.withUnsafeMutableBytes { try? connection.sendAll(UnsafeRawBufferPointer($0)) }
            }
        }
    }
}
