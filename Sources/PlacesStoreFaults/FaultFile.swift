import CSQLite

/// One file opened through `FaultVFS`: what it is and the `FaultInjection` it consults.
///
/// SQLite hands the VFS a block of `FaultVFS`'s `szOsFile` bytes per open file, laid out as
/// `[sqlite3_file (methods)] [retained FaultFile, or null] [the unix VFS's own file]`. The methods below find
/// both from the `sqlite3_file` pointer, fail what the injection says, and pass everything else to the unix
/// file. A file that belongs to no attached database carries no `FaultFile` and passes everything through.
final class FaultFile: Sendable {
    /// A file operation that can be made to fail.
    enum Operation: Sendable, Hashable {
        /// `xRead`.
        case read
        /// `xWrite`.
        case write
        /// `xSync`.
        case sync
        /// `xTruncate`.
        case truncate
    }

    /// What a file is to its database.
    enum Kind: Sendable, Hashable {
        /// The main database file.
        case database
        /// The write-ahead log.
        case wal
        /// A journal or any other file.
        case other

        /// The kind of a file that `xOpen` opens with `flags`.
        init(openFlags flags: Int32) {
            if flags & SQLITE_OPEN_MAIN_DB != 0 {
                self = .database
            } else if flags & SQLITE_OPEN_WAL != 0 {
                self = .wal
            } else {
                self = .other
            }
        }
    }

    /// The hook deciding what fails.
    let injection: FaultInjection
    /// What the file is.
    let kind: Kind

    /// A file of `kind` consulting `injection`.
    init(injection: FaultInjection, kind: Kind) {
        self.injection = injection
        self.kind = kind
    }

    /// Bytes before the unix file in each file block: the `sqlite3_file` and the `FaultFile` pointer.
    static let headerSize = MemoryLayout<sqlite3_file>.stride + MemoryLayout<UnsafeMutableRawPointer?>.stride

    /// The unix VFS's file inside `file`'s block.
    static func real(_ file: UnsafeMutablePointer<sqlite3_file>) -> UnsafeMutablePointer<sqlite3_file> {
        UnsafeMutableRawPointer(file).advanced(by: headerSize).assumingMemoryBound(to: sqlite3_file.self)
    }

    /// Stores `state` (retained) in `file`'s block, or null.
    static func setState(_ state: FaultFile?, of file: UnsafeMutablePointer<sqlite3_file>) {
        let pointer = state.map { Unmanaged.passRetained($0).toOpaque() }
        UnsafeMutableRawPointer(file).storeBytes(
            of: pointer, toByteOffset: MemoryLayout<sqlite3_file>.stride, as: UnsafeMutableRawPointer?.self)
    }

