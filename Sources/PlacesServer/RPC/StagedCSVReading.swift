import Dispatch
import PlacesLocking
import PlacesProtocol

/// Reads the pieces of a staged import's CSV text as they come, on a queue of its own, so that the document is
/// read while its later pieces are still on their way, and the commit finds it read.
///
/// What it reads is only a head start: the staged import keeps its text, and a document this reader refuses, or
/// reads under a limit other than the commit's, is read again whole at the commit, which says why as it always did.
final class StagedCSVReading: Sendable {
    private let queue = DispatchQueue(label: "placesd-csv-import")
    private let reader: Locked<CSVPieceReader>
    /// Set when the import ended without a commit: the pieces still queued are not read.
    private let isDropped = Locked(false)
    /// The most places the document may hold, as the reader was told.
    let maximumPlaces: Int

    /// A reader of a document of at most `maximumPlaces` places.
    init(maximumPlaces: Int) {
        self.maximumPlaces = maximumPlaces
        reader = Locked(CSVPieceReader(maximumPlaces: maximumPlaces))
    }

    /// Reads `piece`, the document's next piece, on the reader's queue.
    func read(_ piece: String) {
        queue.async { [self] in
            guard !isDropped.withLock({ $0 }) else { return }
            reader.withLock { $0.read(piece) }
        }
    }

    /// Waits for every piece to be read and returns the document; nil when the reader refused it.
    func finish() -> ImportedDocument? {
        queue.sync {}
        return reader.withLock { $0.finish() }
    }

    /// Stops reading: the import ended without a commit.
    func drop() {
        isDropped.withLock { $0 = true }
    }
}
