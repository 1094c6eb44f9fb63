/// Placing one grain: where the map (or a transient) puts it, gathering its input, the vocoder,
/// the overlap-add.
extension WarpSpectralStretcher {
    /// Places the next grain if its position is known and its input (and the onset scan over
    /// it) has arrived, or at the end in any case; returns whether it did.
    mutating func placeGrain() -> Bool {
        let n = geometry.size, half = n / 2
        let phase = nextGrain & (lowEvery &- 1)
        let withLow = low != nil && phase == 0
        let lowSize = low?.geometry.size ?? n
        let widest = withLow ? lowSize : n
        let centre = nextGrain &* geometry.hop
        let mapped: Double
        if centre < 0 {
            mapped = Double(centre)
        } else {
            guard let p = positions.inputPosition(ofOutput: Double(centre), end: isEnding) else { return false }
            mapped = p
        }
        guard mapped.isFinite else { return false }
        let clamped = max(-4.0e15, min(4.0e15, mapped))
        let reach = Double(Self.reachGrains &* self.reach)
        // A transient moves the short grains within half a short grain of it, the long ones within
        // `longAnchor` of half a long grain (see there).
        let shortRadius = Double(half)
        let longRadius = withLow ? max(shortRadius, Self.longAnchor * Double(lowSize / 2)) : shortRadius
        let (position, transient) = anchored(clamped, centre: centre, radius: shortRadius)
        let (longPosition, longTransient) = withLow ? anchored(clamped, centre: centre, radius: longRadius) : (position, transient)
        let centreFrame = Int(position.rounded())
        let longFrame = Int(longPosition.rounded())
        let end = max(centreFrame &+ half, withLow ? longFrame &+ lowSize / 2 : Int.min)
        // Every transient that could move this grain must have been looked for: those in its
        // input window and those the map puts within its output window.
        guard isEnding || (end <= input.count && end <= onsets.scanned && onsetsCover(Double(centre) + longRadius)) else { return false }
        // The long grain first (every `lowEvery` hops): the short one takes the phases of the bins
        // both render from it, at this centre or advanced by a hop.
        if withLow, var long = low.take() {
            Self.gather(input, from: longFrame &- lowSize / 2, into: &lowFrame)
            lowFrame.withUnsafeBufferPointer { long.render(frame: $0, reset: longTransient) }
            long.output.withUnsafeBufferPointer { overlap.add(grain: $0, at: Int64(centre &- lowSize / 2)) }
            low = long
        }
        Self.gather(input, from: centreFrame &- half, into: &frame)
        let ahead = phase &* geometry.hop
        frame.withUnsafeBufferPointer { synth.render(frame: $0, reset: transient, guide: low, ahead: ahead) }
        synth.output.withUnsafeBufferPointer { overlap.add(grain: $0, at: Int64(centre &- half)) }
        nextGrain &+= 1
        let keep = Int(clamped) &- Int(reach)
        input.discard(before: min(keep, input.count &- widest))
        onsets.forget(before: keep)
        return true
    }

    /// The position of the grain centred on output `centre` whose map position is `mapped`: the
    /// nearest transient whose input lies within `radius` of it or whose output position lies
    /// within `radius` of `centre` moves it to read at unit rate from the transient, `o + (c − T(o))`
    /// (and resets its phases: `true`); else `mapped`, `false`.
    func anchored(_ mapped: Double, centre: Int, radius: Double) -> (Double, Bool) {
        let reach = Double(Self.reachGrains &* self.reach)
        var position = mapped, transient = false, best = Double.infinity
        for o in onsets.onsets {
            let d = Double(o) - mapped
            if d > reach { break }
            guard d > -reach, let y = positions.outputPosition(ofInput: o) else { continue }
            let distance = abs(Double(centre) - y)
            if abs(d) < radius || distance < radius, distance < best {
                best = distance
                position = Double(o) + (Double(centre) - y)
                transient = true
            }
        }
        return (position, transient)
    }

    /// Copies the input frames from `start` on into `frame` (as many as it holds; silence where
    /// nothing is kept).
    static func gather(_ input: WarpStretchInput, from start: Int, into frame: inout [Float]) {
        let c = input.channels
        let n = frame.count / c
        let lo = input.firstFrame, hi = input.count
        // The frames kept are contiguous: silence, one copy, silence.
        let a = min(max(start, lo), start &+ n), b = max(a, min(start &+ n, hi))
        input.samples.withUnsafeBufferPointer { s in
            frame.withUnsafeMutableBufferPointer { f in
                guard let fp = f.baseAddress else { return }
                let head = (a &- start) &* c, body = (b &- a) &* c
                let from = input.slot(a) &* c
                guard let sp = s.baseAddress, from >= 0, from &+ body <= s.count else {
                    for i in 0..<(n &* c) { fp[i] = 0 }
                    return
                }
                for i in 0..<head { fp[i] = 0 }
                if body > 0 { (fp + head).update(from: sp + from, count: body) }
                for i in (head &+ body)..<(n &* c) { fp[i] = 0 }
            }
        }
    }

    /// Whether the onset scan has passed every input frame the map puts before output position `y`.
    func onsetsCover(_ y: Double) -> Bool {
        guard onsets.scanned > 0, let last = positions.outputPosition(ofInput: onsets.scanned &- 1) else { return false }
        return last >= y
    }
}
