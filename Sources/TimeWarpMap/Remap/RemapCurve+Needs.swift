/// What the rest of a remap curve needs of its input: the history it must keep, where a seek must
/// start reading, and when an input interval is shown (for retention and subtitle cues).
extension RemapCurve {
    /// The longest stretch of input (s) the curve must keep to show it again: the largest
    /// `max(p up to τ) - min(p from τ on)` over `τ`. 0 for a curve that never goes back.
    /// Pieces are monotone, so the extremes sit at their ends.
    public var historyNeeded: Double {
        let ends = pieces.flatMap { [$0.t0, $0.t1] }
        var suffixMin = [Double](repeating: .infinity, count: ends.count + 1)
        for i in stride(from: ends.count - 1, through: 0, by: -1) { suffixMin[i] = min(ends[i], suffixMin[i + 1]) }
        var prefixMax = -Double.infinity, needed = 0.0
        for i in ends.indices {
            prefixMax = max(prefixMax, ends[i])
            needed = max(needed, prefixMax - suffixMin[i])
        }
        return needed
    }

    /// The earliest input time (s) the output from `τ` on shows: where an accurate seek to `τ`
    /// must start reading.
    public func earliestInput(from τ: Double) -> Double {
        let index = pieceIndex(at: τ)
        var least = min(pieces[index].value(at: τ), pieces[index].t1)
        for piece in pieces[(index + 1)...] { least = min(least, piece.t0, piece.t1) }
        return least
    }

    /// The output times at which the input in `a..<b` (s) is shown, in output order, adjacent
    /// spans joined: a subtitle cue's appearances, a frame's slots.
    public func outputSpans(showingInput a: Double, _ b: Double) -> [Range<Double>] {
        var spans: [Range<Double>] = []
        for piece in pieces {
            guard let span = piece.outputSpan(showingInput: a, b) else { continue }
            if let last = spans.last, last.upperBound >= span.lowerBound {
                spans[spans.count - 1] = last.lowerBound..<max(last.upperBound, span.upperBound)
            } else {
                spans.append(span)
            }
        }
        return spans
    }

    /// The last output time (s) at which the input in `a..<b` is shown, nil if never: until then
    /// a frame covering that input is kept.
    public func lastOutputTime(showingInput a: Double, _ b: Double) -> Double? {
        for piece in pieces.reversed() {
            if let span = piece.outputSpan(showingInput: a, b) { return span.upperBound }
        }
        return nil
    }

    /// The first output time (s) at which input `t` or later is shown, nil if never: until then
    /// a live source's input at `t` is not needed.
    public func firstOutputTime(reachingInput t: Double) -> Double? {
        for piece in pieces where max(piece.t0, piece.t1) >= t {
            if piece.t0 >= t { return piece.τ0 }
            return piece.outputTime(showing: t)
        }
        return keys.last.flatMap { $0.inputTime >= t ? $0.outputTime : nil }
    }

    /// The first output time (s) at which the curve shows input later than the output time
    /// itself (`p(τ) > τ`): input a live source cannot have sent yet. Nil when there is none.
    public func firstOutputAheadOfInput() -> Double? {
        for piece in pieces {
            if piece.t0 > piece.τ0 { return piece.τ0 }
            // p(τ) - τ on a monotone piece: check the end and, for cubics, a few points between.
            let samples = 16
            for k in 1...samples {
                let τ = piece.τ0 + piece.length * Double(k) / Double(samples)
                if piece.value(at: τ) > τ + 1e-9 { return τ }
            }
        }
        return nil
    }

    /// Checks the keys against the medium's duration `D` (s): no key may show input past it.
    public func validate(mediaDuration: Double) throws(CurveParseError) {
        for (i, key) in keys.enumerated() where key.inputTime > mediaDuration * (1 + 1e-9) + 1e-9 {
            throw CurveParseError("input time \(key.inputTime)s is past the end of the medium (\(mediaDuration)s)",
                                  column: key.column, keyframe: i + 1)
        }
    }
}

extension RemapCurve {
    /// The output times (s) where the picture freezes or jumps, so the sound stops: each hold (a
    /// span) and each cut (an instant).
    public var silentSpans: [ClosedRange<Double>] {
        var spans = pieces.filter { $0.direction == 0 }.map { $0.τ0...$0.τ1 }
        for i in 1..<keys.count where keys[i].outputTime == keys[i - 1].outputTime {
            spans.append(keys[i].outputTime...keys[i].outputTime)
        }
        return spans
    }
}
