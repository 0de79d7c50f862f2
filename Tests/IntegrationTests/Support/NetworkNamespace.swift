import Foundation
import Glibc

/// A network namespace joined to this one by a veth pair, for running a process on the far side of a link that
/// a test can cut (`ip link set … down`) and restore. Needs root and iproute2; `remove()` deletes both.
final class NetworkNamespace {
    /// The namespace's name, for `ip netns exec`.
    let name: String
    /// This side's address on the link.
    let hostAddress: String
    /// The namespace's address on the link.
    let innerAddress: String
    private let hostLink: String
    private let directory: TemporaryDirectory

    /// Creates the namespace and the link, both up, on a /24 of 10.201.0.0/16 picked from the process id.
    init(in directory: TemporaryDirectory) throws {
        self.directory = directory
        let tag = String(format: "%06x", UInt32(getpid()) & 0xFF_FFFF ^ UInt32.random(in: 0...0xFFFF))
        name = "placesd-\(tag)"
        hostLink = "pdh\(tag)"
        let innerLink = "pdn\(tag)"
        let subnet = 1 + Int.random(in: 0..<250)
        hostAddress = "10.201.\(subnet).1"
        innerAddress = "10.201.\(subnet).2"
        try ip(["netns", "add", name])
        do {
            try ip(["link", "add", hostLink, "type", "veth", "peer", "name", innerLink])
            try ip(["link", "set", innerLink, "netns", name])
            try ip(["addr", "add", hostAddress + "/24", "dev", hostLink])
            try ip(["link", "set", hostLink, "up"])
            try ip(["netns", "exec", name, "ip", "addr", "add", innerAddress + "/24", "dev", innerLink])
            try ip(["netns", "exec", name, "ip", "link", "set", innerLink, "up"])
            try ip(["netns", "exec", name, "ip", "link", "set", "lo", "up"])
        } catch {
            remove()
            throw error
        }
    }

    /// The command that runs a program in the namespace (a `DaemonProcess.launcher`).
    var launcher: [String] {
        (try? [ExternalTool.path("ip", package: "iproute2"), "netns", "exec", name]) ?? ["ip", "netns", "exec", name]
    }

    /// Cuts the link: packets in either direction are dropped, as a partition would.
    func cut() throws { try ip(["link", "set", hostLink, "down"]) }

    /// Restores the link.
    func restore() throws { try ip(["link", "set", hostLink, "up"]) }

    /// Deletes the namespace and the link; failures are ignored (this runs in a `defer`).
    func remove() {
        _ = try? ip(["link", "del", hostLink])
        _ = try? ip(["netns", "del", name])
    }

    private func ip(_ arguments: [String]) throws {
        let result = try Subprocess.run(
            try ExternalTool.path("ip", package: "iproute2"), arguments, in: directory, timeout: 30)
        guard result.status == .exited(0) else { throw TestFailure("ip \(arguments): \(result.summary)") }
    }
}
