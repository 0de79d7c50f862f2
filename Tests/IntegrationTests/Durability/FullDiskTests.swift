import Foundation
import Glibc
import Testing

/// A full file system: changes fail with -32005 and change nothing; the daemon recovers when space returns.
@Suite("Full disk", .enabled(if: getuid() == 0, "needs root to mount a small tmpfs"))
struct FullDiskTests {
    /// Writes a file at `path` until the file system has no space left; returns the bytes written.
    private func fill(_ path: String) throws -> Int {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw TestFailure("open '\(path)': \(RawConnection.errnoText())") }
        defer { close(fd) }
        var total = 0
        for chunkSize in [65536, 4096, 512, 1] {
            let chunk = [UInt8](repeating: 0xAB, count: chunkSize)
            while true {
                let written = chunk.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                if written <= 0 { break }
                total += written
                if total > 64 << 20 { throw TestFailure("'\(path)' is not filling up") }
            }
        }
        guard errno == ENOSPC else { throw TestFailure("filling '\(path)': \(RawConnection.errnoText())") }
        return total
    }

    /// Adds refused with -32005 while the disk is full are absent, acknowledged ones present, before and after a
    /// restart; the daemon keeps answering throughout.
    @Test func fullDiskRefusesChangesAndRecovers() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let tmpfs = try TmpfsMount(in: directory, name: "disk", size: "2m")
        defer { tmpfs.unmount() }
        let disk = tmpfs.path

        let daemon = try DaemonProcess(sharing: directory, databasePath: disk + "/places.sqlite")
        defer { daemon.shutdown() }
        try daemon.start()
        let client = try daemon.connect()
        var acknowledged: Set<String> = []
        var refused: Set<String> = []
        let big = String(repeating: "b", count: 9000)
        for index in 0..<5 {
            let place = try client.add(["name": .string("before-\(index)"), "latitude": 1, "longitude": 2])
            acknowledged.insert(try #require(place["name"]?.string))
        }

        let filler = disk + "/filler"
        _ = try fill(filler)
        var codes: [Int?] = []
        for index in 0..<40 {
            let name = "full-\(index)"
            let response = try client.call(
                "places.add", ["name": .string(name), "description": .string(big), "latitude": 1, "longitude": 2])
            codes.append(Reply.code(response))
            if response["result"] != nil {
                acknowledged.insert(name)
            } else {
                refused.insert(name)
                expectError(try #require(response["error"]), code: -32005, "\(daemon.logTail)")
            }
        }
        #expect(refused.count > 0, "with the disk full some adds must fail: \(codes)")
        #expect(try client.result("server.status")["protocol"] == 1, "the daemon stays up")
        let whileFull = Set(names(try client.list()))
        #expect(whileFull == acknowledged, "refused adds are not visible")

        unlink(filler)
        let recovered = try client.call("places.add", ["name": "after", "latitude": 1, "longitude": 2])
        #expect(recovered["result"] != nil, "adds work again once space is free: \(recovered)\(daemon.logTail)")
        if recovered["result"] != nil { acknowledged.insert("after") }

        #expect(try daemon.stop() == .exited(0), "\(daemon.logTail)")
        try daemon.start()
        let present = Set(names(try daemon.connect().list()))
        #expect(acknowledged.isSubset(of: present), "missing: \(acknowledged.subtracting(present))")
        #expect(present.isDisjoint(with: refused), "present although refused: \(present.intersection(refused))")
        #expect(try daemon.stop() == .exited(0), "\(daemon.logTail)")
    }

    /// A pipeline of 400 large adds written at once onto a 2 MiB disk: they share commits, the disk fills up in the
    /// middle, and each add is acknowledged or refused with -32005 on its own; after a restart exactly the
    /// acknowledged ones are there.
    @Test func aPipelineThatFillsTheDiskKeepsExactlyWhatWasAcknowledged() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let tmpfs = try TmpfsMount(in: directory, name: "disk", size: "2m")
        defer { tmpfs.unmount() }
        let daemon = try DaemonProcess(sharing: directory, databasePath: tmpfs.path + "/places.sqlite")
        defer { daemon.shutdown() }
        try daemon.start()
        let client = try daemon.connect()
        let big = String(repeating: "b", count: 9000)
        var text = ""
        for index in 0..<400 {
            text += Request.line(
                id: index, method: "places.add",
                params: [
                    "name": .string("pipelined-\(index)"), "description": .string(big), "latitude": 1, "longitude": 2,
                ])
        }
        try client.send(text, timeout: 120)
        var acknowledged: Set<String> = []
        var refused: Set<String> = []
        for index in 0..<400 {
            let response = try client.readResponse(timeout: 60)
            #expect(response["id"]?.int == index, "in order: \(response)")
            if response["result"] != nil {
                acknowledged.insert("pipelined-\(index)")
            } else {
                refused.insert("pipelined-\(index)")
                expectError(try #require(response["error"]), code: -32005, "\(daemon.logTail)")
            }
        }
        #expect(!acknowledged.isEmpty && !refused.isEmpty, "the disk filled up in the middle of the pipeline")
        #expect(Set(names(try client.list())) == acknowledged, "refused adds are not visible")

        #expect(try daemon.stop() == .exited(0), "\(daemon.logTail)")
        try daemon.start()
        #expect(Set(names(try daemon.connect().list())) == acknowledged, "after a restart too")
        #expect(try daemon.stop() == .exited(0), "\(daemon.logTail)")
    }
}
