import CGStreamer
import GStreamerBinding
import TimeWarpMap
/// Queries: caps go to the element kind; position, duration and seeking answers are mapped
/// from input to output time through `T`, positions counted from the map's origin; latency adds the element's own. None of them takes
/// the streaming state's lock (they may arrive inside a push from this element).
extension WarpElement where S: ~Copyable {
    func sinkQuery(_ query: Query) -> Bool {
        if query.kind == .caps { return answerCapsQuery(query, on: sinkPad) }
        if query.kind == .allocation {
            let answered = sinkPad.queryDefault(query, parent: element)
            return S.Kind.answerAllocationQuery(query, downstreamAnswered: answered, settings: shared.withLock { $0.settings })
        }
        return sinkPad.queryDefault(query, parent: element)
    }

    func srcQuery(_ query: Query) -> Bool {
        // (Only the time queries read the curve: a caps or latency query never builds the map.)
        if [.duration, .position, .seeking].contains(query.kind), query.asksTime, let curve = currentRemap(),
           let answered = answerRemapQuery(query, curve) {
            return answered
        }
        switch query.kind {
        case .duration where query.asksTime:
            let answered = sinkPad.peerQuery(query)
            guard let map = currentMap() else { return answered }
            let d = answered ? query.durationAnswer : -1
            guard d >= 0 else {
                // Upstream knows no duration: the `duration` property's, D·F(1), when it is set.
                guard let out = map.outputDuration, out < ClockTime.seconds(ClockTime.end) else { return answered }
                query.setDuration(Int64(clamping: ClockTime.fromSeconds(out)))
                return true
            }
            query.setDuration(Self.warp(d, map))
            return true
        case .position where query.asksTime:
            if sinkPad.peerQuery(query), query.positionAnswer >= 0, let map = currentMap() {
                // Upstream's stream time, counted from the map's origin.
                let p = currentOrigin.sinceOrigin(query.positionAnswer)
                // At the start of the segment (just after a seek) the segment's own output time,
                // which holds the exact requested position.
                if let pair = shared.withLock({ $0.timeline }), p == Int64(clamping: pair.input.time) {
                    query.setPosition(clampedToDuration(Int64(clamping: pair.output.time), map))
                } else {
                    query.setPosition(clampedToDuration(Self.warp(p, map), map))
                }
                return true
            }
            // Upstream cannot tell: answer from the last output.
            let last = status.position.load(ordering: .relaxed)
            guard last != ClockTime.none, let output = shared.withLock({ $0.timeline?.output }),
                  let streamTime = output.streamTime(of: min(last, output.stop)) else { return false }
            query.setPosition(currentMap().map { clampedToDuration(Int64(clamping: streamTime), $0) }
                              ?? Int64(clamping: streamTime))
            return true
        case .seeking where query.asksTime:
            guard sinkPad.peerQuery(query), let map = currentMap() else { return false }
            let answer = query.seekingAnswer
            // The start is a position (counted from the map's origin); demuxers give the end as
            // the duration (tsdemux: [0, D] though its stream time starts at its first PTS), so it
            // maps as the duration query does.
            let origin = currentOrigin
            query.setSeeking(seekable: answer.seekable,
                             start: answer.start >= 0 ? Self.warp(origin.sinceOrigin(answer.start), map) : -1,
                             end: answer.end >= 0 ? Self.warp(answer.end, map) : -1)
            return true
        case .duration where query.format == GST_FORMAT_DEFAULT,
             .position where query.format == GST_FORMAT_DEFAULT:
            return answerInOutputUnits(query)
        case .convert:
            return answerConvert(query)
        case .segment:
            return answerSegment(query)
        case .latency:
            guard sinkPad.peerQuery(query) else { return false }
            let (live, mn, mx) = query.latencyAnswer
            let extra = status.latency.load(ordering: .relaxed)
            query.setLatency(live: live, min: mn &+ extra, max: mx == ClockTime.none ? mx : mx &+ extra)
            return true
        case .caps:
            return answerCapsQuery(query, on: srcPad)
        default:
            return srcPad.queryDefault(query, parent: element)
        }
    }

    /// Position, duration and seeking in output time through a remap curve (nil: not one of
    /// those): the duration is the last key's `τ`, the position the last output's `τ`.
    private func answerRemapQuery(_ query: Query, _ curve: RemapCurve) -> Bool? {
        let end = Int64(clamping: ClockTime.fromSeconds(curve.outputDuration))
        switch query.kind {
        case .duration where query.asksTime:
            query.setDuration(end)
            return true
        case .position where query.asksTime:
            let last = status.position.load(ordering: .relaxed)
            guard let output = shared.withLock({ $0.timeline?.output }) else {
                query.setPosition(0)
                return true
            }
            let at = last == ClockTime.none ? output.start : min(max(last, output.start), output.stop)
            query.setPosition(min(Int64(clamping: output.streamTime(of: at) ?? 0), end))
            return true
        case .seeking where query.asksTime:
            guard sinkPad.peerQuery(query) else { return false }
            query.setSeeking(seekable: query.seekingAnswer.seekable, start: 0, end: end)
            return true
        default:
            return nil
        }
    }

    /// The element kind's answer to a caps query on `pad`, with the settings as they are now.
    private func answerCapsQuery(_ query: Query, on pad: Pad) -> Bool {
        S.Kind.answerCapsQuery(query, on: pad, sinkPad: sinkPad, srcPad: srcPad, settings: shared.withLock { $0.settings })
    }

    /// `position` no later than the output duration `D·F(1)` when it is known: the last frame
    /// of a fixed-rate output may end past it, and a seek bar must not run past its end.
    private func clampedToDuration(_ position: Int64, _ map: TimeMap) -> Int64 {
        guard let out = map.outputDuration else { return position }
        return min(position, Int64(clamping: ClockTime.fromSeconds(out)))
    }

    /// `T` on a stream time in signed nanoseconds.
    private static func warp(_ ns: Int64, _ map: TimeMap) -> Int64 {
        Int64(clamping: ClockTime.fromSeconds(map.warp(ClockTime.seconds(signed: ns))))
    }
}
