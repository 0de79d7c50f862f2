/// Small text helpers for messages.
enum Sentence {
    /// `text` with a final period added unless it already ends a sentence or spans several lines.
    static func ending(_ text: String) -> String {
        guard let last = text.last, !text.contains("\n") else { return text }
        if last == "." || last == "?" || last == "!" {
            return text
        }
        return text + "."
    }
}
