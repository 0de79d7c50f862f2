import Dispatch
import Foundation
import Synchronization

/// Blocking client work on real threads (not Swift's small cooperative pool, which the tests already occupy).
final class Threads<T: Sendable>: Sendable {
    private let results: Mutex<[T?]>
    private let group = DispatchGroup()

    /// Starts `body(0..<count)` on `count` new threads.
    init(_ count: Int, _ body: @escaping @Sendable (Int) -> T) {
        results = Mutex(Array(repeating: nil, count: count))
        for index in 0..<count {
            group.enter()
            let thread = Thread { [self] in
                let value = body(index)
                results.withLock { $0[index] = value }
                group.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// Waits up to `timeout` seconds for every thread and returns their results in index order.
    func join(timeout: Double) throws -> [T] {
        guard group.wait(timeout: .now() + timeout) == .success else {
            throw TestFailure("client threads did not finish within \(timeout) s")
        }
        return results.withLock { $0.map { $0! } }
    }

    /// Runs `body(0..<count)` on `count` threads at once and returns their results in index order.
    static func run(_ count: Int, timeout: Double = 60, _ body: @escaping @Sendable (Int) -> T) throws -> [T] {
        try Threads(count, body).join(timeout: timeout)
    }
}

/// A counter shared between client threads and the test.
final class SharedCounter: Sendable {
    private let value = Atomic<Int>(0)

    /// Creates a counter at zero.
    init() {}

    /// Adds one.
    func increment() {
        value.add(1, ordering: .relaxed)
    }

    /// The current count.
    var count: Int { value.load(ordering: .relaxed) }
}
