import PlacesSystem

/// A socket passed in by socket activation, with the name its unit gave it (`FileDescriptorName=`).
public struct ListenedSocket: Sendable, Hashable {
    /// The descriptor, 3 or above.
    public let fileDescriptor: FileDescriptor
    /// The name from `LISTEN_FDNAMES`, or "unknown" when none was given.
    public let name: String

    /// Creates a description of a passed socket.
    public init(fileDescriptor: FileDescriptor, name: String) {
        self.fileDescriptor = fileDescriptor
        self.name = name
    }
}
