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
/// its input's phases as they are (a restart), and so does every grain read exactly a hop on
/// from such a grain in the same direction: at speed ±1 from the start, a cut or a freeze the
/// output is the input itself (played backwards at -1), until a turn or another speed hands the
/// phases to the vocoder, which keeps them continuous from there. Near a transient of the input (`SpectralOnsets`)
/// grains are read at unit rate from it with their own phases (`anchor`), as in the forward
/// engine, so it comes out once and whole, forwards or backwards.
extension RemapAudioEngine {
    /// Adds the grains whose input has arrived and returns the output frames no later grain
    /// touches.
    mutating func renderSpectral(final: Bool) -> [Float] {
        guard var grains = spectral else {
            return takeAccumulated(upTo: final ? totalFrames : renderedFrames)
        }
        spectral = nil  // while it works, the only reference to its buffers
        defer { spectral = grains }
        let hop = grains.hop, reach = grains.reach
        while nextGrain &* hop &- reach < totalFrames {
            let centre = nextGrain &* hop
            let τ = tau(ofFrame: centre)
            let (position, speed) = grainPlace(τ)
            let scaled = position * rate
            let inputCentre = scaled.isFinite ? Int(max(-4.0e15, min(4.0e15, scaled)).rounded()) : 0
            // The grain's input and every transient that could move it must have arrived.
            let fastest = speed.isFinite ? min(abs(speed), 64) : 0
            let look = max(reach, Int(fastest * Double(grains.shortHalf)))
            if !final, inputCentre &+ reach &+ 1 > inputEnd || inputCentre &+ look &+ 1 > grains.onsets.scanned { break }
            reserveAccumulator(through: centre &+ reach)
            // A cut since the last grain: the next one starts afresh.
            if let last = grains.lastTau, silences.spans.contains(where: {
                $0.lowerBound == $0.upperBound && last < $0.lowerBound && $0.lowerBound <= τ
            }) {
                grains.restartPending = true
            }
            grains.lastTau = τ
            let (from, to) = (tau(ofFrame: centre &- reach), tau(ofFrame: centre &+ reach))
            if speed == 0, silences.spans.contains(where: { $0.lowerBound <= from && to <= $0.upperBound }) {
                grains.restartPending = true  // all of it silent: skipped
                grains.unchanged = nil
            } else {
                let direction = speed < 0 ? -1 : 1
                let (input, transient) = Self.anchor(grains, centre: centre, position: inputCentre, speed: speed,
                                                     direction: direction)
                // At speed ±1 after grains taken as they are, this one too: the input itself.
                let continues = grains.unchanged.map { $0.direction == direction && input == $0.input &+ direction &* hop }
                let reset = transient || grains.restartPending || continues == true
                addSpectralGrain(&grains, index: nextGrain, centre: centre, input: input, direction: direction,
                                 reset: reset)
                grains.unchanged = reset ? (input, direction) : nil
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
        if accumulator.count < needed {
            accumulator.append(contentsOf: repeatElement(0, count: needed &- accumulator.count))
        }
    }

    /// Where a grain centred on output frame `centre`, put by the curve at input frame `position`
    /// at `speed`, is read: near a transient (at input `o`, which the curve's local slope puts at
    /// output `y = centre + (o − position)/speed`) whose input is within half a short grain of
    /// the grain's or whose output is within half a short grain of its centre, at unit rate from
    /// it in the curve's direction, `o + direction · (centre − y)` (`centre − y` at most a short
    /// grain either way), with its phases reset (those grains overlap-add to the input itself:
    /// the transient comes out once, whole, where the curve puts it); elsewhere at `position`.
    /// The nearest transient by output wins. The forward engine's rule, with the curve's slope.
    static func anchor(_ grains: RemapSpectralGrains, centre: Int, position: Int, speed: Double,
                       direction: Int) -> (input: Int, reset: Bool) {
        guard speed != 0, speed.isFinite else { return (position, false) }
        let half = Double(grains.shortHalf)
        let within = max(1, min(abs(speed), 64)) * half
        let base = grains.onsets.base
        var best = Double.infinity, anchored = position, reset = false
        for relative in grains.onsets.relativeOnsets {
            let offset = Double(relative &+ base &- position)
            if offset >= within { break }
            guard offset > -within else { continue }
            let distance = abs(offset / speed)
            if distance < half || abs(offset) < half, distance < best {
                best = distance
                // Read so that the transient sits at its output place in this grain; a grain it
                // only reaches by input (slow speeds) moves off it, at most a short grain.
                let shift = max(-2 * half, min(2 * half, -offset / speed))
                anchored = relative &+ base &+ direction &* Int(shift.rounded())
                reset = true
            }
        }
        return (anchored, reset)
    }

    /// Renders grain `index` (the long one too, every other grain) from input frame `input` in
    /// `direction` and adds it centred on output frame `centre`; `reset` takes the input's phases.
    private mutating func addSpectralGrain(_ grains: inout RemapSpectralGrains, index: Int, centre: Int, input: Int,
                                           direction: Int, reset: Bool) {
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
            grains.longFrame.withUnsafeBufferPointer { long.render(frame: $0, reset: reset) }
            overlapAdd(long.output, centre: centre)
            grains.long = long
        }
        RemapSpectralGrains.gather(history, start: historyStart, channels: channels, centre: input, direction: direction,
                                   into: &grains.frame)
        let guide = grains.long
        grains.frame.withUnsafeBufferPointer {
            grains.short.render(frame: $0, reset: reset, guide: guide, ahead: withLong ? 0 : grains.hop)
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
