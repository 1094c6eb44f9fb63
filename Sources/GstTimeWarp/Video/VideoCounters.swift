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

    /// Adds one to a counter.
    func bump(_ name: Name) {
        switch name {
        case .input: input.wrappingAdd(1, ordering: .relaxed)
        case .output: output.wrappingAdd(1, ordering: .relaxed)
        case .dropped: dropped.wrappingAdd(1, ordering: .relaxed)
        case .duplicated: duplicated.wrappingAdd(1, ordering: .relaxed)
        case .flowFallbacks: flowFallbacks.wrappingAdd(1, ordering: .relaxed)
        }
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
