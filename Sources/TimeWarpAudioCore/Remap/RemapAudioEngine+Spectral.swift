/// The spectral mode (`pitch=preserve pitch-engine=spectral`): the forward engine's phase
/// vocoder (`SpectralGrainSynth`) with its grains placed along the remap curve. Grain `k` is
/// centred on output frame `c = k · hop` and read around input position `p(τ_c)` in the curve's
/// direction there (reversed where the speed is negative: the grain is the input played
/// backwards, at its own pitch; a freeze reads the same frame again). The vocoder measures each
/// partial's frequency within the grain, so a turn, a rewind or a change of speed keeps the
/// partials steady and their phases continuous.
///
/// Freezes stay silent, as in the other modes: a grain that only covers a freeze's silence is
/// skipped, one that reaches its 5 ms fade renders the frozen frame, so the sound runs on
/// unbroken until the fade takes it away. After a cut or a skipped stretch the next grain takes
/// its input's phases as they are (a restart).
extension RemapAudioEngine {
    /// Adds the grains whose input has arrived and returns the output frames no later grain
    /// touches.
    mutating func renderSpectral(final: Bool) -> [Float] {
        guard var grains = spectral else { return takeAccumulated(upTo: final ? totalFrames : renderedFrames) }
        spectral = nil  // while it works, the only reference to its buffers
        defer { spectral = grains }
        let hop = grains.hop, reach = grains.reach
        while nextGrain &* hop &- reach < totalFrames {
            let centre = nextGrain &* hop
            let τ = tau(ofFrame: centre)
            let (position, speed) = grainPlace(τ)
            let scaled = position * rate
            let inputCentre = scaled.isFinite ? Int(max(-4.0e15, min(4.0e15, scaled)).rounded()) : 0
            if !final, inputCentre &+ reach &+ 1 > inputEnd { break }
            reserveAccumulator(through: centre &+ reach)
            if let last = grains.lastTau, silences.spans.contains(where: { $0.lowerBound == $0.upperBound && last < $0.lowerBound && $0.lowerBound <= τ }) {
                grains.restartPending = true
            }
            grains.lastTau = τ
            if speed == 0, silences.spans.contains(where: { $0.lowerBound <= tau(ofFrame: centre &- reach) && tau(ofFrame: centre &+ reach) <= $0.upperBound }) {
                grains.restartPending = true
            } else {
                addSpectralGrain(&grains, index: nextGrain, centre: centre, input: inputCentre, direction: speed < 0 ? -1 : 1)
            }
            nextGrain &+= 1
        }
        // Frames before the next short grain's window and the next long grain's are complete.
        let nextShort = nextGrain &* hop &- 2 &* hop
        let nextLong = grains.long == nil ? nextShort : ((nextGrain &+ 1) & ~1) &* hop &- reach
        return takeAccumulated(upTo: final ? totalFrames : min(totalFrames, nextShort, nextLong))
    }

    /// `p(τ)` and the speed for a grain centred at `τ`: the curve's own inside `[0, τ_end)`,
    /// continued along its first or last slope outside (the grains that only lend the first and
    /// last frames their windows' other half).
    func grainPlace(_ τ: Double) -> (time: Double, speed: Double) {
        let end = curve.outputDuration
        let inside = min(max(τ, 0), max(0, end - 0.5 / rate))
        let (p, v) = curve.inputTimeAndSpeed(at: inside)
        return (p + v * (τ - inside), v)
    }

    /// Makes the accumulator reach output frame `frame` (exclusive; at most the end).
    mutating func reserveAccumulator(through frame: Int) {
        let needed = (min(frame, totalFrames) &- renderedFrames) &* channels
        if accumulator.count < needed { accumulator.append(contentsOf: repeatElement(0, count: needed &- accumulator.count)) }
    }

    /// Renders grain `index` (the long one too, every other grain) from input frame `input` in
    /// `direction` and adds it centred on output frame `centre`.
    private mutating func addSpectralGrain(_ grains: inout RemapSpectralGrains, index: Int, centre: Int, input: Int, direction: Int) {
        if grains.restartPending {
            grains.short.restart()
            grains.long?.restart()
            grains.restartPending = false
        }
        let withLong = grains.hasLong(index)
        if withLong, var long = grains.long {
            grains.long = nil
            RemapSpectralGrains.gather(history, start: historyStart, channels: channels, centre: input, direction: direction,
                                       into: &grains.longFrame)
            grains.longFrame.withUnsafeBufferPointer { long.render(frame: $0, reset: false) }
            overlapAdd(long.output, centre: centre)
            grains.long = long
        }
        RemapSpectralGrains.gather(history, start: historyStart, channels: channels, centre: input, direction: direction,
                                   into: &grains.frame)
        let guide = grains.long
        grains.frame.withUnsafeBufferPointer {
            grains.short.render(frame: $0, reset: false, guide: guide, ahead: withLong ? 0 : grains.hop)
        }
        overlapAdd(grains.short.output, centre: centre)
    }

    /// Adds a rendered grain (interleaved, in output order) centred on output frame `centre`
    /// to the accumulator: frames already taken and frames past the end are left out.
    private mutating func overlapAdd(_ grain: [Float], centre: Int) {
        let c = channels
        let n = grain.count / c
        let first = centre &- n / 2
        let from = max(0, renderedFrames &- first), to = min(n, totalFrames &- first)
        guard from < to else { return }
        grain.withUnsafeBufferPointer { g in
            accumulator.withUnsafeMutableBufferPointer { a in
                guard let gp = g.baseAddress, let ap = a.baseAddress else { return }
                for i in from..<to {
                    let j = (first &+ i &- renderedFrames) &* c
                    guard j &+ c <= a.count else { return }
                    for ch in 0..<c { ap[j &+ ch] += gp[i &* c &+ ch] }
                }
            }
        }
    }
}
