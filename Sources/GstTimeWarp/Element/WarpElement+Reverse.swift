import CGStreamer
import Synchronization

/// `reverse=true`: the element plays upstream's reverse playback into a forward stream, and in
/// a plain forward pipeline asks upstream for it.
extension WarpElement where S: ~Copyable {
    /// The reversal of the reverse segment `input`: from its stop, or from the duration when it
    /// has none. Posts an element error and returns nil when neither is known.
    func reversal(for input: Segment, _ warp: TimestampWarp) -> Reversal? {
        var end: UInt64?
        if input.stop != ClockTime.none { end = input.streamTime(of: input.stop) }
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
    func requestReversePlayback(_ timeline: Timeline) -> Bool {
        guard let input = timeline.input, input.rate > 0, shared.withLock({ $0.settings.reverse }) else { return false }
        guard !reverseSeekSent.exchange(true, ordering: .relaxed) else { return true }
        element.log(.info, "reverse=true over a forward stream: asking upstream for reverse playback")
        let configured = shared.withLock { $0.settings.timeMap.duration }
        element.callAsync { [self] in
            let duration = sinkPad.peerDuration() ?? (configured == ClockTime.none ? nil : configured)
            guard let stop = duration, stop > 0, let seek = Event.reverseSeek(stop: stop) else {
                element.postError(.stream, code: ErrorCode.streamFailed,
                                  "reverse=true needs upstream to play in reverse, and it does not tell its duration",
                                  debug: "put a demuxer or parser that knows the duration before the element")
                return
            }
            if !sinkPad.push(seek) {
                element.postError(.stream, code: ErrorCode.streamFailed,
                                  "reverse=true: upstream refused to play in reverse",
                                  debug: "the seek at rate -1 was not handled; the demuxer may not support reverse playback")
            }
        }
        return true
    }
}
