/// A remap curve that only moves forward from input 0 (`RemapCurve.isForward`) as the forward
/// map it equals: `T = p⁻¹`, in seconds, so `"0s:0s, 10s:5s"` is `T(t) = 2t`, the map of
/// `function=constant factor=2`. Lines invert in closed form, smooth keys' cubics by bisection.
/// Past the last key the map continues with the last piece's slope.
public struct ForwardRemapCurve: TimeScaleCurve, CustomStringConvertible {
    /// The forward remap.
    public let remap: RemapCurve

    /// The forward map of `remap`, nil when it does not only move forward.
    public init?(_ remap: RemapCurve) {
        guard remap.isForward else { return nil }
        self.remap = remap
    }

    /// Seconds: the map needs no duration.
    public var domain: CurveDomain { .seconds }
    /// The input the keys cover.
    public var validationRange: ClosedRange<Double> { 0...remap.finalInputTime }

    /// `s(t) = 1 / p'(p⁻¹(t))`.
    public func scale(at t: Double) -> Double {
        let piece = remap.pieces[pieceIndex(showing: t)]
        let slope = piece.slope(at: piece.outputTime(showing: t))
        return slope > 0 ? 1 / slope : .infinity
    }

    /// `F(t) = p⁻¹(t)`; past the last key, linear with the last piece's slope.
    public func integral(to t: Double) -> Double {
        let last = remap.pieces[remap.pieces.count - 1]
        if t > last.t1 {
            let slope = last.slope(at: last.τ1)
            return last.τ1 + (t - last.t1) / slope
        }
        guard t > 0 else { return t.isNaN ? 0 : t / remap.pieces[0].slope(at: 0) }
        return remap.pieces[pieceIndex(showing: t)].outputTime(showing: t)
    }

    /// The remap keys, for messages.
    public var description: String { "function=remap (forward)" }

    /// The piece whose input range holds `t` (input increases piece by piece).
    private func pieceIndex(showing t: Double) -> Int {
        let pieces = remap.pieces
        var lo = 0, hi = pieces.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if pieces[mid].t0 <= t { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}
