import Glibc
import PlacesSystem

/// The backups `server.backup` keeps in a directory: files named `places-YYYYMMDDTHHMMSSZ.sqlite` (UTC), with
/// `-2`, `-3`, … before `.sqlite` for a second backup in the same second. Other files are never touched.
enum BackupDirectory {
    private static let prefix = "places-"
    private static let suffix = ".sqlite"

    /// The path of a new backup in `directory` taken at `time` (seconds since 1970): the name after every backup
    /// of the same second there, so that it sorts as the newest even when pruning removed an earlier one of that
    /// second (whose name it must not take again).
    static func newPath(in directory: String, at time: time_t) -> String {
        var seconds = time
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let stamp =
            digits(parts.tm_year + 1900, 4) + digits(parts.tm_mon + 1, 2) + digits(parts.tm_mday, 2) + "T"
            + digits(parts.tm_hour, 2) + digits(parts.tm_min, 2) + digits(parts.tm_sec, 2) + "Z"
        let base = join(directory, prefix + stamp)
        let names = (try? FileSystem.directoryEntries(directory)) ?? []
        let last = names.compactMap { order(of: $0) }.filter { $0.stamp == stamp }.map(\.number).max()
        var number = last.map { $0 + 1 } ?? 1
        var path = number == 1 ? base + suffix : base + "-\(number)" + suffix
        while FileSystem.fileExists(path) {
            number += 1
            path = base + "-\(number)" + suffix
        }
        return path
    }

    /// Removes the oldest backups in `directory` beyond the newest `keep`; returns the paths removed. A file
    /// that cannot be removed is skipped and named in `failures`.
    static func prune(_ directory: String, keeping keep: Int) throws(SystemError) -> (
        removed: [String], failures: [String]
    ) {
        let backups = try FileSystem.directoryEntries(directory).compactMap { name in
            order(of: name).map { (name: name, order: $0) }
        }
        .sorted {
            $0.order.stamp != $1.order.stamp ? $0.order.stamp > $1.order.stamp : $0.order.number > $1.order.number
        }
        var removed: [String] = []
        var failures: [String] = []
        for backup in backups.dropFirst(keep) {
            let path = join(directory, backup.name)
            do {
                try FileSystem.removeFile(path)
                removed.append(path)
            } catch {
                failures.append("\(path): \(error)")
            }
        }
        return (removed, failures)
    }

    /// Where `name` falls among the backups (its time stamp, then its number: 1 without one), or nil if it is
    /// not a backup's name.
    static func order(of name: String) -> (stamp: String, number: Int)? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
        let stem = name.dropFirst(prefix.count).dropLast(suffix.count)
        let stamp = stem.prefix(16)
        guard stamp.count == 16, isStamp(stamp) else { return nil }
        let rest = stem.dropFirst(16)
        if rest.isEmpty { return (String(stamp), 1) }
        guard rest.first == "-", let number = Int(rest.dropFirst()), number >= 2 else { return nil }
        return (String(stamp), number)
    }

    /// Whether `text` reads `YYYYMMDDTHHMMSSZ`.
    private static func isStamp(_ text: Substring) -> Bool {
        text.enumerated().allSatisfy { index, character in
            switch index {
            case 8: character == "T"
            case 15: character == "Z"
            default: character.isASCII && character.isNumber
            }
        }
    }

    /// `path` inside `directory`.
    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// `value` in decimal, with leading zeros to `width` digits.
    private static func digits(_ value: Int32, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
