import Foundation
import Glibc
import Testing

/// placesd with few file descriptors and many clients: it stops accepting while none is free instead of
/// retrying at once in every event loop, says so in a few lines, goes on serving the connections it has, and
/// serves the waiting clients as descriptors come back.
@Suite("Out of file descriptors")
struct DescriptorLimitTests {
    /// `RLIMIT_NOFILE` for the daemon: room for a few dozen connections beside its own descriptors.
    static let openFileLimit = 64
    /// Clients that connect at once, more than the daemon has descriptors for.
    static let clientCount = 150
    /// How long the daemon is watched while it waits for descriptors.
    static let idleSeconds = 3.0

    @Test func waitsForADescriptorInsteadOfSpinning() throws {
        let clock = ContinuousClock()
        let began = clock.now
        let daemon = try DaemonProcess()
        defer { daemon.shutdown() }
        daemon.openFileLimit = Self.openFileLimit
        // Without NOTIFY_SOCKET: each status update opens a socket for a moment on the main thread (sd_notify),
        // and one open just as the loop ran out would come free again and let a client more in, so that how many
        // were admitted would depend on the timing. Readiness is then the socket answering.
        daemon.hasNotifySocket = false
        try daemon.spawn()
        let first = try #require(daemon.admittedConnection(within: 60), "placesd never answered\(daemon.logTail)")
        let warning = "The open file limit (64) leaves room for fewer connections than max-connections"
        #expect(Deadline.wait(seconds: 60) { daemon.log.contains(warning) }, "\(daemon.logTail)")

        // Every client connects and sends a request; the kernel queues those placesd has no descriptor for.
        var clients: [RawConnection?] = []
        for index in 0..<Self.clientCount {
            let client = try daemon.connect()
            try client.send(Request.line(id: "\(index)", method: "server.status", params: "{}"))
            clients.append(client)
        }
        // It has run out once every descriptor number below the limit is taken.
        let numbers = Set(0..<Int32(Self.openFileLimit))
        try #require(
            Deadline.wait(seconds: 60) { daemon.openFileDescriptors()?.isSuperset(of: numbers) == true },
            "placesd has \(daemon.openFileCount() ?? -1) descriptors open\(daemon.logTail)")
        let announcement = "not accepting connections until a descriptor is free"

        // The connections it has are served; the clients it accepted (the first ones: the backlog is in order)
        // get their answers.
        let admitted = try #require(try first.result("server.status")["connections"]?.int) - 1
        #expect(admitted > 0 && admitted < Self.clientCount, "\(admitted) clients admitted\(daemon.logTail)")
        for index in 0..<admitted {
            let response = try #require(clients[index]).readResponse(timeout: 30)
            #expect(response["id"]?.int == index && response["result"] != nil, "\(response)")
        }
        #expect(try first.result("server.status")["connections"]?.int == admitted + 1, "no descriptor came free")

        // Waiting costs next to nothing: no spinning on the listening socket, no line an attempt in the log.
        let cpuBefore = try #require(daemon.cpuSeconds())
        let logBefore = daemon.log.utf8.count
        _ = poll(nil, 0, Int32(Self.idleSeconds * 1000))
        let cpu = try #require(daemon.cpuSeconds()) - cpuBefore
        let logged = daemon.log.utf8.count - logBefore
        #expect(cpu < 0.5, "placesd used \(cpu) s of CPU in \(Self.idleSeconds) s while out of descriptors")
        #expect(logged < 1024, "placesd logged \(logged) bytes in \(Self.idleSeconds) s\(daemon.logTail)")
        #expect(try first.result("server.status")["connections"]?.int == admitted + 1)
        #expect(daemon.log.components(separatedBy: announcement).count == 2, "said once\(daemon.logTail)")
        #expect(daemon.log.contains("Too many open files"), "and why")

        // Descriptors come back as clients leave: every waiting client is served, in turn.
        for index in 0..<admitted { clients[index] = nil }
        for index in admitted..<Self.clientCount {
            let response = try #require(clients[index]).readResponse(timeout: 30)
            #expect(response["id"]?.int == index && response["result"] != nil, "\(response)")
            clients[index] = nil
        }
        #expect(daemon.admittedConnection(within: 30) != nil, "a new client is served\(daemon.logTail)")
        #expect(daemon.log.contains("Accepting connections again after"), "\(daemon.logTail)")
        // At most two lines about it every five seconds (a shortage and its end), however long this took.
        let lines = daemon.log.split(separator: "\n").filter { $0.contains("file descriptors") }
        let seconds = (clock.now - began).components.seconds
        #expect(lines.count <= 2 * (Int(seconds) / 5 + 2), "\(lines.count) lines in \(seconds) s\(daemon.logTail)")
    }
}
