import Glibc
import PlacesSealing
import PlacesState
import PlacesStore
import PlacesSystem

/// Reads the store's key from a file: `--key-file`, `key-file =` or the systemd credential.
enum KeyFile {
    /// A key file that cannot be used; the daemon does not start with it.
    struct Failure: Error, Sendable, CustomStringConvertible {
        /// The file.
        let path: String
        /// What is wrong with it.
        let reason: String

        /// `key file '/etc/placesd/key': must be 32 bytes, or their base64 text`.
        var description: String { "key file '\(path)': \(reason)" }
    }

    /// The key in `path`, and whether users other than the owner may read the file (worth a warning).
    static func read(_ path: String) throws(Failure) -> (key: StoreKey, isExposed: Bool) {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readFile(path)
        } catch {
            throw Failure(path: path, reason: error.description)
        }
        let key: StoreKey
        do {
            key = try StoreKey(fileContents: bytes)
        } catch {
            throw Failure(path: path, reason: error.reason)
        }
        var status = stat()
        let isExposed = stat(path, &status) == 0 && status.st_mode & 0o077 != 0
        return (key, isExposed)
    }
}
