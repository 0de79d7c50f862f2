import Glibc

/// Paces a background job that works in steps (a backup's copy) so that it gives way to the rest of the process
/// while that is busy, and runs flat out while it is idle.
///
/// After each step, `yieldIfBusy()` compares the CPU time the whole process used since the last step with the
/// job's own thread's: when the other threads used more than `busyShare` of a core meanwhile, the daemon is
/// serving, and the job sleeps long enough that it works only `busyDuty` of the time (nine times as long as its
/// step took), so it takes about ten times as long as it would; `isBusy` tells the job, which can then take
/// smaller steps. A lower nice value alone does not do this: on a machine with few cores the copy takes a whole
/// core from the requests whenever it runs, and its reads and writes go through the same memory, caches and disk
/// as theirs; a thread that sleeps between steps is the only way to leave those to them.
public struct BackgroundPacing: Sendable {
    /// The share of one core the rest of the process must use during a step for the job to yield.
    public static let busyShare = 0.25
    /// The share of the wall time the job works while the rest of the process is busy.
    public static let busyDuty = 0.1

    private var stepStarted: (wall: UInt64, process: UInt64, thread: UInt64)
    /// How long the job slept, in all, to give way.
    public private(set) var yieldedNanoseconds: UInt64 = 0
    /// Whether the rest of the process was busy during the last step (the job slept after it).
    public private(set) var isBusy = false

    /// Starts timing the first step.
    public init() {
        stepStarted = Self.now()
    }

    /// Ends a step: when the rest of the process was busy meanwhile, sleeps so that the step took `busyDuty` of
    /// the time; then starts timing the next.
    public mutating func yieldIfBusy() {
        let now = Self.now()
        let wall = now.wall &- stepStarted.wall
        // Signed: the two clocks are read a moment apart, so with the other threads idle this can come out a few
        // nanoseconds below zero, which unsigned would make the largest of numbers and a busy daemon.
        let others = Int64(bitPattern: (now.process &- stepStarted.process) &- (now.thread &- stepStarted.thread))
        if wall > 0, Double(others) > Self.busyShare * Double(wall) {
            let sleep = UInt64(Double(wall) * (1 - Self.busyDuty) / Self.busyDuty)
            var pause = timespec(tv_sec: Int(sleep / 1_000_000_000), tv_nsec: Int(sleep % 1_000_000_000))
            var left = timespec()
            while nanosleep(&pause, &left) != 0 && errno == EINTR { pause = left }
            yieldedNanoseconds &+= sleep
            isBusy = true
            stepStarted = Self.now()
        } else {
            isBusy = false
            stepStarted = now
        }
    }

    private static func now() -> (wall: UInt64, process: UInt64, thread: UInt64) {
        (
            Clock.monotonicNanoseconds(), cpuNanoseconds(CLOCK_PROCESS_CPUTIME_ID),
            cpuNanoseconds(CLOCK_THREAD_CPUTIME_ID)
        )
    }

    private static func cpuNanoseconds(_ clock: clockid_t) -> UInt64 {
        var time = timespec()
        clock_gettime(clock, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
