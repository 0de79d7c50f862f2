import Glibc
import PlacesSystem
import Testing

@Suite struct SystemErrorTests {
    @Test(arguments: [
        (EADDRINUSE, "bind socket '/run/x.sock'", "Failed to bind socket '/run/x.sock': Address already in use"),
        (ENOENT, "open database '/x'", "Failed to open database '/x': No such file or directory"),
        (EACCES, "connect to socket '/s'", "Failed to connect to socket '/s': Permission denied"),
        (99999, "frobnicate", "Failed to frobnicate: Unknown error 99999"),
    ])
    func descriptionNamesOperationAndReason(code: Int32, operation: String, expected: String) {
        let error = SystemError(errno: code, operation: operation)
        #expect(error.description == expected)
        #expect(error.errno == code)
        #expect(error.operation == operation)
    }

    @Test func equalityCoversBothFields() {
        #expect(SystemError(errno: EPIPE, operation: "a") == SystemError(errno: EPIPE, operation: "a"))
        #expect(SystemError(errno: EPIPE, operation: "a") != SystemError(errno: EPIPE, operation: "b"))
        #expect(SystemError(errno: EPIPE, operation: "a") != SystemError(errno: ECONNRESET, operation: "a"))
    }
}
