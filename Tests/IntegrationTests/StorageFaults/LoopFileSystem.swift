import Foundation
import Glibc
import Testing

/// A small ext4 file system in an image file, mounted through a loop device with `errors=remount-ro`, so a test
/// can make the kernel turn it read-only under a running daemon; needs root.
///
/// `mount -o remount,ro` cannot do that: Linux refuses it (EBUSY) while any file on the file system is open for
/// writing, as the daemon's database is. What does turn a file system read-only under open files is the kernel
/// itself, when ext4 meets an error and `errors=remount-ro` (the usual setting for a root file system) is in
/// effect; `trigger_fs_error` in sysfs reports such an error on demand. From then on every write fails with
/// EROFS, and the file system cannot go back to read-write before it is unmounted and checked.
final class LoopFileSystem {
    /// The mount point.
    let path: String
    private let image: String
    private let directory: TemporaryDirectory
    private var isMounted = false

    /// Makes a file system of `megabytes` MiB in `directory` and mounts it at `directory/name`; cancels the test
    /// when this machine cannot mount it (not root, no loop devices).
    init(in directory: TemporaryDirectory, name: String, megabytes: Int) throws {
        self.directory = directory
        path = directory.file(name)
        image = directory.file(name + ".ext4")
        let fd = open(image, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0, ftruncate(fd, off_t(megabytes) << 20) == 0 else {
            throw TestFailure("Failed to create '\(image)': \(RawConnection.errnoText())")
        }
        close(fd)
        let mkfs = try ExternalTool.path("mkfs.ext4", package: "e2fsprogs")
        let made = try Subprocess.run(mkfs, ["-q", "-F", image], in: directory, timeout: 30)
        guard made.status == .exited(0) else { throw TestFailure("mkfs.ext4 '\(image)' failed: \(made.summary)") }
        guard mkdir(path, 0o700) == 0 else {
            throw TestFailure("Failed to create '\(path)': \(RawConnection.errnoText())")
        }
        try mount(cancellingOnFailure: true)
    }

    deinit {
        unmount()
    }

    /// The loop device's name (`loop3`), from the mount table.
    private var deviceName: String? {
        guard let table = TemporaryDirectory.contents(of: "/proc/self/mounts") else { return nil }
        for line in String(decoding: table, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count > 1, fields[1] == path, let device = fields[0].split(separator: "/").last {
                return String(device)
            }
        }
        return nil
    }

    /// Whether creating a file in the file system fails with EROFS.
    var refusesWrites: Bool {
        let probe = path + "/.write-probe"
        let fd = open(probe, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        guard fd < 0 else {
            close(fd)
            unlink(probe)
            return false
        }
        return errno == EROFS
    }

    /// Reports an ext4 error, which makes the kernel turn the file system read-only at once; cancels the test
    /// when the kernel has no `trigger_fs_error`.
    func failFileSystem() throws {
        guard let device = deviceName else { throw TestFailure("'\(path)' is not in /proc/self/mounts") }
        let trigger = "/sys/fs/ext4/\(device)/trigger_fs_error"
        guard access(trigger, W_OK) == 0 else { try Test.cancel("this kernel has no '\(trigger)'") }
        let fd = open(trigger, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw TestFailure("Failed to open '\(trigger)': \(RawConnection.errnoText())") }
        defer { close(fd) }
        let message = Array("placesd storage-fault test\n".utf8)
        guard write(fd, message, message.count) == message.count else {
            throw TestFailure("Failed to write '\(trigger)': \(RawConnection.errnoText())")
        }
    }

    /// Unmounts the file system (nothing may have files open in it), repairs it with `e2fsck` and mounts it
    /// read-write again.
    func repairAndRemount() throws {
        guard umount(path) == 0 else { throw TestFailure("Failed to unmount '\(path)': \(RawConnection.errnoText())") }
        isMounted = false
        let fsck = try ExternalTool.path("e2fsck", package: "e2fsprogs")
        let checked = try Subprocess.run(fsck, ["-f", "-y", image], in: directory, timeout: 60)
        // 0: clean; 1: errors corrected (the error reported on purpose is one).
        guard checked.status == .exited(0) || checked.status == .exited(1) else {
            throw TestFailure("e2fsck '\(image)' failed: \(checked.summary)")
        }
        try mount(cancellingOnFailure: false)
    }

    /// Detaches the mount (lazily, so a daemon still holding files in it cannot keep it); idempotent.
    func unmount() {
        guard isMounted else { return }
        umount2(path, Int32(MNT_DETACH))
        isMounted = false
    }

    private func mount(cancellingOnFailure: Bool) throws {
        let mounted = try Subprocess.run(
            "/usr/bin/mount", ["-t", "ext4", "-o", "loop,errors=remount-ro", image, path], in: directory, timeout: 30)
        guard mounted.status == .exited(0) else {
            if cancellingOnFailure {
                try Test.cancel("cannot mount an ext4 image on a loop device: \(mounted.summary)")
            }
            throw TestFailure("Failed to mount '\(image)' on '\(path)': \(mounted.summary)")
        }
        isMounted = true
        guard chmod(path, 0o700) == 0 else {
            throw TestFailure("Failed to chmod '\(path)': \(RawConnection.errnoText())")
        }
    }
}
