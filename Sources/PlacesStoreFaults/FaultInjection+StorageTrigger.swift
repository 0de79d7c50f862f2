extension FaultInjection {
    /// Which of the matching operations an armed storage fault fails, counting from when it is armed.
    public enum StorageTrigger: Sendable, Hashable {
        /// Only the `n`th matching operation (1 is the next one); the fault then disarms itself.
        case call(Int)
        /// The `n`th matching operation and every one after it, until `disarmStorageFaults()`.
        case fromCall(Int)

        /// Every matching operation from the next one on, until `disarmStorageFaults()`.
        public static let everyCall = StorageTrigger.fromCall(1)
    }

    /// An armed storage fault and how many matching operations it still lets through.
    struct ArmedStorageFault {
        /// What fails.
        let fault: StorageFault
        /// Whether it stays armed once it struck.
        let isRepeating: Bool
        /// Matching operations still to let through before it strikes.
        var remaining: Int

        /// Arms `fault` for `trigger`.
        init(_ fault: StorageFault, trigger: StorageTrigger) {
            self.fault = fault
            switch trigger {
            case .call(let n):
                isRepeating = false
                remaining = max(n, 1) - 1
            case .fromCall(let n):
                isRepeating = true
                remaining = max(n, 1) - 1
            }
        }
    }
}
