import Foundation
import Glibc
import PlacesModel
import PlacesPersistence
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

/// Timings of the sealed store against the plaintext one; run only when `PLACESD_STORE_BENCH` is set (build with
/// `-c release`), and they print figures rather than assert any.
@Suite(
    .serialized,
    .enabled(if: ProcessInfo.processInfo.environment["PLACESD_STORE_BENCH"] != nil, "PLACESD_STORE_BENCH is unset"))
struct EncryptionBenchmarks {
    let directory = TemporaryDirectory()

    private var placeCount: Int {
        Int(ProcessInfo.processInfo.environment["PLACESD_STORE_BENCH"] ?? "") ?? 1_000_000
    }

    private func seconds(_ duration: Duration) -> String {
        String(format: "%.3f s", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }

    private func perItem(_ duration: Duration, _ count: Int) -> String {
        let total = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return String(format: "%.2f µs", total / Double(count) * 1e6)
    }

    private func drafts(_ count: Int, seed: UInt64) -> [PlaceImport] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { index in
            let draft = try! PlaceDraft(
                name: "Place \(index) of the benchmark",
                description: "A description of place \(index), somewhere worth a visit",
                latitude: Double.random(in: -90...90, using: &generator),
                longitude: Double.random(in: -180...180, using: &generator))
            return PlaceImport(id: nil, draft: draft)
        }
    }

    /// Opens `path` with `key` and closes it; returns how long the opening took, the CPU time the process used
    /// meanwhile (all threads), and the places loaded.
    private func timeOpening(_ path: String, key: StoreKey?) throws -> (time: Duration, cpu: Duration, count: Int) {
        let clock = ContinuousClock()
        let cpuStart = cpuTime()
        let start = clock.now
        let store = try makeStore(path, options: options(key: key))
        let time = clock.now - start
        let cpu = cpuTime() - cpuStart
        let count = store.snapshot().count
        store.close()
        return (time, cpu, count)
    }

