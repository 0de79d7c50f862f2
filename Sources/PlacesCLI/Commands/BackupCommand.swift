import Glibc
import PlacesCommandLine
import PlacesProtocol

/// `placesctl backup FILE|DIRECTORY [--keep N]`.
enum BackupCommand {
    /// The declaration.
    static let spec = CommandSpec(
        name: "backup",
        abstract: "Back up all users' places into a file while placesd runs.",
        discussion: """
            placesd copies its whole store, as it is at one revision, into FILE (replaced if it exists, mode \
            0600, written by placesd itself, so its directory must be one placesd may write in). Given an \
            existing DIRECTORY (or a path ending in /), placesd names the file places-YYYYMMDDTHHMMSSZ.sqlite \
            there (UTC) and, with --keep N, removes the oldest such backups beyond the newest N once the new one \
            is complete. Only root, members of placesd's admin group and the user placesd runs as (your own \
            instance) may back up; others keep their own places with 'placesctl export'. Sealed places stay \
            sealed. To inspect a backup, or restore it with placesd stopped, see 'placesd backup' and 'placesd \
            restore' in placesd(8). One backup runs at a time.
            """,
        arguments: [
            ArgumentDeclaration(
                name: "FILE|DIRECTORY", abstract: "The backup file, or a directory to keep dated backups in.",
                isRequired: true, completion: .file)
        ],
        options: [keep],
        handler: run
    )

    /// `--keep N`.
    static let keep = Option<Int64>.integer(
        ["--keep"], valueName: "N", abstract: "With a DIRECTORY, keep the newest N backups there (1 to 1000).")

    /// Sends `server.backup` and confirms.
    static func run(_ input: CommandInput, _ context: CommandContext) throws(CLIFailure) {
        let argument = input.argument(0) ?? ""
        let path = absolute(argument)
        let isDirectory = argument.hasSuffix("/") || Self.isDirectory(path)
        let keep = try input[Self.keep]
        if let keep, !BackupParams.keepRange.contains(Int(clamping: keep)) {
            throw .usage("--keep must be from 1 to 1000, got \(keep)", command: spec.name)
        }
        if keep != nil, !isDirectory {
            throw .usage("--keep is only for a DIRECTORY; '\(argument)' is not one", command: spec.name)
        }
        let target: BackupParams.Target = isDirectory ? .directory(path, keep: keep.map { Int($0) }) : .file(path)
        let result = try context.call(BackupParams(target: target))
        if context.isJSON {
            return try context.writeJSON(result)
        }
        let backup = try context.decode(result, from: Method.backup.rawValue, BackupResult.decode)
        try context.write(confirmation(backup))
    }

    /// "Backed up 3 places (revision 12) to 'PATH'." and, when older backups were removed, how many.
    static func confirmation(_ backup: BackupResult) -> String {
        let places = backup.places == 1 ? "1 place" : "\(backup.places) places"
        var text = "Backed up \(places) (revision \(backup.revision)) to '\(backup.path)'.\n"
        if let pruned = backup.pruned, !pruned.isEmpty {
            text += "Removed \(pruned.count) older \(pruned.count == 1 ? "backup" : "backups").\n"
        }
        return text
    }

    /// `path` made absolute from the working directory (placesd has another one).
    static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        guard let directory = getcwd(nil, 0) else { return path }
        defer { free(directory) }
        let base = String(cString: directory)
        let relative = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        guard !relative.isEmpty, relative != "." else { return base }
        return (base.hasSuffix("/") ? base : base + "/") + relative
    }

    /// Whether `path` is an existing directory.
    private static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}
