import GStreamerBinding
import Synchronization

/// `reverse=true`: the element plays upstream's reverse playback into a forward stream, and in
/// a plain forward pipeline asks upstream for it.
extension WarpElement where S: ~Copyable {
    /// The reversal of the reverse segment `input`: from the `duration` property when it is set
    /// (so that audio and video, whose streams may end apart, turn around the same point), else
    /// from the segment's stop, else from upstream's duration. Posts an element error and
    /// returns nil when none is known.
    func reversal(for input: Segment, _ warp: TimestampWarp) -> Reversal? {
        let configured = shared.withLock { $0.settings.timeMap.duration }
        var end: UInt64? = configured == ClockTime.none ? nil : configured
        if end == nil, input.stop != ClockTime.none { end = input.streamTime(of: input.stop) }
        if end == nil, let d = warp.map.mediaDuration { end = ClockTime.fromSeconds(d) }
        if end == nil, let d = sinkPad.peerDuration(), d > 0 { end = d }
        guard let end else {
            element.postError(.stream, code: ErrorCode.streamFailed,
                              "reverse=true needs the duration of the stream, which upstream does not tell",
                              debug: "set the duration property, or seek with a stop position")
            return nil
        }
        return Reversal(inputEnd: end, outputEnd: warp.warpStreamTime(end))
    }

    /// With `reverse=true` and a forward segment: asks upstream, once per stream, for reverse
    /// playback of the whole stream (a flushing seek at rate -1 from 0 to the duration), from
    /// another thread, since the seek flushes the thread that delivers this buffer. Returns
    /// true when the buffer is to be dropped (a forward buffer while reversing is asked for).
    /// The elements with `reverse=true` behind one origin send one seek between them, when the
    /// last of them has its first buffer or EOS (see `ReverseSeekOwners`).
    func requestReversePlayback(_ timeline: Timeline) -> Bool {
        guard timeline.reverseWanted, let input = timeline.input, input.rate > 0 else { return false }
        let request = reversePlayback
        guard !request.sent.exchange(true, ordering: .relaxed) else { return true }
        if let group = element.siblings(withTrue: .reverse),
           !ReverseSeekOwners.arrive(element.address, from: group.origin, members: group.members) {
            element.log(.info, "reverse=true: the reverse playback is asked for once every element with reverse=true behind the same upstream has data")
            return true
        }
        element.log(.info, "reverse=true over a forward stream: asking upstream for reverse playback")
        let configured = shared.withLock { $0.settings.timeMap.duration }
        // The medium ends `duration` after its origin (a TS starts at 0.767 s, say).
        let origin = currentOrigin.streamTime
        let (element, sinkPad, srcPad) = (self.element, self.sinkPad, self.srcPad)
        element.callAsync {
            let duration = sinkPad.peerDuration() ?? (configured == ClockTime.none ? nil : configured)
            guard let length = duration, length > 0,
                  let seek = Event.reverseSeek(stop: origin.addingReportingOverflow(length).overflow ? UInt64.max : origin + length)
            else {
                element.postError(.stream, code: ErrorCode.streamFailed,
                                  "reverse=true needs upstream to play in reverse, and it does not tell its duration",
                                  debug: "put a demuxer or parser that knows the duration before the element")
                return
            }
            if !sinkPad.push(seek) {
                element.log(.warning, "reverse=true: upstream refused the seek at rate -1")
                request.refused.store(true, ordering: .releasing)
                // A forward EOS held back for the reverse playback that will not come.
                if request.heldEOS.exchange(false, ordering: .acquiringAndReleasing) {
                    ReversePlaybackRequest.giveUp(element, srcPad)
                }
            }
        }
        return true
    }

    /// A forward EOS with `reverse=true`: held back while the reverse playback asked for is on
    /// its way (a short stream can end before the seek is handled); true when it is held. When
    /// the seek was refused, or upstream played forwards again after it, the error is posted
    /// and the EOS goes on.
    func holdForwardEOS(_ timeline: Timeline) -> Bool {
        let request = reversePlayback
        guard (timeline.input?.rate ?? 1) > 0 else { return false }
        // EOS before any buffer: this element's arrival may be the one its siblings wait for.
        if !request.sent.load(ordering: .relaxed), !requestReversePlayback(timeline) { return false }
        if request.refused.load(ordering: .acquiring) {
            ReversePlaybackRequest.postError(element)
            return false
        }
        request.heldEOS.store(true, ordering: .releasing)
        // The refusal may have come in between.
        if request.refused.load(ordering: .acquiring), request.heldEOS.exchange(false, ordering: .acquiringAndReleasing) {
            ReversePlaybackRequest.postError(element)
            return false
        }
        return true
    }

    /// A new forward segment after the flush of our reverse seek: upstream ignored the rate.
    func noteForwardSegmentAfterFlush(_ segment: Segment) {
        let request = reversePlayback
        guard segment.rate > 0, request.sent.load(ordering: .relaxed),
              request.flushedSinceRequest.load(ordering: .relaxed) else { return }
        request.refused.store(true, ordering: .releasing)
    }
}
