import PlacesClient
import PlacesModel
import PlacesProtocol
import PlacesSystem
import Testing

@testable import PlacesCLI

@Suite struct ErrorReportingTests {
    @Test(arguments: [
        (
            RPCError(
                code: -32602, message: "Invalid params: latitude must be between -90 and 90.",
                data: ["field": "latitude", "reason": "must be between -90 and 90"]),
            "latitude must be between -90 and 90."
        ),
        (
            RPCError(code: -32602, message: "Invalid params: unknown key 'lat'.", data: nil),
            "Invalid params: unknown key 'lat'."
        ),
        (RPCError(code: -32602, message: "Bad", data: ["field": "name"]), "Bad."),
        (RPCError(code: -32001, message: "No place with id '0f8f'.", data: nil), "No place with id '0f8f'."),
        (RPCError.conflict(currentVersion: 3), "Version conflict: the place is at version 3."),
        (RPCError(code: -32004, message: "The store is locked", data: nil), "The store is locked."),
    ])
    func rpcErrorsBecomeOneSentence(error: RPCError, message: String) {
        #expect(RPCErrorMessage.text(for: error) == message)
    }

    @Test func clientErrorsMapToExitCodes() {
        let path = "/run/user/1000/placesd.sock"
        let unreachable = CLIFailure(
            .unreachable(path: path, SystemError(errno: 2, operation: "connect to socket '\(path)'")), socketPath: path)
        #expect(unreachable.exitCode == .unavailable)
        #expect(
            unreachable.report
                == "placesctl: cannot connect to placesd at '\(path)': No such file or directory. Is placesd running?\n"
        )

        let refused = CLIFailure(
            .rpc(RPCError(code: -32003, message: "Permission denied: admins only.")), socketPath: path)
        #expect(refused.exitCode == .noPermission)
        #expect(refused.report == "placesctl: Permission denied: admins only.\n")

        let violation = CLIFailure(.protocolViolation("invalid JSON at offset 3: unexpected 'x'"), socketPath: path)
        #expect(violation.exitCode == .software)
        #expect(
            violation.report
                == "placesctl: malformed reply from placesd at '\(path)': invalid JSON at offset 3: unexpected 'x'.\n")

        let closed = CLIFailure(.connectionClosed, socketPath: path)
        #expect(closed.exitCode == .software)
        #expect(closed.report == "placesctl: placesd at '\(path)' closed the connection before replying.\n")

        let io = CLIFailure(.io(SystemError(errno: 104, operation: "read from file descriptor 3")), socketPath: path)
        #expect(io.exitCode == .software)
        #expect(io.report == "placesctl: lost the connection to placesd at '\(path)': Connection reset by peer.\n")

        let locked = CLIFailure(.rpc(.locked()), socketPath: path)
        #expect(locked.exitCode == .locked)
        #expect(
            locked.report
                == "placesctl: placesd is locked: its places are encrypted and no key was given; run 'placesctl "
                + "unlock' (root, the admin group, or the user placesd runs as).\n")
        let wrongKey = CLIFailure(
            .rpc(RPCError(code: -32004, message: "No.", data: ["field": "key", "reason": "does not open this store"])),
            socketPath: path)
        #expect(wrongKey.exitCode == .dataError)
        #expect(wrongKey.report == "placesctl: the key does not open this store; it stays locked.\n")

        #expect(CLIFailure(.interrupted, socketPath: path).exitCode == .software)
        let timedOut = CLIFailure(.timedOut, socketPath: path)
        #expect(timedOut.exitCode == .unavailable)
        #expect(timedOut.report == "placesctl: placesd at '\(path)' did not answer in time.\n")
    }

    @Test func exitCodesAreSysexits() {
        #expect(ExitCode.allCases.map(\.rawValue) == [0, 1, 64, 65, 66, 69, 70, 73, 74, 75, 77])
        #expect(CLIFailure.output("x").exitCode == .ioError)
        #expect(CLIFailure.input("x").exitCode == .ioError)
        #expect(CLIFailure.data("x").exitCode == .dataError)
        #expect(CLIFailure.software("x").exitCode == .software)
        #expect(CLIFailure.unavailable("x").exitCode == .unavailable)
    }

    /// Each class of refusal a script branches on has a status of its own.
    @Test(arguments: [
        (RPCError.notFound(id: "x"), ExitCode.notFound),
        (.conflict(currentVersion: 2), .conflict),
        (.invalidParams(ValidationError(field: "latitude", reason: "must be between -90 and 90")), .dataError),
        (.invalidRequest("The request line is longer than 10 bytes"), .dataError),
        (.locked(), .locked),
        (
            RPCError(code: -32004, message: "No.", data: ["field": "key", "reason": "does not open this store"]),
            .dataError
        ),
        (.permissionDenied("allUsers is only for root"), .noPermission),
        (.methodNotFound("nope"), .usage),
        (.storageFailure("disk full"), .ioError),
        (.internalError("a bug"), .software),
        (.parseError("bad JSON"), .software),
        (.limitReached("Too many places"), .refused),
        (RPCError(code: -32099, message: "Something new."), .refused),
    ])
    func refusalsMapToExitCodes(error: RPCError, status: ExitCode) {
        #expect(CLIFailure(refusal: error).exitCode == status, "\(error)")
    }

    /// The error member `--json` prints: code, message and data, in that order, on one line; placesctl's own
    /// failures with -32000 minus their exit status.
    @Test func failuresBecomeOneLineOfJSON() {
        let conflict = CLIFailure(refusal: .conflict(currentVersion: 4))
        #expect(
            conflict.errorLine
                == #"{"error":{"code":-32002,"message":"Version conflict: the place is at version 4.","#
                + #""data":{"currentVersion":4}}}"# + "\n")
        #expect(
            CLIFailure(refusal: .notFound(id: "x")).errorLine
                == #"{"error":{"code":-32001,"message":"No place with id 'x'."}}"# + "\n")
        #expect(CLIFailure.unavailable("down").errorLine == #"{"error":{"code":-32069,"message":"down."}}"# + "\n")
        #expect(
            CLIFailure.usage("bad", command: nil).errorLine == #"{"error":{"code":-32064,"message":"bad."}}"# + "\n")
        let failures: [CLIFailure] = [
            .usage("u", command: "add"), .data("d"), .unavailable("n"), .software("s"), .input("i"), .output("o"),
        ]
        for failure in failures {
            #expect(Int32(-32000) - failure.exitCode.rawValue == Int32(failure.rpcError.code), "\(failure)")
        }
    }

    @Test func multiLineMessagesGetNoExtraPeriod() {
        #expect(CLIFailure.refused(.notFound(id: "x"), message: "a:\n  b").report == "placesctl: a:\n  b\n")
        #expect(Sentence.ending("done?") == "done?")
        #expect(Sentence.ending("done") == "done.")
    }
}
