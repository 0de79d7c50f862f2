/// Stored data that cannot be a state placesd wrote (two places at one position, a position out of range, an id
/// twice): what an engine's loading reports as a store it cannot open.
package struct DamagedState: Error {
    /// What is wrong.
    package let reason: String

    /// Describes what is wrong.
    package init(reason: String) {
        self.reason = reason
    }
}
