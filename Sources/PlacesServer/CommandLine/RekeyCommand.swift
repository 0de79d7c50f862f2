import PlacesPersistence
import PlacesSealing
import PlacesState
import PlacesSystem

/// `placesd rekey`: re-seals every place of a stopped daemon's database with a new key, or decrypts it.
public struct RekeyCommand: Sendable, Equatable {
    /// The configuration the database path and the current key come from (`--config`, `--database`,
    /// `--key-file`).
    public var invocation: DaemonInvocation
    /// The file holding the new key; nil with `decrypt`.
    public var newKeyPath: String?
    /// Store the places in plaintext from now on.
    public var decrypt = false

    /// The text `placesd rekey --help` prints.
    public static let helpText = """
        Usage: placesd rekey [--config PATH] [--database PATH] [--key-file PATH] (--new-key-file PATH | --decrypt)

        Re-seals every place in the database with the key in --new-key-file, in one transaction, and leaves no
        copy sealed with the old key (or in plaintext) in the database or its WAL. The daemon must be stopped:
        a database in use is refused. A plaintext database is encrypted; with --decrypt, an encrypted one is
        stored in plaintext again.

        Options:
          --config PATH          Read database and key-file from PATH (default: as for placesd).
          --database PATH        The database to rekey (default: as for placesd).
          --key-file PATH        The current key (default: key-file from the configuration, else the
                                 $CREDENTIALS_DIRECTORY/placesd.key credential); not needed for a plaintext
                                 database.
          --new-key-file PATH    The new key: 32 bytes, or their base64 text ('placesctl key generate').
          --decrypt              Store the places in plaintext instead of sealing them with a new key.
          -h, --help             Print this help and exit.

        Exit status: 0 when every place was re-sealed, 1 when the database or a key cannot be used (nothing is
        changed), 64 for a usage error, 78 for a configuration error.

        """

    /// Rekeys the database; returns the exit status and the line to print (on stdout for 0, else stderr).
    func run() -> (status: Int32, message: String) {
        invocation.run(rekey)
    }

    /// Rekeys the database `configuration` names.
    private func rekey(_ configuration: ServerConfiguration) -> (status: Int32, message: String) {
        let path = configuration.databasePath
        guard let engine = StorageEngines.kind(of: path) as? any RekeyingEngineKind.Type else {
            return (1, "placesd: \(StorageEngines.cannotRekey)")
        }
        guard FileSystem.fileExists(path) else {
            return (1, "placesd: database '\(path)': no such file")
        }
        var oldKey: StoreKey?
        var newKey: StoreKey?
        do {
            if let oldPath = configuration.keyFilePath { oldKey = try KeyFile.read(oldPath).key }
            if let newKeyPath { newKey = try KeyFile.read(newKeyPath).key }
        } catch {
            return (1, "placesd: \(error)")
        }
        do {
            do {
                try engine.rekey(path, from: oldKey, to: newKey)
            } catch .notEncrypted where oldKey != nil {
                // The current key is for a sealed store; this one is plaintext, so there is nothing to open.
                try engine.rekey(path, from: nil, to: newKey)
            }
        } catch .wrongKey {
            return (
                1,
                "placesd: the key in '\(configuration.keyFilePath ?? "")' does not open '\(path)'; nothing was changed"
            )
        } catch .locked {
            return (1, "placesd: '\(path)' is encrypted: give its current key with --key-file; nothing was changed")
        } catch {
            return (1, "placesd: \(error); nothing was changed")
        }
        if let newKeyPath {
            return (0, "Sealed every place in '\(path)' with the key in '\(newKeyPath)'.")
        }
        return (0, "Every place in '\(path)' is stored in plaintext now.")
    }
}
