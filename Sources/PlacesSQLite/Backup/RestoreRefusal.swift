/// Why a restore was refused, in words.
struct RestoreRefusal: Error, CustomStringConvertible {
    /// The reason.
    let description: String

    /// Creates a refusal with its reason.
    init(_ description: String) {
        self.description = description
    }
}
