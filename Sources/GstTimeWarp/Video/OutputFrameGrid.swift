import GStreamerBinding

/// The fixed-rate output grid: slot `k` sits at `origin + k * denominator / numerator` seconds,
/// computed from the index in 128-bit-safe integer math (never by accumulating durations).
public struct OutputFrameGrid: Sendable, Equatable {
    /// Grid origin (ns): the output segment start.
    let origin: UInt64
    /// Frame rate numerator (> 0).
    let numerator: UInt64
    /// Frame rate denominator (> 0).
    let denominator: UInt64

    /// A grid at `numerator/denominator` frames per second; `nil` for 0/1 or invalid rates.
    init?(origin: UInt64, numerator: Int32, denominator: Int32) {
        guard numerator > 0, denominator > 0 else { return nil }
        self.origin = origin
        self.numerator = UInt64(numerator)
        self.denominator = UInt64(denominator)
    }

    /// Time of slot `k` (ns), `nil` on overflow.
    func time(ofSlot k: UInt64) -> UInt64? {
        guard let offset = ClockTime.scale(k, denominator &* ClockTime.second, numerator) else { return nil }
        let (t, overflow) = origin.addingReportingOverflow(offset)
        return overflow || t == ClockTime.none ? nil : t
    }

    /// One frame period (ns), rounded down.
    var period: UInt64 { ClockTime.scale(1, denominator &* ClockTime.second, numerator) ?? 0 }

    /// The slot whose time is nearest to `t` (the later slot on a tie); 0 for `t <= origin`.
    func nearestSlot(to t: UInt64) -> UInt64 {
        guard t > origin,
              let below = ClockTime.scale(t - origin, numerator, denominator &* ClockTime.second),
              let tBelow = time(ofSlot: below) else { return 0 }
        guard let tAbove = time(ofSlot: below &+ 1) else { return below }
        return (t - tBelow) >= (tAbove - t) ? below &+ 1 : below
    }
}
