import GStreamerBinding
import TimeWarpMap

/// Caps: downstream may fix any frame rate (fixed-rate mode), `0/1` (variable rate) or leave it
/// open (the input rate is kept). Queries offer the other side's rate first, then any rate, so
/// that no conversion happens when none is needed.
extension VideoState {
    mutating func handleCaps(_ event: consuming Event, _ out: StreamOutput) -> Bool {
        guard let inCaps = event.parseCaps() else { return false }
        format.inputCaps = inCaps.copyReference()
        // This negotiation answers any reconfigure request pending since linking.
        _ = out.srcPad.checkReconfigure()
        return negotiate(input: inCaps, downstreamAsked: false, out)
    }

    /// Renegotiates with the current input caps when downstream asked for it (RECONFIGURE, e.g.
    /// an application changed a capsfilter's frame rate); returns false only on failure.
    mutating func renegotiateIfAsked(_ out: StreamOutput) -> Bool {
        guard out.srcPad.checkReconfigure(), let caps = format.inputCaps?.copyReference() else { return true }
        return negotiate(input: caps, downstreamAsked: true, out)
    }

    /// Picks output caps for `inCaps` and switches the rate mode accordingly.
    mutating func negotiate(input inCaps: borrowing Caps, downstreamAsked: Bool,
                            _ out: StreamOutput) -> Bool {
        let srcPad = out.srcPad
        let rate = inCaps.framerate ?? (0, 1)
        let previous = srcPad.currentCaps()
        let maxRate = out.settings.maxRate
        guard let candidates = srcPad.peerCaps(filter: inCaps.withAnyFramerate(upTo: maxRate)), !candidates.isEmpty else {
            out.postError(.core, code: ErrorCode.negotiation,
                          "Downstream accepts none of the formats for \(inCaps.description)")
            return false
        }
        guard let fixed = candidates.fixated(framerateNearest: rate.0, rate.1) else { return false }
        // Downstream that does not mention the frame rate (ANY) keeps the input rate.
        guard let outCaps = fixed.framerate == nil ? fixed.settingFramerate(rate.0, rate.1) : fixed.copyReference()
        else { return false }
        let outRate = outCaps.framerate ?? rate
        let newMode: VideoRateMode = outRate.0 > 0 && outRate.1 > 0
            ? .fixed(numerator: outRate.0, denominator: outRate.1) : .variable
        let unchanged: Bool? = switch previous {
        case .some(let p): p.isEqual(to: outCaps)
        case .none: nil
        }
        if unchanged == true, newMode == format.mode, rate == format.inputRate {
            format.negotiated = true
            return true  // nothing changed: do not send the same caps again
        }
        if unchanged == false, let previous {
            try? drain(out)
            // An ordinary renegotiation, as videorate and identity treat it: logged, not posted.
            out.log(.debug, downstreamAsked ? "downstream asked for \(outCaps.description)"
                    : "caps changed mid-stream from \(previous.description) to \(outCaps.description)")
        }
        // A new output rate restarts the grid (after the last slot pushed); a new input rate alone
        // changes nothing downstream.
        let modeChanged = newMode != format.mode
        format.inputRate = rate
        format.mode = newMode
        if modeChanged {
            // The next frame starts the new grid.
            run.segment.nextSlot = nil
            run.segment.grid = outputGrid()
        }
        prepareBlending(for: outCaps)
        out.log(.info, "negotiated \(outCaps.description) (\(newMode))")
        guard let capsEvent = Event.caps(outCaps) else { return false }
        format.negotiated = srcPad.push(capsEvent)
        let latency = addedLatency()
        if out.publishLatency(latency) { out.postLatencyMessage() }
        return format.negotiated
    }

    /// The latency of fixed-rate mode: one input frame `p` (a slot waits for the frame after
    /// its instant); in blend and flow modes, a slot of a speed-up spans `Δ/s` of input (`Δ` the
    /// output frame period, `s` the map's least scale) and waits for the frame starting at its
    /// end: `max(1, ⌈Δ/(s·p)⌉)·p`.
    func addedLatency() -> UInt64 {
        guard case .fixed(let on, let od) = format.mode else { return 0 }
        let (n, d) = format.inputRate
        let (rn, rd) = n > 0 && d > 0 ? (n, d) : (on, od)
        let period = ClockTime.scale(UInt64(rd), ClockTime.second, UInt64(rn)) ?? 0
        guard run.segment.frameMode != .nearest, let map = run.timeline.warp?.map, period > 0, on > 0, od > 0 else {
            return period
        }
        let span = Double(od) / Double(on) / map.leastScale * 1e9  // input ns per output slot
        let frames = (span / Double(period) - 1e-9).rounded(.up)
        guard frames > 1 else { return period }
        let (latency, overflow) = period.multipliedReportingOverflow(by: UInt64(min(frames, 1e9)))
        return overflow ? ClockTime.end : latency
    }

    /// Publishes the latency again when a segment begins (frame mode and map are the segment's).
    func republishLatency(_ out: StreamOutput) {
        guard format.negotiated else { return }
        if out.publishLatency(addedLatency()) { out.postLatencyMessage() }
    }
}

extension VideoElementKind {
    /// Caps queries: the other side's caps as they are first (same rate, no conversion), then
    /// the same with any frame rate.
    static func answerCapsQuery(_ query: Query, on pad: Pad, sinkPad: Pad, srcPad: Pad,
                                settings: ElementSettings) -> Bool {
        let other = pad == sinkPad ? srcPad : sinkPad
        let filter = query.capsFilter
        let looseFilter: Caps? = switch filter {
        case .some(let f): f.withAnyFramerate()
        case .none: nil
        }
        guard let template = pad.templateCaps() else { return false }
        var result: Caps
        if let peer = other.peerCaps(filter: looseFilter) {
            // The peer's structures as they are, then with any rate (as videorate: towards
            // downstream, only structures that state a rate are offered as they are, and no
            // rate above max-rate).
            let towardsDownstream = pad == srcPad
            let maxRate = towardsDownstream ? settings.maxRate : Int32.max
            let anyRate = peer.withAnyFramerate(upTo: maxRate)
            let asTheyAre = towardsDownstream
                ? peer.keepingStructuresWithFramerate().limitingFramerate(to: maxRate) : peer.copyReference()
            result = asTheyAre.merging(anyRate).intersect(template)
        } else {
            result = template
        }
        if case .some(let f) = filter { result = f.intersect(result) }
        query.setCapsResult(result)
        return true
    }
}
