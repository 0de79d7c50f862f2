import PlacesProtocol
import PlacesSystem

/// One client's state, owned by the event loop that accepted it.
final class Connection {
    /// The loop-wide token of this connection.
    let id: UInt64
    let fd: FileDescriptor
    let caller: Caller
    var framer: LineFramer
    /// Replies not yet written to the socket; `output.bytes[sentCount...]` is what remains.
    var output = JSONWriter(capacity: 4096)
    var sentCount = 0
    /// A change this connection asked for is being committed; later lines wait for it (in-order replies).
    var isAwaitingStore = false
    /// The socket reported readable and has not yet returned EAGAIN (edge-triggered).
    var canRead = false
    /// The socket reported writable and has not yet returned EAGAIN (edge-triggered).
    var canWrite = true
    /// No more bytes will be read: end of file, an oversized line, or shutdown.
    var isInputClosed = false
    /// Close once the pending output is written (after a protocol error that ends the connection).
    var closesAfterFlush = false

    init(id: UInt64, fd: FileDescriptor, caller: Caller, maximumLineBytes: Int) {
        self.id = id
        self.fd = fd
        self.caller = caller
        self.framer = LineFramer(maximumLineBytes: maximumLineBytes)
    }

    /// Bytes of replies waiting to be written.
    var pendingOutputCount: Int { output.bytes.count - sentCount }

    /// Forgets output that has been written, keeping the buffer's storage.
    func discardSentOutput() {
        if sentCount == output.bytes.count {
            output.bytes.removeAll(keepingCapacity: true)
            sentCount = 0
        } else if sentCount > 65_536 {
            output.bytes.removeFirst(sentCount)
            sentCount = 0
        }
    }
}
