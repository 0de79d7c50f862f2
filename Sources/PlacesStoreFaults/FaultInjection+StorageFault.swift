import CSQLite

extension FaultInjection {
    /// A file operation the fault VFS makes fail, and how.
    ///
    /// Only stores created with a `FaultInjection` open their files through the fault VFS; the operation is
    /// refused before it reaches the file (a short write reaches it in part), and SQLite gets the code the
    /// `unix` VFS returns for the same failure.
    public enum StorageFault: Sendable, Hashable {
        /// `xRead` fails with `SQLITE_IOERR_READ`; nothing is read.
        case readFails(File)
        /// `xWrite` fails with `SQLITE_IOERR_WRITE` (EIO, EROFS); nothing is written.
        case writeFails(File)
        /// `xWrite` fails with `SQLITE_FULL` (ENOSPC); nothing is written.
        case diskFull(File)
        /// `xWrite` writes the first half of its bytes, then fails with `SQLITE_FULL`, as a write cut short by
        /// ENOSPC does: a torn page or frame is left in the file.
        case shortWrite(File)
        /// `xSync` (fsync) fails with `SQLITE_IOERR_FSYNC`; the bytes written before stay where they are.
        case syncFails(File)
        /// `xTruncate` fails with `SQLITE_IOERR_TRUNCATE`; the file keeps its size.
        case truncateFails(File)

        /// Which of a database's files a fault strikes.
        public enum File: Sendable, Hashable {
            /// The main database file.
            case database
            /// The write-ahead log (`-wal`).
            case wal
            /// Every file SQLite opens for the database: the database, its WAL and any journal.
            case anyFile
        }

        /// The operation it fails.
        var operation: FaultFile.Operation {
            switch self {
            case .readFails: .read
            case .writeFails, .diskFull, .shortWrite: .write
            case .syncFails: .sync
            case .truncateFails: .truncate
            }
        }

        /// The file it strikes.
        var file: File {
            switch self {
            case .readFails(let file), .writeFails(let file), .diskFull(let file), .shortWrite(let file),
                .syncFails(let file), .truncateFails(let file):
                file
            }
        }

        /// Whether it strikes `operation` on a file of `kind`.
        func strikes(_ operation: FaultFile.Operation, on kind: FaultFile.Kind) -> Bool {
            guard operation == self.operation else { return false }
            switch (file, kind) {
            case (.anyFile, _), (.database, .database), (.wal, .wal): return true
            default: return false
            }
        }

        /// The SQLite result code the operation returns when it fails this way (the extended `SQLITE_IOERR_*`
        /// codes, which Swift does not import from the header: `SQLITE_IOERR | n << 8`).
        var resultCode: Int32 {
            switch self {
            case .readFails: SQLITE_IOERR | 1 << 8
            case .writeFails: SQLITE_IOERR | 3 << 8
            case .diskFull, .shortWrite: SQLITE_FULL
            case .syncFails: SQLITE_IOERR | 4 << 8
            case .truncateFails: SQLITE_IOERR | 6 << 8
            }
        }
    }
}
