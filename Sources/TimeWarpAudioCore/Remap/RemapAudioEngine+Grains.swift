#if canImport(Glibc)
import Glibc
#endif

/// The grain mode: Hann-windowed grains of `grainLength` frames, one every half grain of output,
/// each read at unit rate from `p(τ)` of its centre in the curve's direction there, overlap-added.
extension RemapAudioEngine {
    /// Adds the grains whose input has arrived and returns the output frames no later grain
    /// touches.
    mutating func renderGrains(final: Bool) -> [Float] {
        let hop = grainLength / 2
        while true {
            let centre = nextGrain * hop
            // Grains whose window starts past the end add nothing.
            guard centre - hop < totalFrames else { break }
            let τ = tau(ofFrame: centre)
            let (position, speed) = curve.inputTimeAndSpeed(at: τ)
            let scaled = position * rate
            let c = scaled.isFinite ? Int(max(-4.0e15, min(4.0e15, scaled)).rounded()) : 0
            let direction = grainDirection(centre: centre, speed: speed)
            let search = Self.searchRadius(grainLength)
            if !final, direction != 0, c + hop + search + 1 >= inputEnd { break }
            let aligned = direction == 0 ? c : align(c, direction: direction, search: search)
            addGrain(centre: centre, input: aligned, direction: direction)
            lastGrain = direction == 0 ? nil : (aligned, direction)
            nextGrain += 1
        }
        // Frames before the next grain's window are complete.
        return takeAccumulated(upTo: final ? totalFrames : min(totalFrames, nextGrain * hop - hop))
    }

    /// The direction a grain centred on output frame `centre` reads its input in: the curve's
    /// where it moves. In a freeze (or past the curve's end) a grain whose window is all silence
    /// adds nothing (0); one that reaches a fade reads the frozen frame at unit rate, in the
    /// direction of the grain before it (or of the curve after the freeze), so the sound runs on
    /// at full level until the 5 ms fade takes it away, as in the other modes, instead of fading
    /// with the grains' windows over up to half a grain.
    func grainDirection(centre: Int, speed: Double) -> Int {
        if speed > 0 { return 1 }
        if speed < 0 { return -1 }
        let hop = grainLength / 2
        let (from, to) = (tau(ofFrame: centre - hop), tau(ofFrame: centre + hop))
        if silences.spans.contains(where: { $0.lowerBound <= from && to <= $0.upperBound }) {
            return 0
        }
        if let last = lastGrain { return last.direction }
        let after = curve.inputTimeAndSpeed(at: tau(ofFrame: centre + grainLength)).speed
        return after < 0 ? -1 : 1
    }

    /// Takes the accumulated output frames before `complete` (their overlap-add finished), with
    /// the gain of the freezes and cuts, and moves `renderedFrames` on.
    mutating func takeAccumulated(upTo complete: Int) -> [Float] {
        let count = max(0, complete - renderedFrames)
        var out = [Float](repeating: 0, count: count * channels)
        for j in 0..<count {
            let gain = Float(silences.gain(at: tau(ofFrame: renderedFrames + j)))
            for ch in 0..<channels {
                let i = j * channels + ch
                out[i] = i < accumulator.count ? accumulator[i] * gain : 0
            }
        }
        accumulator.removeFirst(min(count * channels, accumulator.count))
        renderedFrames += count
        return out
    }

    /// How far a grain may move from where the curve puts it to continue the previous grain's
    /// waveform (frames): a quarter of the half grain, about 5 ms at 48 kHz.
    static func searchRadius(_ grainLength: Int) -> Int { grainLength / 8 }

    /// WSOLA's alignment: the input position within `search` frames of `target` whose opening half
    /// grain best continues the previous grain (the largest normalised correlation with what would
    /// have followed it, on the channels' sum); `target` itself when the direction changed or there
    /// is no previous grain. Corrected every grain from the curve, so the position never drifts.
    func align(_ target: Int, direction d: Int, search: Int) -> Int {
        guard let last = lastGrain, last.direction == d else { return target }
        let hop = grainLength / 2
        let length = hop / 2
        let natural = last.input + d * hop
        func mono(_ n: Int) -> Float {
            var s: Float = 0
            for ch in 0..<channels { s += sample(n, ch) }
            return s
        }
        // What would have followed the previous grain, read in its direction.
        let template = (0..<length).map { mono(natural - d * hop + d * $0) }
        // The candidates' samples, read once: positions target - d·hop + d·i + δ.
        let base = target - d * hop
        let region = (-search..<(search + length)).map { k in mono(base + d * k) }
        var best = target, bestScore = -Float.infinity
        for delta in -search...search {
            var dot: Float = 0, energy: Float = 1e-12
            let offset = d > 0 ? delta + search : -delta + search
            for i in 0..<length {
                let v = region[offset + i]
                dot += template[i] * v
                energy += v * v
            }
            let score = dot / energy.squareRoot()
            if score > bestScore { bestScore = score; best = target + delta }
        }
        return best
    }

    /// Adds one grain centred on output frame `centre`, read from input frame `input` in
    /// `direction` (0: silence).
    private mutating func addGrain(centre: Int, input: Int, direction: Int) {
        let hop = grainLength / 2
        let needed = (centre + hop - renderedFrames) * channels
        if accumulator.count < needed { accumulator.append(contentsOf: repeatElement(0, count: needed - accumulator.count)) }
        guard direction != 0 else { return }
        for k in 0..<grainLength {
            let j = centre - hop + k
            guard j >= renderedFrames, j < totalFrames else { continue }
            // A periodic Hann window: overlapping by half, the windows sum to exactly 1.
            let w = Float(0.5 - 0.5 * cos(2 * Double.pi * Double(k) / Double(grainLength)))
            let n = input + direction * (k - hop)
            let base = (j - renderedFrames) * channels
            for ch in 0..<channels { accumulator[base + ch] += w * sample(n, ch) }
        }
    }
}
