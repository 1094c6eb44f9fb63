import CGStreamer
import GStreamerBinding

/// Events going upstream, mapped from output time to input time through `T⁻¹`.
extension WarpElement where S: ~Copyable {
    /// Maps a seek (in output time) through `T⁻¹` (and back to input stream time from the map's
    /// origin), remembers it by sequence number so that its
    /// segment lands exactly on the requested position, and sends it upstream.
    func forwardSeek(_ event: consuming Event) -> Bool {
        var request = event.parseSeek()
        guard request.isTime else { return srcPad.eventDefault(event, parent: element) }
        if let curve = currentRemap() { return forwardRemapSeek(event, request, curve) }
        let furthest = max(request.setsStart ? request.start : 0, request.setsStop ? request.stop : 0)
        guard let map = mapForSeek(reaching: UInt64(max(furthest, 0))) else {
            element.log(.warning, "seek before the time map is known: forwarded unchanged")
            return srcPad.eventDefault(event, parent: element)
        }
        // Output stream time 0 is the map's origin in input stream time.
        let origin = currentOrigin
        let unwarp = { (ns: Int64) in
            origin.inputStreamTime(Int64(clamping: ClockTime.fromSeconds(map.unwarp(ClockTime.seconds(signed: ns)))))
        }
        var pending = PendingSeek(seqnum: event.seqnum)
        // Positions below 0 (a stop of -1 is "none") go upstream as they are; mapped ones are not
        // negative (the origin's addition saturates).
        if request.setsStart, request.start >= 0 {
            let mapped = unwarp(request.start)
            pending.start = (UInt64(request.start), UInt64(mapped))
            request.start = mapped
        }
        if request.setsStop, request.stop >= 0 {
            let mapped = unwarp(request.stop)
            pending.stop = (UInt64(request.stop), UInt64(mapped))
            request.stop = mapped
        }
        RequestedSeekPositions.remember(pending)
        element.log(.debug, "seek mapped to input start \(request.start) stop \(request.stop)")
        guard let mapped = Event.seek(request, seqnum: event.seqnum) else { return false }
        return sinkPad.push(mapped)
    }

    /// A seek in output time through a remap curve: upstream reads from the earliest input the
    /// output from the requested position on shows, to the end (the curve decides where output
    /// stops); the segment that comes back starts at the requested position.
    private func forwardRemapSeek(_ event: consuming Event, _ original: SeekRequest, _ curve: RemapCurve) -> Bool {
        var request = original
        var pending = PendingSeek(seqnum: event.seqnum)
        if request.setsStart {
            let τ = min(max(request.start, 0), Int64(clamping: ClockTime.fromSeconds(curve.outputDuration)))
            let mapped = remapSeekInput(curve, forOutput: τ)
            pending.start = (UInt64(τ), UInt64(max(mapped, 0)))
            request.start = mapped
        }
        request.stopType = GST_SEEK_TYPE_NONE
        request.stop = -1
        RequestedSeekPositions.remember(pending)
        element.log(.debug, "remap seek to output \(original.start) reads input from \(request.start)")
        guard let mapped = Event.seek(request, seqnum: event.seqnum) else { return false }
        return sinkPad.push(mapped)
    }

    /// Maps a QoS report (output running time) back to input running time, so that upstream
    /// (decoders) can skip the frames that would be late, and sends it on.
    func forwardQoS(_ event: consuming Event) -> Bool {
        var report = event.parseQoS()
        guard let pair = shared.withLock({ $0.timeline }),
              let outTime = pair.output.streamTime(atRunningTime: report.runningTime),
              let inTime = pair.input.runningTime(atStreamTime: pair.warp.unwarpStreamTime(outTime))
        else {
            // Before the first segment there is nothing to map against: upstream cannot use it.
            return true
        }
        // The jitter is a distance in output time: map its far end too.
        let lateRunning = Int64(clamping: report.runningTime) &+ report.jitter
        var jitter = report.jitter
        if lateRunning >= 0, let lateOut = pair.output.streamTime(atRunningTime: UInt64(lateRunning)),
           let lateIn = pair.input.runningTime(atStreamTime: pair.warp.unwarpStreamTime(lateOut)) {
            jitter = Int64(clamping: lateIn) &- Int64(clamping: inTime)
        }
        report.runningTime = inTime
        report.jitter = jitter
        guard let mapped = Event.qos(report, seqnum: event.seqnum) else { return false }
        return sinkPad.push(mapped)
    }
}
