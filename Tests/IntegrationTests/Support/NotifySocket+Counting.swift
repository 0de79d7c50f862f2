/// Counting repeated notifications such as `WATCHDOG=1`.
extension NotifySocket {
    /// How many received assignments at or after index `start` equal `message`.
    func count(of message: String, from start: Int = 0) -> Int {
        drain()
        return messages[min(start, messages.count)...].count { $0 == message }
    }

    /// Waits up to `timeout` seconds until `count(of:from:)` reaches `target`; returns the count reached.
    func waitForCount(of message: String, from start: Int = 0, atLeast target: Int, timeout: Double) -> Int {
        let deadline = Deadline(seconds: timeout)
        while true {
            let seen = count(of: message, from: start)
            if seen >= target || deadline.hasPassed { return seen }
            // Wait for the next one only: everything received so far has been counted.
            _ = wait(from: messages.count, timeout: Double(deadline.remainingMilliseconds) / 1000) { $0 == message }
        }
    }
}
