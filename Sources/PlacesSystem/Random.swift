import Glibc

/// Random bytes from the kernel's random source.
public enum Random {
    /// The most `getentropy(3)` hands out in one call.
    static let maximumChunk = 256

    /// `count` bytes from `getrandom(2)` with no flags: it blocks only until the kernel's pool is first
    /// initialised, then never.
    ///
    /// Goes through `getentropy(3)`, glibc's wrapper of the `getrandom` system call, which retries `EINTR` and
    /// short reads itself: the Glibc module leaves out `<sys/random.h>`, and `syscall(2)` is variadic, which
    /// Swift cannot call.
    public static func bytes(count: Int) throws(SystemError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var start = 0
        while start < count {
            let length = min(count - start, maximumChunk)
            let code = bytes.withUnsafeMutableBytes { buffer in
                getentropy(buffer.baseAddress! + start, length) == 0 ? 0 : errno
            }
            if code == EINTR {
                continue
            }
            if code != 0 {
                throw SystemError(errno: code, operation: "read \(count) random bytes with getrandom")
            }
            start += length
        }
        return bytes
    }
}
