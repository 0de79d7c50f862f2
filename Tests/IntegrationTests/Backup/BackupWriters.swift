import Foundation

/// Clients that add, rename and remove places (every third one) on the daemons at their sockets, each on a
/// thread of its own, until stopped: the load a backup is taken under.
final class BackupWriters {
    /// The changes made so far (an add with its rename, and a removal for every third).
    let written = SharedCounter()
    private let stopping = SharedCounter()
    private let threads: Threads<Int>

    /// Starts one writer per socket path in `sockets`, each making at most `rounds` rounds.
    init(sockets: [String], rounds: Int = 2_000) {
        let written = written
        let stopping = stopping
        threads = Threads(sockets.count) { writer -> Int in
            guard let client = try? RawConnection(path: sockets[writer]) else { return -1 }
            var changes = 0
            for index in 0..<rounds where stopping.count == 0 {
                let name = JSON.string("w\(writer)-\(index)")
                guard let added = try? client.add(["name": name, "latitude": 1, "longitude": 2]),
                    let id = added["id"]
                else { return -1 }
                let renamed = JSON.string("w\(writer)-\(index) renamed")
                guard (try? client.result("places.update", ["id": id, "name": renamed])) != nil else { return -1 }
                if index % 3 == 0 {
                    guard (try? client.result("places.remove", ["id": id])) != nil else { return -1 }
                }
                changes += 1
                written.increment()
            }
            return changes
        }
    }

    /// Waits until the writers have made `count` more changes than `before` (the count now if nil); false if
    /// `seconds` pass first.
    func waitForChanges(_ count: Int, after before: Int? = nil, seconds: Double = 30) -> Bool {
        let start = before ?? written.count
        return Deadline.wait(seconds: seconds) { self.written.count >= start + count }
    }

    /// Stops the writers and returns how many rounds each made, -1 for one whose request was not answered.
    func stop(timeout: Double = 60) throws -> [Int] {
        stopping.increment()
        return try threads.join(timeout: timeout)
    }
}
