import PlacesCLI
import PlacesClient
import PlacesModel
import PlacesProtocol
import PlacesSystem
import Testing

@Suite struct UnlockCommandTests {
    /// The raw key: bytes 255 down to 224.
    static let rawKey: [UInt8] = (0..<32).map { 255 - $0 }
    /// Its base64 text.
    static let base64Key = "//79/Pv6+fj39vX08/Lx8O/u7ezr6uno5+bl5OPi4eA="
    /// The one request an unlock with that key sends.
    static let request = FakeTransport.Call(method: "server.unlock", params: ["key": .string(base64Key)])

    /// A daemon that takes any key, or answers `server.unlock` with `refusal`.
    static func daemon(refusing refusal: ClientError? = nil) -> CLIHarness {
        var harness = CLIHarness()
        harness.inputFiles = [
            "key.txt": Array((base64Key + "\n").utf8), "key.bin": rawKey, "-": Array(base64Key.utf8),
        ]
        harness.respond = { method, _ in
            switch method {
            case "server.unlock": refusal.map { .failure($0) } ?? .success(["locked": false])
            default: .failure(.rpc(.locked()))
            }
        }
        return harness
    }

    @Test(arguments: [["--key-file", "key.txt"], ["--key-file", "key.bin"], [], ["--key-file", "-"]])
    func sendsTheKeyAsBase64(options: [String]) {
        let outcome = Self.daemon().run(["unlock"] + options)
        #expect(outcome.exitCode == .success)
        #expect(outcome.standardOutput == "Unlocked.\n")
        #expect(outcome.standardError.isEmpty)
        #expect(outcome.calls == [Self.request])
        #expect(outcome.keyReads == [options.last ?? "-"])
        #expect(outcome.hiddenReads == 0)
        #expect(outcome.wasClosed)
    }

    @Test func jsonPrintsTheResult() {
        let outcome = Self.daemon().run("unlock", "--key-file", "key.bin", "--json")
        #expect(outcome.exitCode == .success)
        #expect(outcome.standardOutput == "{\"locked\":false}\n")
    }

    @Test(arguments: ["\n  \(base64Key)  \r\n", base64Key, String(base64Key.dropLast())])
    func keyTextMayHaveWhiteSpaceAroundAndNoPadding(text: String) {
        var harness = Self.daemon()
        harness.inputFiles = ["k": Array(text.utf8)]
        let outcome = harness.run("unlock", "--key-file", "k")
        #expect(outcome.exitCode == .success)
        #expect(outcome.calls == [Self.request])
    }

    @Test func aTerminalIsAskedWithoutEcho() {
        var harness = Self.daemon()
        harness.isStandardInputTerminal = true
        harness.typedLine = .success(Array(Self.base64Key.utf8))
        let outcome = harness.run("unlock")
        #expect(outcome.exitCode == .success)
        #expect(outcome.standardError == "Key (base64): ")
        #expect(outcome.standardOutput == "Unlocked.\n")
        #expect(outcome.hiddenReads == 1)
        #expect(outcome.keyReads.isEmpty)
        #expect(outcome.calls == [Self.request])
    }

    @Test func aKeyFileIsReadEvenFromATerminal() {
        var harness = Self.daemon()
        harness.isStandardInputTerminal = true
        let outcome = harness.run("unlock", "--key-file", "key.txt")
        #expect(outcome.exitCode == .success)
        #expect(outcome.hiddenReads == 0)
        #expect(outcome.standardError.isEmpty)
    }

