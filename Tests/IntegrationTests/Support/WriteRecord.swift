import Glibc
import PlacesLocking

/// What a writer thread made of its changes: the ids acknowledged, the refusals it was told to expect, and
/// anything else that went wrong.
final class WriteRecord: Sendable {
    private let state = Locked<(ids: [String], refusals: Int, failures: [String], isStopped: Bool)>(([], 0, [], false))

    /// The ids of the places acknowledged, in order.
    var acknowledged: [String] { state.withLock { $0.ids } }
    /// How many changes were refused with a tolerated code.
    var refusals: Int { state.withLock { $0.refusals } }
    /// What went wrong otherwise.
    var failures: [String] { state.withLock { $0.failures } }

    /// Asks the writer to stop after its current pipeline.
    func stop() { state.withLock { $0.isStopped = true } }

    /// Adds places through `socketPath` in pipelines of 20 until `count` are acknowledged (or, with nil, until
    /// `stop()`); errors with a code in `tolerating` are counted, others recorded as failures.
    func addPlaces(through socketPath: String, until count: Int?, tolerating: Set<Int> = []) {
        do {
            let connection = try RawConnection(path: socketPath)
            var serial = 0
            while !state.withLock({ $0.isStopped }) {
                if let count, acknowledged.count >= count { return }
                let size = min(20, count.map { $0 - acknowledged.count } ?? 20)
                var lines = ""
                for _ in 0..<size {
                    serial += 1
                    lines += Request.line(
                        id: serial, method: "places.add",
                        params: ["name": .string("#\(serial)"), "latitude": 1, "longitude": 1])
                }
                try connection.send(lines, timeout: 60)
                for _ in 0..<size {
                    let response = try connection.readResponse(timeout: 120)
                    if let id = response["result"]?["id"]?.string {
                        state.withLock { $0.ids.append(id) }
                    } else if let code = response["error"]?["code"]?.int, tolerating.contains(code) {
                        state.withLock { $0.refusals += 1 }
                    } else {
                        state.withLock { $0.failures.append("\(response)") }
                    }
                }
                if refusals > 0, !tolerating.isEmpty { _ = poll(nil, 0, 50) }
            }
        } catch {
            state.withLock { $0.failures.append("\(error)") }
        }
    }
}
