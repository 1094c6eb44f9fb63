/// Live changes: a map set while playing takes over at the input time where it is applied,
/// continuing the output time of the map in use (docs/mathematics.md#live-changes).
extension TimeMap {
    /// The pieces of this map as a spliced curve (one piece when it is not spliced yet).
    var splicePieces: [SplicePiece] {
        if let spliced = curve as? SplicedCurve { return spliced.pieces }
        return [SplicePiece(start: 0, outputStart: 0, map: self)]
    }

    /// This map up to input time `tc` (seconds), then `next` shifted to continue it:
    /// `T(t) = self(t)` for `t < tc` and `self(tc) + next(t) - next(tc)` from `tc` on. Pieces of
    /// this map that started at or after `tc` are replaced. Throws when the result is not a
    /// valid map (for example output beyond the range of doubles).
    public func splicing(_ next: TimeMap, at tc: Double) throws(TimeMapError) -> TimeMap {
        if !(tc > 0) { return next }  // nothing was played through this map yet
        return try splicing(curve: next.curve, unit: next.unit, at: tc)
    }

    /// `splicing(_:at:)` with the next map given as a curve in seconds (a sampled controller).
    public func splicing(_ next: SampledScaleCurve, at tc: Double) throws(TimeMapError) -> TimeMap {
        if !(tc > 0) { return try TimeMap(curve: next, mediaDuration: mediaDuration) }
        return try splicing(curve: next, unit: 1, at: tc)
    }

    /// The splice of `curve` measured in `unit` seconds at `tc > 0`.
    private func splicing(curve next: any TimeScaleCurve, unit nextUnit: Double, at tc: Double) throws(TimeMapError) -> TimeMap {
        guard tc.isFinite else {
            throw .invalidParameter(name: "change time", value: tc, reason: "it must be a finite time")
        }
        var pieces = splicePieces.filter { $0.start < tc }
        pieces.append(SplicePiece(start: tc, outputStart: warp(tc), curve: next, unit: nextUnit))
        return try TimeMap(curve: SplicedCurve(pieces: pieces), mediaDuration: mediaDuration)
    }

    /// The controlled piece in effect at the end of this map, if its last piece is one that
    /// started at `start`: extending it keeps the same piece.
    public func lastSampledPiece() -> (start: Double, curve: SampledScaleCurve)? {
        // (Asked at every buffer while a controller drives the map: no array of pieces made.)
        if let spliced = curve as? SplicedCurve {
            guard let last = spliced.pieces.last, let sampled = last.curve as? SampledScaleCurve else { return nil }
            return (last.start, sampled)
        }
        guard let sampled = curve as? SampledScaleCurve else { return nil }
        return (0, sampled)
    }
}
