/// A one-line progress bar on standard error, redrawn in place and cleared at the end.
final class ProgressBar {
    /// Inputs larger than this get a bar.
    static let threshold = 1 << 20
    /// The number of cells in the bar.
    static let cells = 24
    /// Returns the cursor to the line's start and erases the line.
    static let eraseLine = "\r\u{1B}[K"

    private let write: (String) -> Void
    private var shown = ""

    /// Draws through `write` (standard error).
    init(write: @escaping (String) -> Void) {
        self.write = write
    }

    /// Shows `label`, a bar and `done` of `total` bytes; redraws only when the visible text changes.
    func update(_ label: String, done: Int, total: Int) {
        show(Self.line(label, done: done, total: total))
    }

    /// Shows `text` in place of the bar.
    func show(_ text: String) {
        guard text != shown else { return }
        shown = text
        write(Self.eraseLine + text)
    }

    /// Erases the bar, if one is shown.
    func clear() {
        guard !shown.isEmpty else { return }
        shown = ""
        write(Self.eraseLine)
    }

    /// `Sending  [############------------]  50%  1.5/3.0 MiB`.
    static func line(_ label: String, done: Int, total: Int) -> String {
        let fraction = total > 0 ? min(max(Double(done) / Double(total), 0), 1) : 1
        let filled = Int((fraction * Double(cells)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: cells - filled)
        let percent = Int((fraction * 100).rounded(.down))
        let padded = String(repeating: " ", count: 3 - String(percent).count) + String(percent)
        return "\(label)  [\(bar)] \(padded)%  \(mebibytes(done))/\(mebibytes(total)) MiB"
    }

    /// Bytes in MiB with one decimal (`1.5`).
    static func mebibytes(_ bytes: Int) -> String {
        let tenths = (Double(bytes) / Double(1 << 20) * 10).rounded()
        let count = Int64(tenths)
        return "\(count / 10).\(count % 10)"
    }
}
