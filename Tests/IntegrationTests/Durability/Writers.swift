/// Client threads that add places as fast as they can until their connection fails, recording every
/// acknowledged id; used to stop or kill the daemon under load.
enum Writers {
    /// What one writer saw.
    struct Outcome: Sendable {
        /// Ids of places the daemon acknowledged.
        var acknowledged: [String] = []
        /// Error responses received (not connection failures), as text.
        var errors: [String] = []
    }

    /// Runs `count` writers against `socketPath`; once `threshold` adds have been acknowledged (waiting at most
    /// `timeout` seconds), runs `action` (which should stop the daemon), then waits for the writers to see the
    /// connection end and returns each one's outcome.
    static func run(
        _ count: Int, socketPath: String, round: Int, threshold: Int, timeout: Double = 20,
        whileWriting action: () throws -> Void
    ) throws -> [Outcome] {
        let acknowledgements = SharedCounter()
        let threads = Threads(count) { writer -> Outcome in
            var outcome = Outcome()
            guard let client = try? RawConnection(path: socketPath) else { return outcome }
            for index in 0..<5000 {
                let params: JSON = ["name": .string("r\(round)-w\(writer)-\(index)"), "latitude": 1, "longitude": 2]
                guard let response = try? client.call("places.add", params, timeout: 15) else { break }
                if let id = response["result"]?["id"]?.string {
                    outcome.acknowledged.append(id)
                    acknowledgements.increment()
                } else {
                    outcome.errors.append(response.text)
                }
            }
            return outcome
        }
        let reached = Deadline.wait(seconds: timeout) { acknowledgements.count >= threshold }
        try action()
        let outcomes = try threads.join(timeout: 30)
        guard reached else {
            throw TestFailure("only \(acknowledgements.count) of \(threshold) adds acknowledged within \(timeout) s")
        }
        return outcomes
    }
}
