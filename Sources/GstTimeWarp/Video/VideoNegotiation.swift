import CGStreamer

extension VideoTimeWarp {
    /// Negotiates output caps for new input caps: downstream may fix any frame rate (fixed-rate
    /// mode), `0/1` (variable rate) or leave it open (the input rate is kept).
    func negotiate(_ event: consuming Event) -> Bool {
        guard let inCaps = event.parseCaps() else { return false }
        inputCaps = inCaps.copyReference()
        return negotiate(input: inCaps, downstreamAsked: false)
    }

    /// Renegotiates with the current input caps when downstream asked for it (RECONFIGURE, e.g.
    /// an application changed a capsfilter's frame rate); returns false only on failure.
    func renegotiateIfAsked() -> Bool {
        guard srcPad.checkReconfigure(), let caps = inputCaps?.copyReference() else { return true }
        return negotiate(input: caps, downstreamAsked: true)
    }

    /// Picks output caps for `inCaps` and switches the rate mode accordingly.
    func negotiate(input inCaps: borrowing Caps, downstreamAsked: Bool) -> Bool {
        let rate = inCaps.framerate ?? (0, 1)
        let previous = srcPad.currentCaps()
        guard let candidates = srcPad.peerCaps(filter: inCaps.withAnyFramerate()), !candidates.isEmpty else {
            element.postError(.core, code: ErrorCode.negotiation,
                              "Downstream accepts none of the formats for \(inCaps.description)")
            return false
        }
        guard let fixed = candidates.fixated(framerateNearest: rate.0, rate.1) else { return false }
        // Downstream that does not mention the frame rate (ANY) keeps the input rate.
        guard let outCaps = fixed.framerate == nil ? fixed.settingFramerate(rate.0, rate.1) : fixed.copyReference()
        else { return false }
        let outRate = outCaps.framerate ?? rate
        let newMode: RateMode = outRate.0 > 0 && outRate.1 > 0
            ? .fixed(numerator: outRate.0, denominator: outRate.1) : .variable
        if let previous, !previous.isEqual(to: outCaps) {
            _ = drain()
            if downstreamAsked {
                element.log(.info, "downstream asked for \(outCaps.description)")
            } else {
                element.postWarning(.stream, code: ErrorCode.streamFormat,
                                "Caps changed mid-stream; continuing with the new format",
                                    debug: "from \(previous.description) to \(outCaps.description)")
            }
        }
        let modeChanged = newMode != mode || rate != inputRate
        inputRate = rate
        mode = newMode
        if modeChanged { nextSlot = nil }  // the next frame starts the new grid
        updateGrid()
        element.log(.info, "negotiated \(outCaps.description) (\(newMode))")
        guard let capsEvent = Event.caps(outCaps) else { return false }
        negotiated = srcPad.push(capsEvent)
        if modeChanged { element.postLatencyMessage() }
        return negotiated
    }

    /// Caps queries: any frame rate on one side is possible for any rate on the other.
    func answerCapsQuery(_ query: Query, on pad: Pad) -> Bool {
        let other = pad.isSame(as: sinkPad.raw) ? srcPad : sinkPad
        let filter = query.capsFilter
        let looseFilter: Caps? = switch filter {
        case .some(let f): f.withAnyFramerate()
        case .none: nil
        }
        guard let template = pad.templateCaps() else { return false }
        var result: Caps
        if let peer = other.peerCaps(filter: looseFilter) {
            result = peer.withAnyFramerate().intersect(template)
        } else {
            result = template
        }
        if case .some(let f) = filter { result = f.intersect(result) }
        query.setCapsResult(result)
        return true
    }
}
