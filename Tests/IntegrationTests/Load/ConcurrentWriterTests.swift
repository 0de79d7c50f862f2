import Testing

/// Concurrent writers on separate connections.
@Suite("Concurrent writers")
struct ConcurrentWriterTests {
    /// 20 clients adding 50 places each: all 1,000 acknowledged, all listed, all ids distinct.
    @Test func twentyWritersFiftyPlacesEach() throws {
        let daemon = try DaemonProcess.started()
        defer { daemon.shutdown() }
        let socketPath = daemon.socketPath
        let outcomes = try Threads.run(20, timeout: 60) { writer -> Result<[String], TestFailure> in
            do {
                let client = try RawConnection(path: socketPath)
                var ids: [String] = []
                for index in 0..<50 {
                    let place = try client.add([
                        "name": .string("w\(writer)-\(index)"), "latitude": .number(Double(writer)),
                        "longitude": .number(Double(index)),
                    ])
                    guard place["name"] == .string("w\(writer)-\(index)"), let id = place["id"]?.string else {
                        throw TestFailure("writer \(writer): unexpected result \(place)")
                    }
                    ids.append(id)
                }
                return .success(ids)
            } catch let failure as TestFailure {
                return .failure(failure)
            } catch {
                return .failure(TestFailure("\(error)"))
            }
        }
        var acknowledged: [String] = []
        for case .failure(let failure) in outcomes { Issue.record("\(failure)\(daemon.logTail)") }
        for case .success(let ids) in outcomes { acknowledged += ids }
        #expect(acknowledged.count == 1000)
        #expect(Set(acknowledged).count == acknowledged.count, "ids are distinct")

        let client = try daemon.connect()
        let list = try client.list()
        #expect(list["total"] == 1000)
        #expect(Set(ids(list)) == Set(acknowledged))
        let perWriter = names(list).reduce(into: [String: [Int]]()) { result, name in
            let parts = name.dropFirst().split(separator: "-")
            result[String(parts[0]), default: []].append(Int(parts[1]) ?? -1)
        }
        #expect(perWriter.values.allSatisfy { $0 == Array(0..<50) }, "each writer's places in its own order")
    }
}
