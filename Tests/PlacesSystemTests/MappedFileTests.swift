import Glibc
import PlacesSystem
import Testing

/// `MappedFile`: a file's bytes as mapped, an empty file as none, and what cannot be mapped named.
@Suite("MappedFile")
struct MappedFileTests {
    /// Writes `bytes` to a new file at `path`.
    private func write(_ bytes: [UInt8], to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        try #require(fd >= 0)
        defer { close(fd) }
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        try #require(written == bytes.count)
    }

    @Test func mapsTheFilesBytes() throws {
        let directory = TemporaryDirectory()
        let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try write(bytes, to: directory.file("data"))
        let mapped = try MappedFile(path: directory.file("data"))
        #expect(Array(mapped.bytes) == bytes)
    }

    @Test func anEmptyFileMapsToNoBytes() throws {
        let directory = TemporaryDirectory()
        try write([], to: directory.file("empty"))
        #expect(try MappedFile(path: directory.file("empty")).bytes.isEmpty)
    }

    @Test func whatCannotBeMappedIsNamed() {
        let directory = TemporaryDirectory()
        #expect(throws: SystemError(errno: ENOENT, operation: "open '\(directory.file("missing"))'")) {
            try MappedFile(path: directory.file("missing"))
        }
        #expect(throws: SystemError(errno: EISDIR, operation: "map '\(directory.path)'")) {
            try MappedFile(path: directory.path)
        }
    }
}
