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

    /// This map with its last piece, a sampled curve, replaced by `next`: the same curve with
    /// knots appended (`SampledScaleCurve.append`). The same map as `splicing(next, at:)` at the
    /// piece's start, but only the new knots are validated (docs/mathematics.md#live-changes):
    /// the grid of the part validated before is kept, and the whole map is validated again only
    /// when the new part has grown past an eighth of the grid (so a controller read on at each
    /// buffer costs a few knots per buffer, not the whole map). Whenever a check fails, the full
    /// validation runs and throws its error.
    public func extendingLastSampledPiece(with next: SampledScaleCurve) throws(TimeMapError) -> TimeMap {
        guard let (start, old) = lastSampledPiece() else { return self }
        let kept = old.knotCount - 2  // the last knot of `old` may have been merged into a new one
        let (keptTime, keptValue) = kept >= 0 ? old.knot(kept) : (0, 0)
        let newCurve: any TimeScaleCurve
        if let spliced = curve as? SplicedCurve, let last = spliced.pieces.last {
            var pieces = spliced.pieces
            pieces[pieces.count - 1] = SplicePiece(start: last.start, outputStart: last.outputStart, curve: next, unit: 1)
            newCurve = SplicedCurve(pieces: pieces)
        } else {
            newCurve = next
        }
        let newEnd = newCurve.validationRange.upperBound
        let endScale = newCurve.scale(at: newEnd)
        let endValue = newCurve.integral(to: newEnd)
        let cheap = unit == 1 && curve.domain == .seconds && newEnd >= end
            && (kept < 0 || next.hasKnot(kept, time: keptTime, value: keptValue))
            && next.knotsAreValid(from: max(kept, 0))
            && endValue.isFinite && endScale.isFinite && endScale >= TimeMap.smallestScale
            && (newEnd == 0 || endValue / newEnd >= TimeMap.smallestScale)
            && newEnd - tableEnd <= tableEnd / 8
        guard cheap else {
            if start > 0 { return try splicing(next, at: start) }
            return try TimeMap(curve: newCurve, mediaDuration: mediaDuration)
        }
        return TimeMap(curve: newCurve, mediaDuration: mediaDuration, unit: unit, keeping: self, end: newEnd,
                       endScale: endScale)
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
