import GStreamerBinding
import TimeWarpMap

/// A cue's appearance on the output of a remap curve, waiting until no later cue can appear
/// before it.
struct RemapCue: Sendable {
    /// The cue (shared: a cue in a rewound passage appears more than once).
    let box: BlendFrame.Box
    /// Output timestamp and duration of this appearance (ns).
    let pts: UInt64
    let duration: UInt64
}

/// `function=remap` with a curve that stops or goes back: a cue is shown for every stretch of
/// output where `p(τ)` lies inside it (`RemapCurve.outputSpans`): a cue inside a rewound passage
/// appears twice, and a cue cut by a jump is cut. Appearances go out in output order: each waits
/// until the curve cannot show a later cue before it (later cues start at or after this one's
/// start, which the curve first reaches at `firstOutputTime(reachingInput:)`).
extension TextState {
    /// Queues the appearances of the cue over `span` and pushes those that are due.
    mutating func processRemap(_ buffer: consuming Buffer, span: InputSpan, _ remap: RemapSegment,
                               _ out: StreamOutput) throws(FlowError) {
        let a = ClockTime.seconds(span.start)
        let b = max(ClockTime.seconds(span.end), a + 1e-9)  // an instant shows at its time
        let box = BlendFrame.Box(buffer)
        for appearance in remap.curve.outputSpans(showingInput: a, b) where appearance.upperBound > remap.firstTau {
            let start = remap.timestamp(ofTau: max(appearance.lowerBound, remap.firstTau))
            let end = remap.timestamp(ofTau: appearance.upperBound)
            pendingCues.append(RemapCue(box: box, pts: start, duration: end > start ? end - start : 0))
        }
        pendingCues.sort { $0.pts < $1.pts }
        let horizon = remap.curve.firstOutputTime(reachingInput: a).map(remap.timestamp(ofTau:)) ?? ClockTime.end
        try pushCues(before: horizon, out)
        // Past the latest input the curve shows: no later cue is ever shown, upstream may stop.
        if a > remap.curve.latestInputTime {
            try pushCues(before: ClockTime.end, out)
            throw .eos
        }
    }

    /// Pushes every queued appearance (EOS, a new segment).
    mutating func drainRemap(_ out: StreamOutput) throws(FlowError) { try pushCues(before: ClockTime.end, out) }

    /// Pushes the queued appearances that start before `horizon`, in output order.
    private mutating func pushCues(before horizon: UInt64, _ out: StreamOutput) throws(FlowError) {
        while let cue = pendingCues.first, cue.pts < horizon || horizon == ClockTime.end {
            pendingCues.removeFirst()
            guard var copy = cue.box.buffer.shallowCopy() else { throw .error }
            copy.stamp(pts: cue.pts, duration: cue.duration, discont: timeline.discontPending)
            timeline.discontPending = false
            out.recordPosition(cue.pts)
            try out.push(copy)
        }
    }
}
