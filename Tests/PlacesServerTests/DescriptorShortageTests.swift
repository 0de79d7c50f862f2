import Glibc
import PlacesSystem
import Testing

@testable import PlacesServer

/// What the log says about running out of file descriptors: a line when it begins, at most one every five
/// seconds while it lasts, with counts, and one when accepting works again.
@Suite("Descriptor shortage")
struct DescriptorShortageTests {
    let error = SystemError(errno: EMFILE, operation: "accept a connection on file descriptor 3")
    let second: UInt64 = 1_000_000_000

    func fail(_ shortage: DescriptorShortage, at now: UInt64) -> String? {
        shortage.recordFailure(error, now: now, openConnections: 40, openFileLimit: 64)
    }

    @Test func aShortageIsALineWhenItBeginsAndWhenItEnds() throws {
        let shortage = DescriptorShortage()
        #expect(shortage.recordSuccess(now: 1) == nil, "nothing to say while accepting works")
        let start = 100 * second
        #expect(
            fail(shortage, at: start)
                == "Failed to accept a connection on file descriptor 3: Too many open files (40 connections open, "
                + "an open file limit of 64): not accepting connections until a descriptor is free; new clients wait "
                + "in the socket's backlog.")
        for tick in 1..<50 {
            #expect(fail(shortage, at: start + UInt64(tick) * second / 10) == nil, "one attempt every 0.1 s")
        }
        #expect(
            fail(shortage, at: start + 5 * second)
                == "Still out of file descriptors after 5.0 s: 50 more attempts to accept failed (Too many open "
                + "files); 40 connections open.")
        #expect(fail(shortage, at: start + 6 * second) == nil)
        #expect(
            shortage.recordSuccess(now: start + 7_500_000_000)
                == "Accepting connections again after 7.5 s out of file descriptors (52 attempts to accept failed).")
        #expect(shortage.recordSuccess(now: start + 8 * second) == nil)
    }

    /// At the limit, each close lets one client in and the next attempt fails again: those shortages are counted
    /// into the next line instead of making two lines each.
    @Test func shortagesInQuickSuccessionShareTheirLines() throws {
        let shortage = DescriptorShortage()
        let start = 100 * second
        #expect(fail(shortage, at: start) != nil)
        #expect(shortage.recordSuccess(now: start + second / 2) != nil, "the end of the shortage that was told")
        var now = start + second
        while now < start + second / 2 + 5 * second {
            #expect(fail(shortage, at: now) == nil)
            #expect(fail(shortage, at: now + 1) == nil)
            #expect(shortage.recordSuccess(now: now + 2) == nil)
            now += second / 10
        }
        let line = try #require(fail(shortage, at: start + 6 * second))
        #expect(
            line.hasSuffix("Since the last line, 45 shorter shortages came and went (90 attempts failed)."), "\(line)")
        #expect(fail(shortage, at: start + 7 * second) == nil)
        #expect(
            shortage.recordSuccess(now: start + 8 * second)?.hasPrefix("Accepting connections again after 2.0 s")
                == true)
    }

    @Test func theSystemRunningOutIsAShortageToo() {
        #expect(SystemError(errno: ENFILE, operation: "x").isOutOfDescriptors)
        #expect(SystemError(errno: EMFILE, operation: "x").isOutOfDescriptors)
        #expect(!SystemError(errno: ECONNABORTED, operation: "x").isOutOfDescriptors)
    }
}
