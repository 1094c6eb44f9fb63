/// The map actually applied by an element whose time-map settings changed while it played: the
/// original map up to the first change, then each new map from the input time where it took
/// over, shifted so that output time never jumps (docs/mathematics.md#live-changes).
///
/// A curve in seconds: `T(t) = piece.outputStart + T_piece(t) - T_piece(piece.start)` for the
/// last piece with `piece.start <= t`. Each piece's map is valid on its own, so the whole is
/// increasing and continuous; `TimeMap` validates it again and provides the inverse.
public struct SplicedCurve: TimeScaleCurve {
    /// The pieces in order of `start`; the first starts at 0 with output 0.
    public let pieces: [SplicePiece]

    /// A curve made of `pieces` (non-empty, ordered by `start`, the first at 0).
    init(pieces: [SplicePiece]) {
        self.pieces = pieces
        let last = pieces.last
        validationRange = 0...max(last?.start ?? 0, last?.curveEnd ?? 0, 0)
    }

    public var domain: CurveDomain { .seconds }

    /// Up to the last piece's non-linear part; past it the last piece continues linearly.
    public let validationRange: ClosedRange<Double>

    /// The piece in effect at input time `t` (the first for `t` before 0 or NaN).
    func piece(at t: Double) -> SplicePiece? {
        // pieces[i].start <= t < pieces[i+1].start
        var lo = 0
        var hi = pieces.count
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2
            if pieces[mid].start <= t { lo = mid } else { hi = mid }
        }
        return pieces.indices.contains(lo) ? pieces[lo] : nil
    }

    public func scale(at x: Double) -> Double {
        piece(at: x)?.scale(at: x) ?? .nan
    }

    public func integral(to x: Double) -> Double {
        piece(at: x)?.warp(x) ?? .nan
    }
}

extension SplicedCurve: CustomStringConvertible {
    public var description: String { "the map applied so far (\(pieces.count) pieces)" }
}
