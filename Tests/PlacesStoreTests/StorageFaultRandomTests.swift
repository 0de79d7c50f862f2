import Foundation
import PlacesModel
import PlacesPersistence
import Testing

@testable import PlacesSQLite
@testable import PlacesSealing
@testable import PlacesState
@testable import PlacesStore
@testable import PlacesStoreFaults

/// Random batches with I/O faults armed at random points: after every round, memory, a crash image and the
/// reopened database all hold exactly the acknowledged changes.
///
/// Set `PLACES_FAULT_SEED` to replay a failing run; the seed is printed with every failure.
@Suite struct StorageFaultRandomTests {
    /// Batches per run.
    static let rounds = 60

    /// The seed of this run: `PLACES_FAULT_SEED`, or a random one.
    static let seed: UInt64 = {
        if let text = ProcessInfo.processInfo.environment["PLACES_FAULT_SEED"], let seed = UInt64(text) {
            return seed
        }
        return UInt64.random(in: 0...UInt64.max)
    }()

    @Test func randomFaultsNeverLoseAcknowledgedOrKeepRefusedChanges() throws {
        var random = SeededGenerator(seed: StorageFaultRandomTests.seed)
        let replay = "replay with PLACES_FAULT_SEED=\(StorageFaultRandomTests.seed)"
        let fixture = try FaultyStore()
        try fixture.seed(owners: [1, 2, 3], count: 3)
        var refusedBatches = 0
        var acknowledgedBatches = 0

        for round in 0..<StorageFaultRandomTests.rounds {
            let context = "round \(round), \(replay)"
            let mutations = (0..<Int.random(in: 1...6, using: &random)).map { _ in
                randomMutation(fixture, using: &random)
            }
            var armed: [FaultInjection.StorageFault] = []
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                let fault = randomFault(using: &random)
                armed.append(fault)
                fixture.faults.failStorage(fault, at: randomTrigger(using: &random))
            }
            let outcomes = fixture.commit(mutations)
            fixture.faults.disarmStorageFaults()

            let isRefused = outcomes.contains { if case .failure(.storage) = $0 { true } else { false } }
            if isRefused {
                refusedBatches += 1
                #expect(
                    outcomes.allSatisfy { if case .failure(.storage) = $0 { true } else { false } },
                    "a batch is refused whole: \(outcomes), faults \(armed), \(context)")
            } else if outcomes.contains(where: { (try? $0.get()) != nil }) {
                acknowledgedBatches += 1
            }
            #expect(fixture.memoryMatchesModel, "memory, \(context)")
            let crashed = try fixture.crashImage()
            #expect(crashed == fixture.model, "crash image: \(fixture.difference(from: crashed)), \(context)")

            // Reopen, sometimes while reads fail: a store that cannot open leaves the file as it was.
            if Int.random(in: 0..<4, using: &random) == 0 {
                fixture.faults.failStorage(.readFails(.anyFile), at: .call(Int.random(in: 1...40, using: &random)))
            }
            let reopened: [UserID: [Place]]
            do {
                reopened = try fixture.reopen()
            } catch {
                fixture.faults.disarmStorageFaults()
                reopened = try fixture.reopen()
            }
            fixture.faults.disarmStorageFaults()
            #expect(reopened == fixture.model, "reopened: \(fixture.difference(from: reopened)), \(context)")
            if !fixture.memoryMatchesModel { break }
        }
        #expect(refusedBatches > StorageFaultRandomTests.rounds / 10, "too few faults struck, \(replay)")
        #expect(acknowledgedBatches > StorageFaultRandomTests.rounds / 10, "too few batches went through, \(replay)")
        #expect(try fixture.reopenWithoutFaults() == fixture.model, "\(replay)")
    }

    /// A mutation by a random owner, usually of one of their places; sometimes one that the store refuses.
    private func randomMutation(
        _ fixture: FaultyStore, using random: inout SeededGenerator
    ) -> (Mutation, UserID) {
        let owner = UserID.random(in: 1...3, using: &random)
        let places = fixture.places(of: owner)
        let target = places.randomElement(using: &random)
        let id = target?.id ?? PlaceID.random(using: &random)
        let version = Bool.random(using: &random) ? target?.version : nil
        let name = "r\(UInt16.random(in: 0...UInt16.max, using: &random))"
        switch Int.random(in: 0..<10, using: &random) {
        case 0...2:
            return (.add(draft(name)), owner)
        case 3...4:
            return (.update(id, rename(name), ifVersion: version), owner)
        case 5:
            return (.remove(id, ifVersion: version), owner)
        case 6...7:
            return (.move(id, toIndex: Int.random(in: 0...max(places.count, 1), using: &random), ifVersion: nil), owner)
        case 8:
            let imports = (0..<Int.random(in: 1...3, using: &random)).map { index in
                PlaceImport(
                    id: Bool.random(using: &random) ? nil : .random(using: &random), draft: draft("\(name)-\(index)"))
            }
            return (.importPlaces(imports), owner)
        default:
            // Refused by the store itself, whatever the disk does: a place of nobody's.
            return (.remove(PlaceID.random(using: &random), ifVersion: nil), owner)
        }
    }

    private func randomFault(using random: inout SeededGenerator) -> FaultInjection.StorageFault {
        let file = [FaultInjection.StorageFault.File.database, .wal, .anyFile].randomElement(using: &random)!
        let faults: [FaultInjection.StorageFault] = [
            .writeFails(file), .diskFull(file), .shortWrite(file), .syncFails(file), .readFails(file),
            .truncateFails(file),
        ]
        return faults.randomElement(using: &random)!
    }

    private func randomTrigger(using random: inout SeededGenerator) -> FaultInjection.StorageTrigger {
        Bool.random(using: &random)
            ? .call(Int.random(in: 1...6, using: &random)) : .fromCall(Int.random(in: 1...4, using: &random))
    }
}
