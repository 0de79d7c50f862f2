/// Reads a CSV document that comes in pieces cut anywhere (a staged import's pieces of text), each as it comes,
/// so that the document is read while its later pieces are still on their way.
///
/// It reads what `CSVImport.document(from:maximumPlaces:)` reads from the pieces joined: a record is read once the
/// line end after it has come whole (a carriage return waits for the byte after it, which may be its line feed),
/// and the rest waits for the next piece. A record that stays unread while pieces come is read again from its start
/// only once what waits has doubled, so that a field as long as the document costs time in proportion to it.
///
/// It gives the document only when every piece was read without a refusal: a document it refuses (an error, more
/// than `maximumPlaces` places) is for the caller to read again whole, which says why as the one-piece reader does.
public struct CSVPieceReader: Sendable {
    private var state: CSVImport.ReadingState
    /// The bytes of the document not read yet: the start of a record that may go on in the next piece.
    private var waiting: [UInt8] = []
    /// How many bytes must wait before they are read again.
    private var readAgainAt = 0
    /// Whether a piece was refused: then nothing more is read.
    public private(set) var isRefused = false

    /// A reader of a document that may hold at most `maximumPlaces` places.
    public init(maximumPlaces: Int) {
        state = CSVImport.ReadingState(maximumPlaces: maximumPlaces)
    }

    /// Reads the records that `piece`, the next piece of the document, completes.
    public mutating func read(_ piece: String) {
        guard !isRefused else { return }
        waiting.append(contentsOf: piece.utf8)
        guard waiting.count >= readAgainAt else { return }
        readWaiting(isWhole: false)
        readAgainAt = 2 * waiting.count
    }

    /// The document, once its last piece was read; nil when it is refused.
    public mutating func finish() -> ImportedDocument? {
        guard !isRefused else { return nil }
        readWaiting(isWhole: true)
        guard !isRefused, let document = try? state.finished() else { return nil }
        return document
    }

    private mutating func readWaiting(isWhole: Bool) {
        let bytes = waiting
        waiting = []
        let read = bytes.withUnsafeBytes { bytes in
            Result { () throws(RPCError) in try CSVImport.read(bytes, into: &state, isWhole: isWhole) }
        }
        switch read {
        case .success(let count): waiting = Array(bytes[count...])
        case .failure: isRefused = true
        }
    }
}
