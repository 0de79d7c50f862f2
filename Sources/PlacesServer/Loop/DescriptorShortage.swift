import PlacesLocking
import PlacesSystem

/// What the event loops share about running out of file descriptors while accepting (`EMFILE`, `ENFILE`), so
/// that the log says it a line at a time, not once an attempt: at most one line about it every
/// `logIntervalNanoseconds`, each with the counts since the one before, and for each shortage it reported, a
/// line when accepting works again.
///
/// Each loop stops watching the listening socket while it is short (it would wake at once, again and again) and
/// tries again when one of its connections closes or `retryNanoseconds` have passed; meanwhile new clients wait
/// in the socket's backlog and the open connections are served as usual.
final class DescriptorShortage: Sendable {
    /// How long a loop waits before trying to accept again when nothing of its own freed a descriptor.
    static let retryNanoseconds: UInt64 = 100_000_000
    /// The least time between a line about a shortage and the next one that is not its end.
    static let logIntervalNanoseconds: UInt64 = 5_000_000_000

    private struct State {
        /// When the shortage under way began; nil while accepting works.
        var since: UInt64?
        /// Whether a line said that it began (then one says that it ended).
        var isReported = false
        /// Its failed attempts, in all and since the last line about it.
        var failures = 0
        var failuresSinceLine = 0
        /// When the last line about a shortage was logged.
        var loggedAt: UInt64?
        /// Shortages that began and ended between two lines, and their failed attempts.
        var unreported = (shortages: 0, failures: 0)
    }

    private let state = Locked(State())

    /// Creates a record of no shortage.
    init() {}

    /// Records a failed accept at `now` (monotonic nanoseconds); returns what to log, when a line is due.
    ///
    /// `openConnections` and `openFileLimit` go into the line, to say where the descriptors went.
    func recordFailure(_ error: SystemError, now: UInt64, openConnections: Int, openFileLimit: UInt64?) -> String? {
        state.withLock { state in
            let since = state.since ?? now
            state.since = since
            state.failures += 1
            state.failuresSinceLine += 1
            let isDue = state.loggedAt.map { now - $0 >= Self.logIntervalNanoseconds } ?? true
            guard isDue else { return nil }
            state.loggedAt = now
            defer { state.failuresSinceLine = 0 }
            let open = "\(openConnections) connections open"
            guard !state.isReported else {
                return "Still out of file descriptors after \(LogDuration.seconds(now - since, decimals: 1)): "
                    + "\(state.failuresSinceLine) more attempts to accept failed (\(error.reason)); \(open)."
            }
            state.isReported = true
            let limit = openFileLimit.map { ", an open file limit of \($0)" } ?? ""
            var line =
                "\(error) (\(open)\(limit)): not accepting connections until a descriptor is free; "
                + "new clients wait in the socket's backlog."
            if state.unreported.shortages > 0 {
                line +=
                    " Since the last line, \(state.unreported.shortages) shorter shortages came and went "
                    + "(\(state.unreported.failures) attempts failed)."
                state.unreported = (0, 0)
            }
            return line
        }
    }

    /// Records an accept that worked at `now`; returns what to log when it ends a shortage a line reported.
    func recordSuccess(now: UInt64) -> String? {
        state.withLock { state in
            guard let since = state.since else { return nil }
            let (isReported, failures) = (state.isReported, state.failures)
            state.since = nil
            state.isReported = false
            state.failures = 0
            state.failuresSinceLine = 0
            guard isReported else {
                state.unreported.shortages += 1
                state.unreported.failures += failures
                return nil
            }
            state.loggedAt = now
            return
                "Accepting connections again after \(LogDuration.seconds(now - since, decimals: 1)) out of file descriptors "
                + "(\(failures) attempts to accept failed)."
        }
    }
}