    /// The `FaultFile` stored in `file`'s block, if any.
    static func state(of file: UnsafeMutablePointer<sqlite3_file>) -> FaultFile? {
        let pointer = UnsafeMutableRawPointer(file).load(
            fromByteOffset: MemoryLayout<sqlite3_file>.stride, as: UnsafeMutableRawPointer?.self)
        return pointer.map { Unmanaged<FaultFile>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The fault that makes `operation` on `file` fail now, if any.
    static func fault(_ operation: Operation, on file: UnsafeMutablePointer<sqlite3_file>)
        -> FaultInjection.StorageFault?
    {
        guard let state = state(of: file) else { return nil }
        return state.injection.storageFault(for: operation, on: state.kind)
    }

    /// The unix file's methods (set whenever a `FaultFile` method can be called).
    static func methods(_ real: UnsafeMutablePointer<sqlite3_file>) -> sqlite3_io_methods {
        real.pointee.pMethods.pointee
    }

    /// The method table of files opened through `FaultVFS`: version 3, like the unix VFS's, so WAL (`xShm*`)
    /// and memory mapping (`xFetch`) work through it.
    static func makeMethods() -> sqlite3_io_methods {
        sqlite3_io_methods(
            iVersion: 3,
            xClose: { file in FaultFile.close(file!) },
            xRead: { file, buffer, amount, offset in
                let real = FaultFile.real(file!)
                if let fault = FaultFile.fault(.read, on: file!) { return fault.resultCode }
                return FaultFile.methods(real).xRead(real, buffer, amount, offset)
            },
            xWrite: { file, buffer, amount, offset in FaultFile.write(file!, buffer, amount, offset) },
            xTruncate: { file, size in
                let real = FaultFile.real(file!)
                if let fault = FaultFile.fault(.truncate, on: file!) { return fault.resultCode }
                return FaultFile.methods(real).xTruncate(real, size)
            },
            xSync: { file, flags in
                let real = FaultFile.real(file!)
                if let fault = FaultFile.fault(.sync, on: file!) { return fault.resultCode }
                return FaultFile.methods(real).xSync(real, flags)
            },
            xFileSize: { file, size in
                let real = FaultFile.real(file!)
                return FaultFile.methods(real).xFileSize(real, size)
            },
            xLock: { file, lock in
                let real = FaultFile.real(file!)
                return FaultFile.methods(real).xLock(real, lock)
            },
            xUnlock: { file, lock in
                let real = FaultFile.real(file!)
                return FaultFile.methods(real).xUnlock(real, lock)
            },
            xCheckReservedLock: { file, result in
                let real = FaultFile.real(file!)
                return FaultFile.methods(real).xCheckReservedLock(real, result)
            },
            xFileControl: { file, operation, argument in
                let real = FaultFile.real(file!)
                return FaultFile.methods(real).xFileControl(real, operation, argument)
            },
            xSectorSize: { file in
                let real = FaultFile.real(file!)
                return FaultFile.methods(real).xSectorSize(real)
            },
            xDeviceCharacteristics: { file in
                let real = FaultFile.real(file!)
                return FaultFile.methods(real).xDeviceCharacteristics(real)
            },
            xShmMap: { file, region, size, extend, mapped in
                let real = FaultFile.real(file!)
                return FaultFile.methods(real).xShmMap(real, region, size, extend, mapped)
            },
            xShmLock: { file, offset, count, flags in
                let real = FaultFile.real(file!)
                return FaultFile.methods(real).xShmLock(real, offset, count, flags)
            },
            xShmBarrier: { file in
                let real = FaultFile.real(file!)
                FaultFile.methods(real).xShmBarrier(real)
            },
            xShmUnmap: { file, delete in
                let real = FaultFile.real(file!)
                return FaultFile.methods(real).xShmUnmap(real, delete)
            },
            xFetch: { file, offset, amount, pointer in
                let real = FaultFile.real(file!)
                return FaultFile.methods(real).xFetch(real, offset, amount, pointer)
            },
            xUnfetch: { file, offset, pointer in
                let real = FaultFile.real(file!)
                return FaultFile.methods(real).xUnfetch(real, offset, pointer)
            })
    }

    private static func close(_ file: UnsafeMutablePointer<sqlite3_file>) -> Int32 {
        let real = real(file)
        if let pointer = UnsafeMutableRawPointer(file).load(
            fromByteOffset: MemoryLayout<sqlite3_file>.stride, as: UnsafeMutableRawPointer?.self)
        {
            Unmanaged<FaultFile>.fromOpaque(pointer).release()
            setState(nil, of: file)
        }
        guard real.pointee.pMethods != nil else { return SQLITE_OK }
        return methods(real).xClose(real)
    }

    private static func write(
        _ file: UnsafeMutablePointer<sqlite3_file>, _ buffer: UnsafeRawPointer?, _ amount: Int32, _ offset: Int64
    ) -> Int32 {
        let real = real(file)
        guard let fault = fault(.write, on: file) else {
            return methods(real).xWrite(real, buffer, amount, offset)
        }
        if case .shortWrite = fault, amount > 1 {
            let written = methods(real).xWrite(real, buffer, amount / 2, offset)
            guard written == SQLITE_OK else { return written }
        }
        return fault.resultCode
    }
}
