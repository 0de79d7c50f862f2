import CSQLite
import Glibc
import PlacesLocking
import PlacesSQLite

/// An SQLite VFS that wraps the default `unix` one and fails the file operations a `FaultInjection` is armed
/// with, so tests can make real reads, writes, syncs and truncations fail inside SQLite.
///
/// It is registered under `name` (never as the default VFS) the first time a store with fault injection opens,
/// and only the connections to a database attached here open through it: attaching routes the database's
/// connections here (`SQLiteVFSRoutes`), and a store opened without fault injection routes them back. A file opened through it keeps its
/// `FaultInjection` (see `FaultFile`); everything else is the unix VFS's doing, so locking, WAL shared memory
/// and the files' contents are exactly what production gets.
///
/// No global variable is mutable without a lock: the registration is a `static let` (initialized once, thread
/// safely), the structures handed to SQLite are allocated then and never freed or changed, and the attached
/// databases sit behind a `Locked`.
enum FaultVFS {
    /// The name it is registered under.
    static let name = "placesd-faults"

    /// What the VFS's callbacks find in its `pAppData`.
    private struct Context {
        /// The unix VFS, which does the real work.
        let real: UnsafeMutablePointer<sqlite3_vfs>
        /// The method table of every file opened through the VFS.
        let methods: UnsafeMutablePointer<sqlite3_io_methods>
    }

    /// A database attached to a `FaultInjection`; not kept alive by the attachment.
    private struct Attachment {
        weak var injection: FaultInjection?
    }

    /// Whether the VFS is registered; registers it the first time it is read.
    private static let isRegistered: Bool = register()

    /// Attached databases, by the full path the unix VFS gives their main file.
    private static let attachments = Locked<[String: Attachment]>([:])

    /// Makes the connections opened from now on to the database at `path` use the VFS and consult `injection`.
    static func attach(_ injection: FaultInjection, toDatabaseAt path: String) {
        guard isRegistered, let fullPath = fullPath(path) else {
            preconditionFailure("Failed to register the SQLite VFS '\(name)' for '\(path)'")
        }
        attachments.withLock { attachments in
            attachments = attachments.filter { $0.value.injection != nil }
            attachments[fullPath] = Attachment(injection: injection)
        }
        SQLiteVFSRoutes.route(databaseAt: path, toVFS: name)
    }

    /// The injection attached to the database at `path`, if any.
    private static func injection(forDatabaseAt path: String) -> FaultInjection? {
        guard let fullPath = fullPath(path) else { return nil }
        return attachments.withLock { $0[fullPath]?.injection }
    }

    /// `path` made absolute by the unix VFS, as it names the file to `xOpen`.
    private static func fullPath(_ path: String) -> String? {
        guard let real = sqlite3_vfs_find("unix"), let makeFullPath = real.pointee.xFullPathname else {
            return nil
        }
        let capacity = Int(real.pointee.mxPathname) + 1
        var buffer = [CChar](repeating: 0, count: capacity)
        let code = buffer.withUnsafeMutableBufferPointer { makeFullPath(real, path, Int32(capacity), $0.baseAddress) }
        // SQLITE_OK_SYMLINK (`SQLITE_OK | 2 << 8`): the path went through a symbolic link.
        guard code == SQLITE_OK || code == SQLITE_OK | 2 << 8 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Builds the VFS around the unix one and registers it; the memory given to SQLite is never freed, as a
    /// registered VFS must outlive every connection using it.
    private static func register() -> Bool {
        guard let real = sqlite3_vfs_find("unix") else { return false }
        let methods = UnsafeMutablePointer<sqlite3_io_methods>.allocate(capacity: 1)
        methods.initialize(to: FaultFile.makeMethods())
        let context = UnsafeMutablePointer<Context>.allocate(capacity: 1)
        context.initialize(to: Context(real: real, methods: methods))
        let vfs = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)
        vfs.initialize(to: makeVFS(wrapping: real, context: context))
        return sqlite3_vfs_register(vfs, 0) == SQLITE_OK
    }

    /// The unix VFS of `vfs`'s context.
    private static func real(_ vfs: UnsafeMutablePointer<sqlite3_vfs>?) -> UnsafeMutablePointer<sqlite3_vfs> {
        vfs!.pointee.pAppData.assumingMemoryBound(to: Context.self).pointee.real
    }

