import Glibc

/// A value that threads share under a POSIX mutex.
///
/// Used instead of `Synchronization.Mutex`, whose lock is a bare futex: ThreadSanitizer does not see it, so every
/// access it protects looked like a data race, and the suite could not run under the sanitizer without reports.
/// A glibc mutex costs the same when uncontended (one atomic exchange each way) and is what TSan intercepts.
public final class Locked<Value: ~Copyable>: @unchecked Sendable {
    // @unchecked: `value` is read and written only between `pthread_mutex_lock` and `pthread_mutex_unlock` of
    // `mutex`, and `withLock` takes and returns values as `sending`, like `Mutex`, so nothing leaks out unguarded.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let value: UnsafeMutablePointer<Value>

    /// Creates the lock holding `initialValue`.
    public init(_ initialValue: consuming sending Value) {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        value = .allocate(capacity: 1)
        value.initialize(to: initialValue)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock; `body` must not call `withLock` on the same lock.
    public func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
