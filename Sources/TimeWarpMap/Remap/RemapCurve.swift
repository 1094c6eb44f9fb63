/// A time-remap curve `p(τ)`: the input time (s, from the medium's first frame) shown and heard
/// at output time `τ` (s). Its slope is the speed: 1 normal, 0 a freeze, -1 backwards. Built from
/// keys `"τ:t[:ease], ..."` (`RemapCurve.parse`); the output lasts until the last key's `τ`.
///
/// Pieces between keys are monotone (constant, straight, or a monotone cubic for `smooth` keys),
/// so every question about the curve is answered piece by piece in closed form or by a bounded
/// bisection. Every member is total: any `Double` gives a value, never a trap.
public struct RemapCurve: Sendable, Equatable {
    /// The keys as given (validated: `τ` from 0, non-decreasing, at most two keys per `τ`).
    public let keys: [RemapKey]
    /// The pieces, in output order; at least one.
    let pieces: [RemapPiece]

    /// The output duration `τ_end` (s): the last key's `τ`.
    public var outputDuration: Double { keys[keys.count - 1].outputTime }

    /// The input time shown at the end (the last key's `t`).
    public var finalInputTime: Double { keys[keys.count - 1].inputTime }

    /// The latest input time the curve shows (s).
    public var latestInputTime: Double { keys.map(\.inputTime).max() ?? 0 }

    /// Builds the curve from validated keys (`RemapCurve.parse` checks them).
    init(validatedKeys keys: [RemapKey]) {
        self.keys = keys
        self.pieces = Self.makePieces(keys)
    }

    /// `p(τ)`: the input time shown at output time `τ` (clamped to `0...outputDuration`). At a
    /// cut, the input after it.
    public func inputTime(at τ: Double) -> Double {
        let piece = pieces[pieceIndex(at: τ)]
        return piece.value(at: τ)
    }

    /// `p'(τ)`: the speed at output time `τ` (0 outside the curve).
    public func speed(at τ: Double) -> Double {
        guard τ >= 0, τ < outputDuration else { return 0 }
        return pieces[pieceIndex(at: τ)].slope(at: τ)
    }

    /// `p(τ)` and `p'(τ)` with one lookup of the piece (what a per-sample renderer asks).
    public func inputTimeAndSpeed(at τ: Double) -> (time: Double, speed: Double) {
        let piece = pieces[pieceIndex(at: τ)]
        let inside = τ >= 0 && τ < outputDuration
        return (piece.value(at: τ), inside ? piece.slope(at: τ) : 0)
    }

    /// True when the curve only moves forward from input 0 (no hold, no cut, no rewind, no
    /// stop): then it is the forward map `T = p⁻¹` (`forwardCurve`).
    public var isForward: Bool {
        guard keys[0].inputTime == 0 else { return false }
        for piece in pieces {
            guard piece.direction == 1 else { return false }
            if case .hermite(let m0, let m1) = piece.shape, !(m0 > 0 && m1 > 0) { return false }
        }
        for i in 1..<keys.count where keys[i].outputTime == keys[i - 1].outputTime { return false }
        return true
    }

    /// The index of the piece that holds output time `τ` (the last for `τ >= outputDuration`,
    /// the first for `τ <= 0` and NaN).
    func pieceIndex(at τ: Double) -> Int {
        guard τ > pieces[0].τ0 else { return 0 }
        var lo = 0, hi = pieces.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if pieces[mid].τ0 <= τ { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The pieces between consecutive keys with `τ0 < τ1` (a repeated `τ` is a cut: no piece).
    private static func makePieces(_ keys: [RemapKey]) -> [RemapPiece] {
        var pieces: [RemapPiece] = []
        for i in 1..<keys.count {
            let a = keys[i - 1], b = keys[i]
            guard b.outputTime > a.outputTime else { continue }
            if a.ease == .hold || a.inputTime == b.inputTime {
                pieces.append(RemapPiece(τ0: a.outputTime, τ1: b.outputTime, t0: a.inputTime, t1: a.ease == .hold ? a.inputTime : b.inputTime, shape: .constant))
                continue
            }
            let secant = (b.inputTime - a.inputTime) / (b.outputTime - a.outputTime)
            let m0 = a.ease == .smooth ? tangent(keys, at: i - 1) ?? secant : secant
            let m1 = b.ease == .smooth ? tangent(keys, at: i) ?? secant : secant
            let shape: RemapPiece.Shape = (m0 == secant && m1 == secant) ? .linear : .hermite(m0: m0, m1: m1)
            pieces.append(RemapPiece(τ0: a.outputTime, τ1: b.outputTime, t0: a.inputTime, t1: b.inputTime, shape: shape))
        }
        return pieces
    }

    /// The shared slope through a `smooth` key with moving pieces on both sides: 0 where the
    /// curve turns round or stops, else the harmonic mean of the two secants (at most twice the
    /// smaller, so both cubics stay monotone). Nil at an end, a cut or a hold.
    private static func tangent(_ keys: [RemapKey], at i: Int) -> Double? {
        guard i > 0, i + 1 < keys.count else { return nil }
        let a = keys[i - 1], k = keys[i], b = keys[i + 1]
        guard k.outputTime > a.outputTime, b.outputTime > k.outputTime, a.ease != .hold, k.ease != .hold else {
            return nil
        }
        let left = (k.inputTime - a.inputTime) / (k.outputTime - a.outputTime)
        let right = (b.inputTime - k.inputTime) / (b.outputTime - k.outputTime)
        guard left * right > 0 else { return 0 }
        return 2 * left * right / (left + right)
    }
}
