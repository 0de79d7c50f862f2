import CSodium

/// libsodium's one-time set-up, done before the first use of any of its functions.
package enum Sodium {
    /// Runs `sodium_init()` the first time it is read (Swift runs a static's initializer once, thread-safely;
    /// `sodium_init()` is idempotent anyway).
    private static let initialized: Bool = sodium_init() >= 0

    /// Makes sure libsodium is initialized; it only fails without a random source, which nothing could work around.
    package static func initialize() {
        precondition(initialized, "libsodium could not be initialized (no random source)")
    }
}
