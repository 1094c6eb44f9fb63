import GStreamerBinding
import TimeWarpMap

/// Live changes (docs/architecture.md#live-changes): time-map properties set while playing, and
/// `factor` driven by a `GstController` binding, take effect at the next input buffer. The map
/// applied so far is kept, and the new one continues it from that buffer's stream time `t_c`:
/// `T(t) = T_before(t_c) + T_new(t) - T_new(t_c)` for `t >= t_c`.
extension WarpElement where S: ~Copyable {
    /// Applies what changed before the buffer that covers `span` (input stream time): syncs
    /// control bindings, then splices a changed map in at its start, or extends the controlled
    /// `factor` curve to its end. Called by `chain` before the State sees the buffer.
    func applyLiveChanges(at span: InputSpan, _ slot: inout LockedStream<S>) {
        let streamTime = span.start
        // (Runs for every buffer: only plain loads when nothing is bound.)
        let bound = element.hasControlBindings
        if bound {
            // The values set by the sync are the control source's: when the map follows it, they
            // are no property change to schedule (`setProperty` checks the thread).
            live.syncingThread.store(CurrentThread.identity, ordering: .relaxed)
            element.syncControlledValues(at: streamTime)
            live.syncingThread.store(0, ordering: .relaxed)
        }
        let factorBound = bound && element.isControlled(.factor)
        var changed = live.settingsChanged.load(ordering: .acquiring)
            && live.settingsChanged.exchange(false, ordering: .acquiringAndReleasing)
        let wasFollowing = live.followingController.load(ordering: .relaxed)
        let used = live.mapUsed.load(ordering: .relaxed)
        if !used { live.mapUsed.store(true, ordering: .relaxed) }
        // Changes scheduled at an input stream time (WarpElement+ChangeTime.swift) wait for the
        // buffer that reaches them and are spliced in there, in order.
        var due: [ScheduledChange] = []
        if changed, used {
            // They stay queued until the map that holds them is installed (below), so that a
            // reader of the published map and the queue (`playingChangePoint`) never misses one.
            let (ready, waiting) = shared.withLock { state -> ([ScheduledChange], Bool) in
                let ready = state.scheduledChanges.prefix { $0.at < span.end }
                return (Array(ready), state.scheduledChanges.count > ready.count)
            }
            due = ready
            if waiting { live.settingsChanged.store(true, ordering: .releasing) }
            if due.isEmpty { changed = false }
        }
        guard factorBound || changed || wasFollowing else { return }
        if !due.isEmpty, slot.stream.timeline.remap != nil
            || due.contains(where: { $0.timeMap.nonForwardRemap(mediaDuration: nil) != nil }) {
            shared.withLock { $0.scheduledChanges.removeFirst(min(due.count, $0.scheduledChanges.count)) }
            element.postWarning(.stream, code: ErrorCode.streamFailed,
                                "Time map change refused: a remap curve that stops or goes back cannot change while "
                                    + "playing (nor replace or be replaced by another curve); the map in use continues",
                                debug: "at stream time \(ClockTime.describe(streamTime))")
            return
        }

        let settings = shared.withLock { $0.settings.timeMap }
        guard let current = currentMap() else { return }  // the map error is posted when the segment goes out
        let changeTime = used ? ClockTime.seconds(streamTime) : 0
        let following = factorBound && settings.function == .constant && settings.customCurve == nil
        live.followingController.store(following, ordering: .relaxed)
        let next: Result<TimeMap, MapFailure>
        if following {
            // A map integrated ahead of time (`controlledMap`) already holds the controlled piece.
            switch extendControlled(current, at: changeTime, through: span.end,
                                    continuing: wasFollowing || current.lastSampledPiece() != nil) {
            case .success(nil): return  // the map in use already covers this buffer, unchanged
            case .success(let map?): next = .success(map)
            case .failure(let failure): next = .failure(failure)
            }
        } else if !due.isEmpty {
            next = splicing(due, into: current, notBefore: streamTime)
        } else {
            next = buildMap(settings).flatMap { new in
                Result { () throws(TimeMapError) in try current.splicing(new, at: changeTime) }
                    .mapError { MapFailure(description: "\($0)") }
                    .flatMap(checkedRange)
            }
        }
        defer {
            if !due.isEmpty {
                shared.withLock { $0.scheduledChanges.removeFirst(min(due.count, $0.scheduledChanges.count)) }
            }
        }
        switch next {
        case .success(let map):
            install(map, used: used, &slot)
        case .failure(let failure) where following:
            if !live.warnedController.exchange(true, ordering: .relaxed) {
                element.postWarning(.stream, code: ErrorCode.streamFailed,
                                    "Controlled factor refused: \(failure); the map in use continues",
                                    debug: "at stream time \(ClockTime.describe(streamTime))")
            }
        case .failure(let failure):
            element.postWarning(.stream, code: ErrorCode.streamFailed,
                                "Time map change refused: \(failure); the map in use continues",
                                debug: "function=\(settings.function.nick) factor=\(settings.factor) "
                                    + "modifier=\(settings.modifier), at stream time \(ClockTime.describe(streamTime))")
        }
    }

