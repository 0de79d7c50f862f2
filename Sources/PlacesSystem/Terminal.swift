import Glibc

/// Facts about terminals, for choosing between tables and plain output.
public enum Terminal {
    /// Whether `fd` is a terminal.
    public static func isTerminal(_ fd: Int32) -> Bool {
        isatty(fd) == 1
    }

    /// The width of the terminal at `fd` in columns (`TIOCGWINSZ`); nil when it is not a terminal or reports 0.
    public static func columns(_ fd: Int32) -> Int? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// The height of the terminal at `fd` in rows (`TIOCGWINSZ`); nil when it is not a terminal or reports 0.
    public static func rows(_ fd: Int32) -> Int? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
        return Int(size.ws_row)
    }
}
