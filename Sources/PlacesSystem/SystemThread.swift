import CLinux
import Glibc
import Synchronization

/// A named POSIX thread running one closure; for work that must not sit on Swift's cooperative pool.
///
/// Join it once. A thread that is never joined is detached when this object goes away.
public final class SystemThread: Sendable {
    private let handle: pthread_t
    private let isJoinedOrDetached = Atomic<Bool>(false)

    private init(handle: pthread_t) {
        self.handle = handle
    }

    /// Starts a thread named `name` (cut to the 15 bytes Linux keeps) that runs `body`.
    public static func spawn(name: String, _ body: @escaping @Sendable () -> Void) throws(SystemError) -> SystemThread {
        let start = Unmanaged.passRetained(ThreadStart(name: name, body: body)).toOpaque()
        var handle = pthread_t()
        let code = pthread_create(
            &handle, nil,
            { context in
                Unmanaged<ThreadStart>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, start)
        guard code == 0 else {
            Unmanaged<ThreadStart>.fromOpaque(start).release()
            throw SystemError(errno: code, operation: "start thread '\(name)'")
        }
        return SystemThread(handle: handle)
    }

    /// Makes the calling thread a background one: a nice value 10 above the process's for the CPU (Linux keeps one
    /// per thread), and the idle class for its disk requests. A backup runs like this, so that requests and
    /// commits keep the cores and the disk while it copies. Best effort: returns whether both were applied.
    @discardableResult
    public static func lowerCurrentPriority() -> Bool {
        // On Linux, `PRIO_PROCESS` with id 0 means the calling thread alone.
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        let niceApplied = setpriority(which, 0, getpriority(which, 0) + 10) == 0
        return niceApplied && CLinux_setIdleDiskPriority() == 0
    }

    /// Waits for the thread to finish. Joining twice is a bug and stops the process.
    public func join() {
        let (exchanged, _) = isJoinedOrDetached.compareExchange(
            expected: false, desired: true, ordering: .acquiringAndReleasing)
        precondition(exchanged, "thread joined twice")
        let code = pthread_join(handle, nil)
        precondition(code == 0, "pthread_join failed: \(SystemError.text(forErrno: code))")
    }

    deinit {
        if !isJoinedOrDetached.load(ordering: .acquiring) {
            pthread_detach(handle)
        }
    }
}

/// What a new thread needs: its name and its closure.
private final class ThreadStart {
    let name: String
    let body: @Sendable () -> Void

    init(name: String, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }

    func run() {
        // Linux keeps 15 bytes of a thread name; cut at a character boundary.
        var length = 0
        for scalar in name.unicodeScalars {
            let width = UTF8.width(scalar)
            if length + width > 15 { break }
            length += width
        }
        var bytes = Array(name.utf8.prefix(length))
        bytes.append(0)
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                _ = pthread_setname_np(pthread_self(), $0.baseAddress!)
            }
        }
        body()
    }
}