    /// Extends the controlled piece of `current` (or starts one at `changeTime` seconds) with
    /// the values of `factor` read every `LiveMapState.controlStep` up to past `end` (ns).
    /// Nil: `current` already holds those values (read ahead of time, or nothing to read).
    func extendControlled(_ current: TimeMap, at changeTime: Double, through end: UInt64,
                                  continuing: Bool) -> Result<TimeMap?, MapFailure> {
        if continuing, let last = current.lastSampledPiece(),
           let checked = checkedAhead(current, last, from: ClockTime.fromSeconds(changeTime), through: end) {
            return checked
        }
        var start = changeTime
        var curve: SampledScaleCurve
        var extending = false  // the last piece grows: only its new knots are validated
        if continuing, let last = current.lastSampledPiece() {
            if last.curve.knotCount < LiveMapState.maxKnotsPerPiece {
                (start, curve) = last
                extending = true
            } else {
                start = last.curve.lastTime
                curve = SampledScaleCurve(time: start, value: last.curve.scale(at: start))
            }
        } else {
            let at = ClockTime.fromSeconds(changeTime)
            // No value there (a trigger between its points): the property's value holds.
            let first = firstControlledValue(at: at, holding: shared.withLock { $0.settings.timeMap.factor })
            curve = SampledScaleCurve(time: changeTime, value: first)
        }
        let from = ClockTime.fromSeconds(curve.lastTime)
        let (target, overflow) = end.addingReportingOverflow(LiveMapState.controlStep)
        guard !overflow, target > from else {
            return continuing ? .success(nil) : splice(curve, at: start, into: current).map { $0 }
        }
        let span = target - from
        // ceil(span / step) reads at 1 ms, or at most `maxControlReads` at a coarser step.
        var step = LiveMapState.controlStep
        let reads = span / step + (span % step == 0 ? 0 : 1)
        let limit = UInt64(LiveMapState.maxControlReads)
        if reads > limit { step = span / limit + (span % limit == 0 ? 0 : 1) }
        let count = Int(min(reads, limit))
        if let failure = appendControlledFactor(to: &curve, from: from, step: step, count: count) { return .failure(failure) }
        if extending {
            return Result { () throws(TimeMapError) in try current.extendingLastSampledPiece(with: curve) }
                .mapError { MapFailure(description: "\($0)") }
                .flatMap(checkedRange)
                .map { $0 }
        }
        return splice(curve, at: start, into: current).map { $0 }
    }

    /// The map for a seek to output stream time `target` (ns). When `factor` follows a
    /// controller, the map is only known as far as it was played; its curve is read on (not
    /// published: the streaming thread reads the same values) until it reaches `target`, so
    /// that `T⁻¹(target)` comes from the control source rather than from the last value held.
    func mapForSeek(reaching target: UInt64) -> TimeMap? {
        guard var map = currentMap() else { return nil }
        guard live.followingController.load(ordering: .relaxed) else { return map }
        let y = ClockTime.seconds(target)
        for _ in 0..<8 {
            guard let last = map.lastSampledPiece() else { break }
            let reached = map.warp(last.curve.lastTime)
            guard reached < y else { break }
            let speed = max(last.curve.scale(at: last.curve.lastTime), 1e-3)
            let end = ClockTime.fromSeconds(last.curve.lastTime + (y - reached) / speed)
            guard case .success(let extended?) = extendControlled(map, at: last.start, through: end, continuing: true)
            else { break }
            map = extended
        }
        return map
    }

    /// `current` with the controlled `curve` from `start` seconds on.
    private func splice(_ curve: SampledScaleCurve, at start: Double, into current: TimeMap) -> Result<TimeMap, MapFailure> {
        Result { () throws(TimeMapError) in try current.splicing(curve, at: start) }
            .mapError { MapFailure(description: "\($0)") }
            .flatMap(checkedRange)
    }

    /// Publishes `map` and moves the current segment onto it: the warp is rebuilt, the stream
    /// is told (`mapDidChange`), and the output segment goes out again if its stop or duration
    /// moved. Before any buffer used the old map (`used` false) the whole segment is redone.
    private func install(_ map: TimeMap, used: Bool, _ slot: inout LockedStream<S>) {
        let oldDuration = shared.withLock { state -> Double? in
            let old = state.map?.outputDuration
            state.map = map
            return old
        }
        if oldDuration != map.outputDuration {
            element.notify(.outputDuration)
            // A seek bar learns the new length (DURATION_CHANGED: it asks again).
            if oldDuration != nil { element.postDurationChanged() }
        }
        guard let input = slot.stream.timeline.input else { return }
        guard !slot.stream.timeline.segmentPending, slot.stream.timeline.warp != nil,
              let old = slot.stream.timeline.output else {
            slot.stream.timeline.warp = nil  // built from the new map when the segment goes out
            return
        }
        let warp = TimestampWarp(map: map, segmentStart: input.start, segmentTime: input.time)
        slot.stream.timeline.warp = warp
        slot.stream.mapDidChange(warp)
        var out = old
        if used {
            if input.stop != ClockTime.none, let stop = input.streamTime(of: input.stop) {
                out.stop = max(out.start, warp.outputTimestamp(streamTime: stop))
            }
            if input.duration != ClockTime.none { out.duration = warp.warpStreamTime(input.duration) }
        } else {
            out = warp.outputSegment(for: input, continuing: slot.stream.timeline.previous,
                                     answering: RequestedSeekPositions.seek(seqnum: slot.stream.timeline.seqnum))
        }
        slot.stream.timeline.output = out
        shared.withLock { $0.timeline = PublishedTimeline(input: input, output: out, warp: warp) }
        guard out != old, let event = Event.segment(out, seqnum: slot.stream.timeline.seqnum) else { return }
        element.log(.debug, "time map changed: output segment now \(out.description)")
        _ = srcPad.push(event)
    }
}
