/// Placing one window: where the map puts it, the search around that, the overlap-add.
extension WarpStretcher {
    /// Places the next window if its position is known and its input (with the search range)
    /// has arrived, or at the end in any case; returns whether it did.
    mutating func placeWindow() -> Bool {
        let hop = geometry.hop, length = geometry.window, search = geometry.search
        let outStart = windowsPlaced &* Int64(hop)
        guard let p = positions.inputPosition(ofOutput: Double(outStart &+ Int64(hop)), end: isEnding) else { return false }
        let shifted = p - Double(hop)
        let wanted = shifted.isFinite ? Int(max(-4.0e15, min(4.0e15, shifted)).rounded()) : input.count
        guard isEnding || wanted &+ search &+ length <= input.count else { return false }
        let lo = input.firstFrame
        let hi = max(lo, input.count &- length)
        let target = min(max(wanted, lo), hi)
        var start = target
        if let previous = previousStart {
            let reference = previous &+ hop
            let from = max(lo, target &- search), to = min(hi, target &+ search)
            if reference >= lo, reference &+ hop <= input.count, to &+ hop <= input.count, from < to {
                var energies = searchEnergies
                searchEnergies = []
                start = input.mono.withUnsafeBufferPointer { m in
                    guard let mp = m.baseAddress else { return target }
                    return WarpStretchSearch.bestStart(mono: mp, offset: input.slot(0), reference: reference,
                                                       target: target, lo: from, hi: to, length: hop,
                                                       step: geometry.coarseStep, energies: &energies)
                }
                searchEnergies = energies
            }
        }
        weights.withUnsafeBufferPointer { w in
            overlap.add(input, start: start, at: outStart, weights: w, flat: previousStart == nil ? hop : 0)
        }
        previousStart = start
        windowsPlaced &+= 1
        // Later windows read from the reference (start + hop) or their search range onwards.
        input.discard(before: min(start &+ hop, wanted &- search, input.count &- length))
        return true
    }
}
