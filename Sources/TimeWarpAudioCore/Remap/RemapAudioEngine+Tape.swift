/// The tape mode: each output frame interpolated at `p(τ)` by the band-limited kernel.
extension RemapAudioEngine {
    /// Renders frames while the kernel's reach around `p(τ_j)` has arrived.
    mutating func renderTape(final: Bool) -> [Float] {
        var out: [Float] = []
        let kernel = RemapKernel.shared
        let zeros = Double(RemapKernel.zeroCrossings)
        while renderedFrames < totalFrames {
            let τ = tau(ofFrame: renderedFrames)
            let (position, signedSpeed) = curve.inputTimeAndSpeed(at: τ)
            let speed = min(abs(signedSpeed), RemapKernel.widestSpeed)
            let cutoff = speed > 1 ? 1 / speed : 1
            let reach = zeros / cutoff
            let c = position * rate
            if !final, Int((c + reach).rounded(.up)) >= inputEnd { break }
            let gain = Float(silences.gain(at: τ)) * Float(cutoff)
            let first = Int((c - reach).rounded(.up)), last = Int((c + reach).rounded(.down))
            var frame = [Float](repeating: 0, count: channels)
            if gain > 0, last >= first {
                for n in first...last {
                    let h = kernel.value(at: (Double(n) - c) * cutoff)
                    if h == 0 { continue }
                    for ch in 0..<channels { frame[ch] += h * sample(n, ch) }
                }
                for ch in 0..<channels { frame[ch] *= gain }
            }
            out.append(contentsOf: frame)
            renderedFrames += 1
        }
        return out
    }
}
