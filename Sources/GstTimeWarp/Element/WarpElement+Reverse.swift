import CGStreamer
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
    func requestReversePlayback(_ timeline: Timeline) -> Bool {
        guard let input = timeline.input, input.rate > 0, shared.withLock({ $0.settings.reverse }) else { return false }
        guard !reverseSeekSent.exchange(true, ordering: .relaxed) else { return true }
        // One seek per origin: the audio and video elements of one demuxer would otherwise
        // both flush it (the second flush can catch a decoder negotiating).
        let me = UInt(bitPattern: UnsafeRawPointer(element.raw))
        if let origin = element.upstreamSourceAddress(), !ReverseSeekClaims.claim(origin, by: me) {
            element.log(.info, "reverse=true: another element asked the same upstream for reverse playback")
            return true
        }
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
                element.log(.warning, "reverse=true: upstream refused the seek at rate -1")
                reverseRefused.store(true, ordering: .releasing)
                // A forward EOS held back for the reverse playback that will not come.
                if heldEOS.exchange(false, ordering: .acquiringAndReleasing) { giveUpReverse() }
            }
        }
        return true
    }

    /// A forward EOS with `reverse=true`: held back while the reverse playback asked for is on
    /// its way (a short stream can end before the seek is handled); true when it is held. When
    /// the seek was refused, or upstream played forwards again after it, the error is posted
    /// and the EOS goes on.
    func holdForwardEOS(_ timeline: Timeline) -> Bool {
        guard reverseSeekSent.load(ordering: .relaxed), (timeline.input?.rate ?? 1) > 0 else { return false }
        if reverseRefused.load(ordering: .acquiring) {
            postReverseError()
            return false
        }
        heldEOS.store(true, ordering: .releasing)
        // The refusal may have come in between.
        if reverseRefused.load(ordering: .acquiring), heldEOS.exchange(false, ordering: .acquiringAndReleasing) {
            postReverseError()
            return false
        }
        return true
    }

    /// A new forward segment after the flush of our reverse seek: upstream ignored the rate.
    func noteForwardSegmentAfterFlush(_ segment: Segment) {
        guard segment.rate > 0, reverseSeekSent.load(ordering: .relaxed),
              flushedSinceReverseSeek.load(ordering: .relaxed) else { return }
        reverseRefused.store(true, ordering: .releasing)
    }

    /// Posts the error, then sends the EOS that was held back.
    private func giveUpReverse() {
        postReverseError()
        if let eos = Event.eos() { _ = srcPad.push(eos) }
    }

    private func postReverseError() {
        element.postError(.stream, code: ErrorCode.streamFailed,
                          "reverse=true: upstream did not play in reverse",
                          debug: "the seek at rate -1 was refused or ignored; the demuxer may not support reverse playback")
    }
}

/// Which element asked which origin (see `ElementHandle.upstreamSourceAddress`) for reverse
/// playback: the first to ask seeks, the others wait for the reverse segment it brings.
enum ReverseSeekClaims {
    private static let claims = Mutex<[UInt: UInt]>([:])

    /// Claims `origin` for `element`; false when another element holds it.
    static func claim(_ origin: UInt, by element: UInt) -> Bool {
        claims.withLock { all in
            if let holder = all[origin], holder != element { return false }
            all[origin] = element
            return true
        }
    }

    /// Gives up `element`'s claims (its stream stopped).
    static func release(by element: UInt) {
        claims.withLock { all in all = all.filter { $0.value != element } }
    }
}
