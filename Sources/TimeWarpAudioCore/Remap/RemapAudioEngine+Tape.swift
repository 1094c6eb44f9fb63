/// The tape mode: each output frame interpolated at `p(τ)` by the band-limited kernel.
extension RemapAudioEngine {
    /// Renders frames while the kernel's reach around `p(τ_j)` has arrived. The frames are summed
    /// in place at the end of the returned array (no allocation per frame).
    mutating func renderTape(final: Bool) -> [Float] {
        var out: [Float] = []
        let kernel = RemapKernel.shared
        let zeros = Double(RemapKernel.zeroCrossings)
        let channels = self.channels
        while renderedFrames < totalFrames {
            let τ = tau(ofFrame: renderedFrames)
            let (position, signedSpeed) = curve.inputTimeAndSpeed(at: τ)
            let speed = min(abs(signedSpeed), RemapKernel.widestSpeed)
            let cutoff = speed > 1 ? 1 / speed : 1
            let reach = zeros / cutoff
            let c = position * rate
            // Positions come from a validated curve; a non-finite one renders silence rather
            // than reaching an integer conversion.
            guard c.isFinite, abs(c) < 1e15 else {
                out.append(contentsOf: repeatElement(0, count: channels))
                renderedFrames += 1
                continue
            }
            if !final, Int((c + reach).rounded(.up)) >= inputEnd { break }
            let gain = Float(silences.gain(at: τ)) * Float(cutoff)
            let at = out.count
            out.append(contentsOf: repeatElement(0, count: channels))
            let first = max(Int((c - reach).rounded(.up)), historyStart)
            let last = min(Int((c + reach).rounded(.down)), inputEnd - 1)
            if gain > 0, last >= first {
                accumulateTape(into: &out, at: at, from: first, through: last, centre: c, cutoff: cutoff,
                               gain: gain, kernel: kernel)
            }
            renderedFrames += 1
        }
        return out
    }

    /// `out[at + ch] = gain · Σ h((n − c)·cutoff) · x[n, ch]` over the held frames
    /// `first...last`.
    private func accumulateTape(into out: inout [Float], at: Int, from first: Int, through last: Int,
                                centre c: Double, cutoff: Double, gain: Float, kernel: RemapKernel) {
        let channels = self.channels, offset = historyStart
        history.withUnsafeBufferPointer { h in
            out.withUnsafeMutableBufferPointer { o in
                guard let hp = h.baseAddress, let op = o.baseAddress, at + channels <= o.count,
                      (last - offset + 1) * channels <= h.count, first >= offset else { return }
                let frame = op + at
                for n in first...last {
                    let w = kernel.value(at: (Double(n) - c) * cutoff)
                    if w == 0 { continue }
                    let s = hp + (n - offset) * channels
                    for ch in 0..<channels { frame[ch] += w * s[ch] }
                }
                for ch in 0..<channels { frame[ch] *= gain }
            }
        }
    }
}
