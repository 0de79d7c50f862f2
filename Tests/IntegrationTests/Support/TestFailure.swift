/// A failure of the harness or of the daemon under test, carrying a readable explanation.
struct TestFailure: Error, CustomStringConvertible {
    /// What went wrong, including whatever context helps diagnose it.
    let description: String

    /// Creates a failure with the given explanation.
    init(_ description: String) {
        self.description = description
    }
}