    private static func makeVFS(
        wrapping real: UnsafeMutablePointer<sqlite3_vfs>, context: UnsafeMutablePointer<Context>
    ) -> sqlite3_vfs {
        sqlite3_vfs(
            iVersion: 2,
            szOsFile: Int32(FaultFile.headerSize) + real.pointee.szOsFile,
            mxPathname: real.pointee.mxPathname,
            pNext: nil,
            zName: UnsafePointer(strdup(name)),
            pAppData: UnsafeMutableRawPointer(context),
            xOpen: { vfs, name, file, flags, outFlags in FaultVFS.open(vfs!, name, file!, flags, outFlags) },
            xDelete: { vfs, name, syncDirectory in
                FaultVFS.real(vfs).pointee.xDelete(FaultVFS.real(vfs), name, syncDirectory)
            },
            xAccess: { vfs, name, flags, result in
                FaultVFS.real(vfs).pointee.xAccess(FaultVFS.real(vfs), name, flags, result)
            },
            xFullPathname: { vfs, name, size, output in
                FaultVFS.real(vfs).pointee.xFullPathname(FaultVFS.real(vfs), name, size, output)
            },
            xDlOpen: { vfs, name in FaultVFS.real(vfs).pointee.xDlOpen(FaultVFS.real(vfs), name) },
            xDlError: { vfs, size, message in FaultVFS.real(vfs).pointee.xDlError(FaultVFS.real(vfs), size, message) },
            xDlSym: { vfs, handle, symbol in FaultVFS.real(vfs).pointee.xDlSym(FaultVFS.real(vfs), handle, symbol) },
            xDlClose: { vfs, handle in FaultVFS.real(vfs).pointee.xDlClose(FaultVFS.real(vfs), handle) },
            xRandomness: { vfs, size, output in
                FaultVFS.real(vfs).pointee.xRandomness(FaultVFS.real(vfs), size, output)
            },
            xSleep: { vfs, microseconds in FaultVFS.real(vfs).pointee.xSleep(FaultVFS.real(vfs), microseconds) },
            xCurrentTime: { vfs, time in FaultVFS.real(vfs).pointee.xCurrentTime(FaultVFS.real(vfs), time) },
            xGetLastError: { vfs, size, message in
                FaultVFS.real(vfs).pointee.xGetLastError(FaultVFS.real(vfs), size, message)
            },
            xCurrentTimeInt64: { vfs, time in
                FaultVFS.real(vfs).pointee.xCurrentTimeInt64(FaultVFS.real(vfs), time)
            },
            xSetSystemCall: nil, xGetSystemCall: nil, xNextSystemCall: nil)
    }

    /// Opens the unix file inside `file`'s block, then gives it this VFS's methods and, if it belongs to an
    /// attached database, the `FaultFile` that makes its operations fail.
    private static func open(
        _ vfs: UnsafeMutablePointer<sqlite3_vfs>, _ name: sqlite3_filename?, _ file: UnsafeMutablePointer<sqlite3_file>,
        _ flags: Int32, _ outFlags: UnsafeMutablePointer<Int32>?
    ) -> Int32 {
        let context = vfs.pointee.pAppData.assumingMemoryBound(to: Context.self).pointee
        let inner = FaultFile.real(file)
        file.pointee.pMethods = nil
        FaultFile.setState(nil, of: file)
        let code = context.real.pointee.xOpen(context.real, name, inner, flags, outFlags)
        // Without methods the unix file needs no closing, and SQLite will not call `xClose` on this one either.
        guard inner.pointee.pMethods != nil else { return code }
        let kind = FaultFile.Kind(openFlags: flags)
        if let name, kind != .other || flags & SQLITE_OPEN_MAIN_JOURNAL != 0 {
            let database = kind == .database ? name : sqlite3_filename_database(name)
            let injection = database.flatMap { path in
                attachments.withLock { $0[String(cString: path)]?.injection }
            }
            if let injection {
                FaultFile.setState(FaultFile(injection: injection, kind: kind), of: file)
            }
        }
        file.pointee.pMethods = UnsafePointer(context.methods)
        return code
    }
}
