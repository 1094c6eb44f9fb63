/// One stretch of a flow shutter: part of the way between two frames of the run, or (past the
/// run's last frame) that frame held.
struct ShutterPiece: Equatable, Sendable {
    /// The earlier frame's index in the run.
    var first: Int
    /// The later frame's index, nil when `first` is held.
    var second: Int?
    /// Where the stretch starts between the two frames, 0 ... 1.
    var t0: Double
    /// Where it ends, `t0` ... 1.
    var t1: Double
    /// Its share of the exposure (the shares add up to 1).
    var weight: Double
}

/// Where a speed-up's output frame in `frame-mode=flow` takes its light from: the exposure
/// `[a, e)` in input stream time, `e = a + (b − a) · shutter-angle / 360` for the slot's input
/// span `[a, b)`, cut at the run's frames into stretches between two frames, each weighted by its
/// length. Pure arithmetic on input stream times.
enum FlowShutterPlan {
    /// The end of the exposure of a slot spanning `[a, b)` with the shutter open `angle` degrees.
    static func exposureEnd(slotStart a: UInt64, slotEnd b: UInt64, angle: Double) -> UInt64 {
        guard b > a, angle > 0 else { return a }
        let open = Double(b - a) * min(angle, 360) / 360
        return a &+ min(b - a, UInt64(open.rounded()))
    }

    /// The stretches of the exposure `[a, e)` over `frames` (sorted by start); empty when the
    /// exposure is empty. Before the run's first frame there is no light (the shares are of the
    /// part the run covers).
    static func pieces(exposureStart a: UInt64, exposureEnd e: UInt64, frames: [FrameSpan]) -> [ShutterPiece] {
        guard e > a, !frames.isEmpty else { return [] }
        var pieces: [ShutterPiece] = []
        let firstIndex = frames.lastIndex(where: { $0.start <= a }) ?? 0
        for j in firstIndex..<frames.count {
            let start = frames[j].start
            if start >= e { break }
            let lo = max(a, start)
            guard j + 1 < frames.count else {
                pieces.append(ShutterPiece(first: j, second: nil, t0: 0, t1: 0, weight: Double(e - lo)))
                break
            }
            let next = frames[j + 1].start
            let hi = min(e, next)
            guard next > start, hi > lo else { continue }
            let length = Double(next - start)
            pieces.append(ShutterPiece(first: j, second: j + 1, t0: Double(lo - start) / length,
                                       t1: Double(hi - start) / length, weight: Double(hi - lo)))
        }
        let total = pieces.reduce(0) { $0 + $1.weight }
        guard total > 0 else { return [] }
        return pieces.map { var p = $0; p.weight /= total; return p }
    }
}
