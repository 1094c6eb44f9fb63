/// A time-scale curve through keyframes, integrated piece by piece in closed form
/// (docs/mathematics.md#keyframes).
///
/// Built by `KeyframeSpec.makeCurve(mediaDuration:)`. Between keys the scale follows each key's
/// `KeyframeEase`; before the first key and after the last the scale is the first/last key's
/// value, so `F` continues linearly. `F` at every key is precomputed, so `integral(to:)` costs a
/// binary search over the keys plus one closed-form polynomial.
public struct KeyframeCurve: TimeScaleCurve {
    /// `.seconds` when all positions were written in seconds, otherwise `.normalized`.
    public let domain: CurveDomain
    /// Key positions in the curve's domain (strictly ascending, first 0).
    public let positions: [Double]
    /// Scale values at the keys.
    public let values: [Double]
    /// Pieces between consecutive keys.
    private let segments: [KeyframeSegment]
    /// `F` at each key.
    private let cumulative: [Double]
    /// True when every value is exactly 1 (then `F(x) = x` exactly).
    public let isIdentity: Bool

    /// Builds the pieces and the cumulative integrals. `positions` must be strictly ascending
    /// from 0 with at least two keys, values finite (the parser guarantees both).
    init(positions: [Double], values: [Double], eases: [KeyframeEase], domain: CurveDomain) {
        self.positions = positions
        self.values = values
        self.domain = domain
        let slopes = fritschCarlsonSlopes(x: positions, y: values)
        var segments: [KeyframeSegment] = []
        var cumulative: [Double] = [0]
        segments.reserveCapacity(positions.count - 1)
        cumulative.reserveCapacity(positions.count)
        for i in 1..<positions.count {
            let seg = KeyframeSegment(x0: positions[i - 1], x1: positions[i], a: values[i - 1],
                                      b: values[i], ease: eases[i], m0: slopes[i - 1],
                                      m1: slopes[i])
            segments.append(seg)
            cumulative.append(cumulative[i - 1] + seg.integral(1))
        }
        self.segments = segments
        self.cumulative = cumulative
        self.isIdentity = values.allSatisfy { $0 == 1 }
    }

    /// `0...1` for normalized curves; `0...lastKey` for curves in seconds.
    public var validationRange: ClosedRange<Double> {
        domain == .normalized ? 0...1 : 0...positions[positions.count - 1]
    }

    /// Index of the piece containing `x` (for `positions[0] <= x < positions.last`).
    private func segmentIndex(_ x: Double) -> Int {
        var lo = 0, hi = segments.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if positions[mid] <= x { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// `s(x)`; the first key's value before it, the last key's value from the last key on.
    public func scale(at x: Double) -> Double {
        if isIdentity { return 1 }
        guard x >= positions[0] else { return values[0] }
        guard x < positions[positions.count - 1] else { return values[values.count - 1] }
        let seg = segments[segmentIndex(x)]
        return seg.value(min(max((x - seg.x0) / seg.h, 0), 1))
    }

    /// `F(x) = ∫₀ˣ s`, exact closed form per piece (linear before the first/after the last key).
    public func integral(to x: Double) -> Double {
        if isIdentity { return x }
        guard x > positions[0] else { return values[0] * (x - positions[0]) }
        let last = positions.count - 1
        guard x < positions[last] else {
            return cumulative[last] + values[last] * (x - positions[last])
        }
        let k = segmentIndex(x)
        let seg = segments[k]
        return cumulative[k] + seg.integral(min(max((x - seg.x0) / seg.h, 0), 1))
    }
}
