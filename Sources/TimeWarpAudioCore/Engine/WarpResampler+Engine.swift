/// `WarpResampler` as an `AudioWarpEngine`: `append(_:)` and `render(into:)` are its direct
/// entry points (`WarpResampler+Direct.swift`); `framesReady(upTo:)` is `renderBound`, moving the
/// control points on when it is 0 (`renderNothing`), and after `finish()` the frames still due.
extension WarpResampler: AudioWarpEngine {
    /// The frames still certainly within the final count (`renderBound`; `limit` is not needed:
    /// rendering prepares nothing ahead).
    public mutating func framesReady(upTo limit: Int) -> Int {
        guard !isFinished else { return 0 }
        let due = max(0, outputLimit &- outputCount)
        guard due > 0 else {
            if isDraining {
                isFinished = true
            } else {
                advanceWithoutOutput()
            }
            return 0
        }
        return Int(clamping: due)
    }

    /// Starts the end of the stream: no more input; `render(into:)` renders the rest (what
    /// `drainStep(into:)` does).
    public mutating func finish() {
        beginDrain()
    }
}