    @Test func aFailedTerminalReadIsAnInputError() {
        var harness = Self.daemon()
        harness.isStandardInputTerminal = true
        harness.typedLine = .failure(InputError(reason: "interrupted by a signal"))
        let outcome = harness.run("unlock")
        #expect(outcome.exitCode == .ioError)
        #expect(
            outcome.standardError
                == "Key (base64): placesctl: cannot read the key from standard input: interrupted by a signal.\n")
        #expect(outcome.connectedPaths.isEmpty)
    }

    @Test func aMissingKeyFileIsAnInputError() {
        let outcome = Self.daemon().run("unlock", "--key-file", "/etc/placesd/nokey")
        #expect(outcome.exitCode == .ioError)
        #expect(
            outcome.standardError
                == "placesctl: cannot read the key from '/etc/placesd/nokey': No such file or directory.\n")
        #expect(outcome.connectedPaths.isEmpty)
    }

    @Test(arguments: [
        ("not a key at all", "does not hold a key"),
        (String(repeating: "A", count: 31), "does not hold a key"),
        (String(repeating: "A", count: 33), "does not hold a key"),
        ("AAECAwQFBgcICQoLDA0ODw==", "does not hold a key"),
        ("AAECAwQFBgcICQoLDA0ODxAR EhMUFRYXGBkaGxwdHh8=", "does not hold a key"),
        ("__79_Pv6-fj39vX08_Lx8O_u7ezr6uno5-bl5OPi4eA=", "does not hold a key"),
        (base64Key + base64Key, "does not hold a key"),
        (String(repeating: " ", count: 2000) + base64Key, "does not hold a key"),
        ("", "is empty"),
        (" \n\t\n", "is empty"),
    ])
    func malformedKeysAreDataErrors(contents: String, problem: String) {
        var harness = Self.daemon()
        harness.inputFiles = ["bad.key": Array(contents.utf8)]
        let outcome = harness.run("unlock", "--key-file", "bad.key")
        #expect(outcome.exitCode == .dataError)
        #expect(
            outcome.standardError
                == "placesctl: 'bad.key' \(problem): expected 32 raw bytes or their base64 text (44 characters).\n")
        #expect(outcome.connectedPaths.isEmpty)
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test func malformedStandardInputIsNamed() {
        var harness = Self.daemon()
        harness.inputFiles = ["-": Array("hunter2\n".utf8)]
        let outcome = harness.run("unlock")
        #expect(outcome.exitCode == .dataError)
        #expect(
            outcome.standardError
                == "placesctl: standard input does not hold a key: expected 32 raw bytes or their base64 text "
                + "(44 characters).\n")
        #expect(!outcome.standardError.contains("hunter2"))
    }

    @Test(arguments: [
        (
            ClientError.rpc(.permissionDenied("server.unlock is only for root and members of the group 'wheel'.")),
            ExitCode.noPermission,
            "placesctl: cannot unlock placesd: Permission denied: server.unlock is only for root and members of the "
                + "group 'wheel'.\n"
        ),
        (
            ClientError.rpc(
                RPCError(
                    code: -32004, message: "The key does not open this store; it stays locked.",
                    data: ["field": "key", "reason": "does not open this store"])),
            ExitCode.dataError,
            "placesctl: the key does not open this store; it stays locked.\n"
        ),
        (
            ClientError.rpc(RPCError(code: -32004, message: "Locked.", data: nil)),
            ExitCode.locked,
            "placesctl: the key does not open this store; it stays locked.\n"
        ),
        (
            ClientError.rpc(
                .invalidParams(
                    .init(
                        field: "key",
                        reason: "the store is not encrypted; give placesd the key with --key-file or the "
                            + "placesd.key credential to encrypt it"))),
            ExitCode.dataError,
            "placesctl: cannot unlock placesd: the store is not encrypted; give placesd the key with --key-file or "
                + "the placesd.key credential to encrypt it.\n"
        ),
        (
            ClientError.rpc(RPCError(code: -32601, message: "Method 'server.unlock' not found.", data: nil)),
            ExitCode.usage,
            "placesctl: Method 'server.unlock' not found.\n"
        ),
        (
            ClientError.connectionClosed,
            ExitCode.software,
            "placesctl: placesd at '/tmp/test.sock' closed the connection before replying.\n"
        ),
    ])
    func refusalsMapToExitCodes(refusal: ClientError, exitCode: ExitCode, message: String) {
        let outcome = Self.daemon(refusing: refusal).run("unlock", "--key-file", "key.txt")
        #expect(outcome.exitCode == exitCode)
        #expect(outcome.standardError == message)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.calls == [Self.request])
        #expect(!outcome.standardError.contains(Self.base64Key))
    }

    @Test func anUnreachableDaemonIsUnavailable() {
        var harness = Self.daemon()
        harness.isDaemonDown = true
        let outcome = harness.run("unlock", "--key-file", "key.bin")
        #expect(outcome.exitCode == .unavailable)
        #expect(!outcome.standardError.contains(Self.base64Key))
    }

    @Test(arguments: [["list"], ["get", "0f8f"], ["watch"], ["call", "places.list"], ["export"]])
    func placesCommandsSayTheDaemonIsLocked(arguments: [String]) {
        let outcome = Self.daemon().run(arguments)
        #expect(outcome.exitCode == .locked)
        #expect(outcome.exitCode.rawValue == 75)
        #expect(
            outcome.standardError
                == "placesctl: placesd is locked: its places are encrypted and no key was given; run 'placesctl "
                + "unlock' (root, the admin group, or the user placesd runs as).\n")
        // call implies --json, which prints the daemon's error object where the result would have gone.
        let errorLine =
            #"{"error":{"code":-32004,"message":"The store is locked until it is unlocked with server.unlock."}}"#
        #expect(outcome.standardOutput == (arguments[0] == "call" ? errorLine + "\n" : ""))
    }

    @Test func statusHintsAtUnlockingWhenLocked() {
        var harness = CLIHarness()
        harness.respond = { _, _ in .success(["version": "0.1.0", "places": 0, "locked": true]) }
        let outcome = harness.run("status")
        #expect(outcome.exitCode == .success)
        #expect(
            outcome.standardOutput
                == "Version: 0.1.0\nPlaces:  0\nLocked:  yes\nUnlock it with 'placesctl unlock'.\n")
        let json = harness.run("status", "--json")
        #expect(json.standardOutput == "{\"version\":\"0.1.0\",\"places\":0,\"locked\":true}\n")
    }

    @Test func helpExplainsUnlockAndKey() {
        let unlock = CLIHarness().run("unlock", "--help")
        #expect(unlock.exitCode == .success)
        #expect(unlock.standardOutput.contains("Usage: placesctl unlock [--key-file FILE]\n"))
        #expect(unlock.standardOutput.contains("  --key-file FILE  Read the key from FILE (- for standard input).\n"))
        #expect(unlock.connectedPaths.isEmpty)
        let key = CLIHarness().run("help", "key")
        #expect(key.exitCode == .success)
        #expect(key.standardOutput.hasPrefix("Generate a new key for encrypting placesd's places.\n"))
        #expect(key.standardOutput.contains("Usage: placesctl key generate [--raw]\n"))
        #expect(key.standardOutput.contains("systemd-creds encrypt --name=placesd.key"))
        #expect(key.randomRequests.isEmpty)
        let overview = CLIHarness().run("help").standardOutput
        #expect(overview.contains("  75 "))
        #expect(overview.contains("  77 "))
    }
}
