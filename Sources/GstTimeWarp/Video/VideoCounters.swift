import Synchronization

/// The read-only counters of videotimewarp (`in`, `out`, `drop`, `duplicate`, `flow-fallbacks`), safe to read
/// from any thread while the streaming thread updates them.
final class VideoCounters: Sendable {
    /// Names of the counters.
    enum Name { case input, output, dropped, duplicated, flowFallbacks }

    private let input = Atomic<UInt64>(0)
    private let output = Atomic<UInt64>(0)
    private let dropped = Atomic<UInt64>(0)
    private let duplicated = Atomic<UInt64>(0)
    private let flowFallbacks = Atomic<UInt64>(0)

    /// Adds one to a counter. One writer at a time: the streaming thread, under the element's
    /// state lock (and `reset` while streaming is stopped), so a plain load and store do, with no
    /// locked read-modify-write per buffer; readers on other threads see whole values.
    func bump(_ name: Name) {
        switch name {
        case .input: Self.increment(input)
        case .output: Self.increment(output)
        case .dropped: Self.increment(dropped)
        case .duplicated: Self.increment(duplicated)
        case .flowFallbacks: Self.increment(flowFallbacks)
        }
    }

    /// `counter += 1` by its only writer.
    @inline(__always)
    private static func increment(_ counter: borrowing Atomic<UInt64>) {
        counter.store(counter.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
    }

    /// The current value of a counter.
    func value(_ name: Name) -> UInt64 {
        switch name {
        case .input: return input.load(ordering: .relaxed)
        case .output: return output.load(ordering: .relaxed)
        case .dropped: return dropped.load(ordering: .relaxed)
        case .duplicated: return duplicated.load(ordering: .relaxed)
        case .flowFallbacks: return flowFallbacks.load(ordering: .relaxed)
        }
    }

    /// Zeroes all counters (when the element goes back to READY).
    func reset() {
        input.store(0, ordering: .relaxed)
        output.store(0, ordering: .relaxed)
        dropped.store(0, ordering: .relaxed)
        duplicated.store(0, ordering: .relaxed)
        flowFallbacks.store(0, ordering: .relaxed)
    }
}
