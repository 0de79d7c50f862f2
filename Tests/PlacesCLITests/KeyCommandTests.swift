import PlacesCLI
import PlacesProtocol
import PlacesSystem
import Testing

@Suite struct KeyCommandTests {
    /// The base64 text of the harness's default random bytes, 0 to 31.
    static let countingKey = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="

    @Test func generatePrintsBase64AndANewline() {
        let outcome = CLIHarness().run("key", "generate")
        #expect(outcome.exitCode == .success)
        #expect(outcome.standardOutput == Self.countingKey + "\n")
        #expect(outcome.standardError.isEmpty)
        #expect(outcome.randomRequests == [32])
        #expect(outcome.connectedPaths.isEmpty)
    }

    @Test func generateMayPrintBase64ToATerminal() {
        var harness = CLIHarness()
        harness.isStandardOutputTerminal = true
        #expect(harness.run("key", "generate").standardOutput == Self.countingKey + "\n")
    }

    @Test func rawWritesTheBytesThemselves() {
        var harness = CLIHarness()
        let bytes: [UInt8] = (0..<32).map { 255 - $0 }
        harness.random = .success(bytes)
        let outcome = harness.run("key", "generate", "--raw")
        #expect(outcome.exitCode == .success)
        #expect(outcome.standardOutputBytes == bytes)
        #expect(outcome.standardError.isEmpty)
    }

    @Test func jsonPrintsTheKeyObject() {
        let outcome = CLIHarness().run("--json", "key", "generate")
        #expect(outcome.exitCode == .success)
        #expect(outcome.standardOutput == "{\"key\":\"\(Self.countingKey)\"}\n")
    }

    @Test func rawRefusesATerminal() {
        var harness = CLIHarness()
        harness.isStandardOutputTerminal = true
        let outcome = harness.run("key", "generate", "--raw")
        #expect(outcome.exitCode == .usage)
        #expect(outcome.standardOutputBytes.isEmpty)
        #expect(outcome.randomRequests.isEmpty)
        #expect(
            outcome.standardError
                == "placesctl: refusing to write a raw key to a terminal: redirect standard output to a file or "
                + "pipe, or leave out --raw.\nRun 'placesctl help key' for usage.\n")
    }

    @Test(arguments: [
        (["key"], "missing action: the only one is 'generate'"),
        (["key", "--raw"], "missing action: the only one is 'generate'"),
        (["key", "rotate"], "unknown action 'rotate' for 'key': the only one is 'generate'"),
        (["key", "generate", "--raw", "--json"], "options '--raw' and '--json' cannot be used together"),
        (["key", "generate", "now"], "unexpected argument 'now'"),
    ])
    func usageErrors(arguments: [String], message: String) {
        let outcome = CLIHarness().run(arguments)
        #expect(outcome.exitCode == .usage)
        // With --json the usage error is also printed as a JSON error object.
        #expect(outcome.standardOutput.isEmpty == !arguments.contains("--json"), "\(outcome.standardOutput)")
        #expect(outcome.standardError == "placesctl: \(message).\nRun 'placesctl help key' for usage.\n")
        #expect(outcome.randomRequests.isEmpty)
    }

    @Test func aFailingRandomSourceIsAnInputError() {
        var harness = CLIHarness()
        harness.random = .failure(SystemError(errno: 38, operation: "read 32 random bytes with getrandom"))
        let outcome = harness.run("key", "generate")
        #expect(outcome.exitCode == .ioError)
        #expect(outcome.standardOutput.isEmpty)
        #expect(
            outcome.standardError == "placesctl: cannot read random bytes from the kernel: Function not implemented.\n")
    }

    @Test func aShortRandomSourceIsABug() {
        var harness = CLIHarness()
        harness.random = .success([1, 2, 3])
        let outcome = harness.run("key", "generate", "--raw")
        #expect(outcome.exitCode == .software)
        #expect(outcome.standardOutputBytes.isEmpty)
    }

    @Test func theKernelGivesFreshBytes() throws {
        let first = try Random.bytes(count: 32)
        let second = try Random.bytes(count: 32)
        #expect(first.count == 32 && second.count == 32)
        #expect(first != second)
        #expect(try Random.bytes(count: 0).isEmpty)
        let long = try Random.bytes(count: 1000)
        #expect(long.count == 1000)
        #expect(Set(long).count > 100)
    }
}
