/// An input frame's interval in input stream time (ns): `[start, end)`.
struct FrameSpan: Sendable, Equatable {
    /// Input stream time of the frame.
    var start: UInt64
    /// `start` + its duration.
    var end: UInt64

    /// The frame's duration (0 if unknown).
    var period: UInt64 { end > start ? end - start : 0 }
}

/// What one output slot shows in `frame-mode=blend`.
enum SlotPlan: Equatable {
    /// The frames that decide the slot have not all arrived.
    case notReady
    /// Frame `index` of the run, pushed as it is.
    case frame(Int)
    /// The weighted mix of frames of the run (`weights` add up to 1).
    case mix(indices: [Int], weights: [Double])
}

/// Decides what each output slot of `frame-mode=blend` shows, from the slot's input interval
/// `[a, b) = [T⁻¹(τ_k), T⁻¹(τ_k + Δ))` and the frames of the current run (one run: no DISCONT,
/// gap, flush or caps change between its frames). Pure arithmetic on input stream times.
enum BlendPlanner {
    /// Slack (ns) when comparing a slot's span with a frame period: rounding of `T⁻¹`.
    static let tolerance: UInt64 = 1_000

    /// The plan of the slot `[a, b)` over `frames` (sorted by start). `closed`: no further
    /// frame of this run will come (end of stream, DISCONT, gap).
    ///
    /// - Slowing down or normal speed (`b − a` at most the period of the frame at `a`): the
    ///   frames `i`, `i+1` around `a`, the later weighted by `(a − start_i) / (start_{i+1} − start_i)`.
    /// - Speeding up: each frame weighted by the overlap of `[start, end)` with `[a, b)` (a
    ///   shutter); when the slot spans more than `maxFrames` periods, `maxFrames` evenly spaced
    ///   instants of `[a, b)` each pick the frame shown at it, with equal weight.
    static func plan(slotStart a: UInt64, slotEnd b: UInt64, frames: [FrameSpan], closed: Bool,
                     maxFrames: Int) -> SlotPlan {
        guard let last = frames.last else { return .notReady }
        // Before the run's first frame, that frame stands in for the one at `a`.
        let before = frames.lastIndex(where: { $0.start <= a })
        let i = before ?? 0
        let period = frames[i].period
        let span = b > a ? b - a : 0
        if period == 0 || span <= period &+ tolerance {
            guard before != nil else { return .frame(0) }
            guard i + 1 < frames.count else { return closed ? .frame(i) : .notReady }
            let s0 = frames[i].start, s1 = frames[i + 1].start
            let later = s1 > s0 ? Double(a - s0) / Double(s1 - s0) : 0
            return .mix(indices: [i, i + 1], weights: [1 - later, later])
        }
        guard closed || last.start >= b else { return .notReady }
        if isSampled(span: span, period: period, maxFrames: maxFrames) {
            var weights: [Int: Double] = [:]
            let m = max(1, maxFrames)
            for k in 0..<m {
                let t = sampleInstant(k, of: m, slotStart: a, span: span)
                let j = frames.lastIndex(where: { $0.start <= t }) ?? i
                weights[j, default: 0] += 1 / Double(m)
            }
            let indices = weights.keys.sorted()
            return indices.count == 1 ? .frame(indices[0]) : .mix(indices: indices, weights: indices.map { weights[$0] ?? 0 })
        }
        var indices: [Int] = [], overlaps: [Double] = []
        for (j, f) in frames.enumerated() where f.start < b && f.end > a {
            indices.append(j)
            overlaps.append(Double(min(f.end, b) - max(f.start, a)))
        }
        let total = overlaps.reduce(0, +)
        guard total > 0 else { return .frame(i) }
        if indices.count == 1 { return .frame(indices[0]) }
        return .mix(indices: indices, weights: overlaps.map { $0 / total })
    }

    /// Whether a slot spanning `span` is averaged from evenly spaced instants rather than from
    /// every frame: it spans more than `maxFrames` frame periods.
    static func isSampled(span: UInt64, period: UInt64, maxFrames: Int) -> Bool {
        let (limit, overflow) = period.multipliedReportingOverflow(by: UInt64(max(1, maxFrames)))
        return !overflow && period > 0 && span > limit
    }

    /// Instant `k` of `m` evenly spaced ones in `[a, a + span)`: the middle of its `m`-th part.
    static func sampleInstant(_ k: Int, of m: Int, slotStart a: UInt64, span: UInt64) -> UInt64 {
        a &+ UInt64((Double(k) + 0.5) * Double(span) / Double(m))
    }

    /// Whether a frame arriving while slot `[a, b)` is pending must be kept: always, unless the
    /// slot is sampled (it spans more than `maxFrames` periods) and the frame lies inside it
    /// without holding any of its sampling instants. This bounds the frames held to about
    /// `maxFrames` plus the two at the slot's edges.
    static func keeps(_ frame: FrameSpan, slotStart a: UInt64, slotEnd b: UInt64, maxFrames: Int) -> Bool {
        let span = b > a ? b - a : 0
        guard isSampled(span: span, period: frame.period, maxFrames: maxFrames),
              frame.start >= a, frame.end <= b else { return true }
        let m = max(1, maxFrames)
        return (0..<m).contains { k in
            let t = sampleInstant(k, of: m, slotStart: a, span: span)
            return t >= frame.start && t < frame.end
        }
    }

    /// Integer weights in 1/`scale` for `weights` (which add up to 1), adding up to `scale`
    /// exactly (largest remainders get the units lost to rounding down; a weight that is not a
    /// number in 0...1 counts as 0 or 1).
    static func quantize(_ weights: [Double], scale: UInt32) -> [UInt32] {
        let scaled = weights.map { $0.isFinite ? min(max(0, $0), 1) * Double(scale) : 0 }
        var q = scaled.map { UInt32($0.rounded(.down)) }
        var missing = Int(scale) - q.reduce(0) { $0 + Int($1) }
        let order = scaled.indices.sorted { scaled[$0] - Double(q[$0]) > scaled[$1] - Double(q[$1]) }
        var k = 0
        while missing > 0, !order.isEmpty {
            q[order[k % order.count]] += 1
            missing -= 1
            k += 1
        }
        return q
    }
}
