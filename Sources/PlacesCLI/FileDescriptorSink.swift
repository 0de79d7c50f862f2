import PlacesSystem

/// Writes text straight to a file descriptor (no buffering beyond one `write` per call).
public final class FileDescriptorSink: OutputSink {
    private let descriptor: FileDescriptor

    /// Writes to `descriptor`, which the caller keeps open.
    public init(_ descriptor: FileDescriptor) {
        self.descriptor = descriptor
    }

    /// Writes `text` completely.
    public func write(_ text: String) throws(OutputError) {
        var text = text
        // `withUTF8` rethrows untyped errors, so the outcome is carried out as a value.
        let outcome: Result<Void, SystemError> = text.withUTF8 { bytes in
            Result { () throws(SystemError) in try descriptor.writeAll(UnsafeRawBufferPointer(bytes)) }
        }
        if case .failure(let error) = outcome {
            throw OutputError(reason: error.reason)
        }
    }

    /// Writes `bytes` completely.
    public func write(bytes: [UInt8]) throws(OutputError) {
        let outcome: Result<Void, SystemError> = bytes.withUnsafeBytes { buffer in
            Result { () throws(SystemError) in try descriptor.writeAll(buffer) }
        }
        if case .failure(let error) = outcome {
            throw OutputError(reason: error.reason)
        }
    }
}