    /// The user and system CPU time of the whole process so far.
    private func cpuTime() -> Duration {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return .seconds(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + .microseconds(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
    }

    /// "min … median …" of `times`.
    private func summary(_ times: [Duration]) -> String {
        let sorted = times.sorted()
        return "min \(seconds(sorted[0])), median \(seconds(sorted[sorted.count / 2])) (\(sorted.count) runs)"
    }

    @Test func loadingSealedAgainstPlaintext() throws {
        let plainPath = directory.file("plain.sqlite")
        let clock = ContinuousClock()
        do {
            let store = try makeStore(plainPath)
            for batch in 0..<(placeCount / 50_000) {
                _ = try store.perform(.importPlaces(drafts(50_000, seed: UInt64(batch))), owner: 1)
            }
            store.close()
        }
        let sealedPath = directory.file("sealed.sqlite")
        try FileManager.default.copyItem(atPath: plainPath, toPath: sealedPath)
        let key = fixedKey(1)
        var start = clock.now
        try makeStore(sealedPath, options: options(key: key)).close()
        print("bench: convert plaintext to sealed (open with key, close): \(seconds(clock.now - start))")

        // Alternating, so that whatever else the machine does weighs on both alike.
        var plain: [(time: Duration, cpu: Duration, count: Int)] = []
        var sealed: [(time: Duration, cpu: Duration, count: Int)] = []
        var locked: [(time: Duration, cpu: Duration, count: Int)] = []
        for _ in 0..<5 {
            plain.append(try timeOpening(plainPath, key: nil))
            sealed.append(try timeOpening(sealedPath, key: key))
            locked.append(try timeOpening(sealedPath, key: nil))
        }
        #expect(Set((plain + sealed).map(\.count)) == [placeCount])
        for (name, runs) in [("plaintext", plain), ("sealed", sealed), ("sealed without key (locked)", locked)] {
            print(
                "bench: open \(name), \(placeCount) places: \(summary(runs.map(\.time))); CPU time "
                    + summary(runs.map(\.cpu)))
        }

        let store = try makeStore(sealedPath)
        let waiter = ResultBox<Void>()
        start = clock.now
        store.unlock(with: key) { waiter.fulfil($0) }
        try waiter.wait().get()
        print("bench: unlock, \(store.snapshot().count) places: \(seconds(clock.now - start))")
        store.close()

        start = clock.now
        try SQLiteEngine.rekey(sealedPath, from: key, to: fixedKey(2))
        print("bench: rekey \(placeCount) places: \(seconds(clock.now - start))")
        let sizes = try [plainPath, sealedPath].map {
            (try FileManager.default.attributesOfItem(atPath: $0)[.size] as? NSNumber)?.intValue ?? 0
        }
        print("bench: file size plaintext \(sizes[0] >> 20) MiB, sealed \(sizes[1] >> 20) MiB")
    }

    @Test func sealingAndOpeningOnePlace() throws {
        let cipher = PlaceCipher(key: fixedKey(1))
        let places = drafts(100_000, seed: 7).map { item in
            (
                id: PlaceID.random(),
                payload: SealedPayload(
                    name: item.draft.name, description: item.draft.description,
                    coordinate: item.draft.coordinate)
            )
        }
        let clock = ContinuousClock()
        var start = clock.now
        let sealed = places.map { cipher.seal($0.payload, id: $0.id, owner: 1) }
        let sealing = clock.now - start
        var scratch = [UInt8](repeating: 0, count: 512)
        start = clock.now
        var opened = 0
        for (place, value) in zip(places, sealed) {
            let payload = value.withUnsafeBytes { cipher.open($0, id: place.id, owner: 1, scratch: &scratch) }
            opened += payload == nil ? 0 : 1
        }
        let opening = clock.now - start
        #expect(opened == places.count)
        print(
            "bench: seal \(perItem(sealing, places.count)) per place, open \(perItem(opening, places.count)) per "
                + "place (one thread, \(sealed[0].count)-byte sealed value)")
    }

    @Test func addingPlaces() throws {
        for key in [nil, fixedKey(1)] {
            let path = directory.file(key == nil ? "add-plain.sqlite" : "add-sealed.sqlite")
            let store = try makeStore(path, options: options(key: key))
            defer { store.close() }
            let items = drafts(20_000, seed: 3)
            let clock = ContinuousClock()
            // One commit per add: what one client adding places one at a time waits for.
            var start = clock.now
            for item in items.prefix(1_000) {
                _ = try store.perform(.add(item.draft), owner: 1)
            }
            let single = clock.now - start
            // Many adds in flight: group commits, where the CPU cost per add shows.
            let results = Results()
            start = clock.now
            for item in items.dropFirst(1_000) {
                store.submit(.add(item.draft), owner: 1) { results.append($0) }
            }
            _ = results.wait(for: items.count - 1_000)
            let grouped = clock.now - start
            print(
                "bench: add, \(key == nil ? "plaintext" : "sealed"): \(perItem(single, 1_000)) each one by one, "
                    + "\(perItem(grouped, items.count - 1_000)) each in group commits")
        }
    }

    @Test func secureDeleteCost() throws {
        for secureDelete in ["OFF", "ON"] {
            let path = directory.file("delete-\(secureDelete).sqlite")
            let connection = try SQLiteConnection(path: path, mode: .readWriteCreate)
            defer { connection.close() }
            try connection.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL")
            try connection.execute("PRAGMA secure_delete = \(secureDelete)")
            try connection.execute(
                """
                CREATE TABLE t (rowid INTEGER PRIMARY KEY, body BLOB);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
                INSERT INTO t SELECT i, randomblob(120) FROM n;
                """)
            let delete = try connection.prepare("DELETE FROM t WHERE rowid = ?1")
            let clock = ContinuousClock()
            var start = clock.now
            for row in stride(from: Int64(1), through: 2_000, by: 2) {
                delete.bind(row, at: 1)
                try delete.run()
            }
            let single = clock.now - start
            start = clock.now
            try connection.execute("BEGIN")
            for row in stride(from: Int64(2_001), through: 100_000, by: 2) {
                delete.bind(row, at: 1)
                try delete.run()
            }
            try connection.execute("COMMIT")
            let bulk = clock.now - start
            print(
                "bench: secure_delete \(secureDelete): \(perItem(single, 1_000)) per one-row delete transaction, "
                    + "\(perItem(bulk, 49_000)) per row deleted in one transaction")
        }
    }
}
