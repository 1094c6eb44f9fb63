import CGStreamer
import GStreamerBinding
import Synchronization

/// One videotimewarp, audiotimewarp or texttimewarp instance: the behaviour the three share (time-map properties,
/// building the map once per stream, mapping segments, seeks, QoS and queries through `T`) around
/// the element-specific streaming `State` (`S`), which it drives: the State is data, handed its
/// buffers and events with a `StreamOutput`, and never sees the element.
///
/// Threading: `state` is locked by the streaming thread (buffers and serialized events) and by
/// state changes while streaming is stopped; nothing else touches it. `shared` holds what other
/// threads read or write under a lock: settings, the published map and segments. `status` holds
/// what they read or signal without one (counters, position, latency, live-change flags, the
/// reverse request). Code that may run inside a push from this element (caps, latency and
/// position queries, upstream events) only takes `shared`, never `state`.
final class WarpElement<S: WarpStream & ~Copyable>: TimeWarpElementImpl {
    /// Our element.
    let element: ElementHandle
    /// Settings and what the streaming thread publishes for other threads.
    let shared = Mutex(SharedState())
    /// The streaming state and its output context.
    let state: Mutex<LockedStream<S>>
    /// What other threads read or signal without a lock; one reset per stream.
    let status: StreamStatus
    /// `status.live` for the per-buffer check, borrowed: read through a strong reference, its
    /// atomic loads made Swift retain and release it for every buffer (about 55 instructions,
    /// all that put the element's own cost above identity's: issue 33). `status` holds it as
    /// long as the element lives.
    private let quietFlags: Unmanaged<LiveMapState>

    /// The Swift side of `element`.
    init(element: ElementHandle) {
        let status = StreamStatus()
        self.element = element
        self.status = status
        quietFlags = Unmanaged.passUnretained(status.live)
        state = Mutex(LockedStream(stream: S.fresh(),
                                   out: StreamOutput(element: element, status: status, settings: ElementSettings())))
    }

    /// The sink pad.
    var sinkPad: Pad { element.sinkPad }
    /// The source pad.
    var srcPad: Pad { element.srcPad }
    /// videotimewarp's `in`, `out`, `drop` and `duplicate` counters.
    var counters: VideoCounters { status.counters }
    /// Live changes of the time map: what changed, and whether the map was used yet.
    var live: LiveMapState { status.live }
    /// What `reverse=true` asked of upstream in this stream.
    var reversePlayback: ReversePlaybackRequest { status.reversePlayback }

    // MARK: Buffers

    // Specialized for the video and audio kinds (text buffers are few): called through the
    // `TimeWarpElementImpl` existential, the generic version would look up `Mutex<LockedStream<S>>`'s
    // metadata at run time for every buffer. One lock per buffer, as before: the State's first look
    // (`admit`), the live changes, the pending segment and `process` all run under it, and `out` is the
    // one kept beside the State (no settings lock, no copy).
    @_specialize(where S == VideoState)
    @_specialize(where S == AudioState)
    func chain(_ buffer: consuming Buffer) throws(FlowError) {
        var pending: Buffer? = consume buffer
        try state.withLock { (slot) throws(FlowError) in
            guard let buffer = pending.take() else { throw .error }
            if slot.stream.timeline.awaitingOrigin { takeOrigin(fromFirstBuffer: buffer.pts, &slot.stream.timeline) }
            let span: InputSpan?
            switch slot.stream.admit(buffer, slot.out) {
            case .dropped: return
            case .failed(let error): throw error
            case .proceed(let admitted): span = admitted
            }
            // The usual buffer (no binding, no change, the map in use) pays three plain loads
            // here, in one call.
            if let span, element.hasControlBindings || !quietFlags._withUnsafeGuaranteedRef({ $0.isQuiet }) {
                applyLiveChanges(at: span, &slot)
            }
            if slot.stream.timeline.segmentPending, !pushSegmentIfPending(&slot) { throw .error }
            guard slot.stream.timeline.isFlowing else { throw .error }
            if slot.stream.timeline.reverseWanted, requestReversePlayback(slot.stream.timeline) {
                counters.bump(.dropped)  // forward buffers while reverse playback is asked for
                return
            }
            try slot.stream.process(buffer, at: span, slot.out)
        }
    }

    // MARK: Segments

    /// Builds the mapping of the current input segment if needed; posts an element error once on
    /// failure (unless `reportingErrors` is false).
    func ensureWarp(_ timeline: inout Timeline, reportingErrors: Bool = true) -> TimestampWarp? {
        if let warp = timeline.warp { return warp }
        guard !timeline.mapFailed else { return nil }
        if timeline.input == nil { timeline.begin(Segment.time(), seqnum: timeline.seqnum) }
        guard let input = timeline.input else { return nil }
        switch streamMap() {
        case .success(let map):
            let warp = TimestampWarp(map: map, segmentStart: input.start, segmentTime: input.time)
            timeline.warp = warp
            return warp
        case .failure(let error):
            guard reportingErrors else { return nil }
            timeline.mapFailed = true
            let settings = shared.withLock { $0.settings.timeMap }
            element.postError(.stream, code: ErrorCode.streamFailed, "Invalid time map: \(error)",
                              debug: "function=\(settings.function.nick) factor=\(settings.factor) "
                                + "modifier=\(settings.modifier)")
            return nil
        }
    }

    /// Pushes the output segment if one is pending; false if the map is unavailable.
    /// Takes the settings snapshot of the segment (`out.settings`) and tells the State that
    /// the segment began.
    func pushSegmentIfPending(_ slot: inout LockedStream<S>) -> Bool {
        guard slot.stream.timeline.segmentPending else { return true }
        guard let warp = ensureWarp(&slot.stream.timeline), let input = slot.stream.timeline.input else { return false }
        let seqnum = slot.stream.timeline.seqnum
        let seek = RequestedSeekPositions.seek(seqnum: seqnum)
        var output = warp.outputSegment(for: input, continuing: slot.stream.timeline.previous, answering: seek,
                                        received: slot.stream.timeline.received)
        slot.out.settings = shared.withLock { $0.settings }
        slot.stream.timeline.reversal = nil
        slot.stream.timeline.reverseWanted = slot.out.settings.reverse
        if input.rate < 0, slot.stream.timeline.reverseWanted {
            guard let reversal = reversal(for: input, warp) else { return false }
            slot.stream.timeline.reversal = reversal
            output = reversal.outputSegment(for: input, warp)
        }
        slot.stream.timeline.remap = nil
        if let curve = slot.out.settings.timeMap.nonForwardRemap(mediaDuration: warp.map.mediaDuration) {
            guard input.rate > 0 else {
                element.postError(.stream, code: ErrorCode.streamFailed,
                                  "function=remap plays forward input only (the curve itself goes backwards)",
                                  debug: "input segment rate \(input.rate)")
                return false
            }
            // A live source sends input as it happens: a curve may replay it, not run ahead of it.
            if slot.stream.timeline.liveOrigin, let ahead = curve.firstOutputAheadOfInput() {
                element.postError(.stream, code: ErrorCode.streamFailed,
                                  "The remap curve needs input a live source has not sent yet: at output "
                                      + "\(ahead) s it shows input \(curve.inputTime(at: ahead)) s",
                                  debug: "with a live source, every key must have t <= τ (a rewind or a freeze replays what came)")
                return false
            }
            let remap = remapSegment(curve, for: input, answering: seek)
            slot.stream.timeline.remap = remap
            output = remap.outputSegment(for: input, continuing: slot.stream.timeline.previous?.output)
        }
        slot.stream.timeline.output = output
        slot.stream.timeline.segmentPending = false
        shared.withLock { $0.timeline = PublishedTimeline(input: input, output: output, warp: warp) }
        element.log(.debug, "input \(input.description) -> output \(output.description)")
        slot.stream.segmentDidBegin(slot.out)
        guard let event = Event.segment(output, seqnum: seqnum) else { return false }
        return srcPad.push(event)
    }

    // MARK: Events

    func sinkEvent(_ event: consuming Event) -> Bool {
        switch event.kind {
        case .segment:
            let segment = event.parseSegment()
            guard segment.isTime else {
                element.postError(.stream, code: ErrorCode.streamFormat, "Only TIME segments are supported",
                                  debug: "got a segment in another format; put a parser or demuxer before the element")
                return false
            }
            let seqnum = event.seqnum
            noteForwardSegmentAfterFlush(segment)
            let (origin, live) = origin(forSegment: segment)
            state.withLock { slot in
                // The very same segment again (an update that changes nothing) is no new segment.
                guard slot.stream.timeline.received != segment else { return }
                // Along a remap curve, a segment without a flush that starts the same running
                // time again is an update of the one in use (matroskademux re-sends it for some
                // files), not the next part of a concat: the curve goes on where it is.
                if slot.stream.timeline.remap != nil, let received = slot.stream.timeline.received,
                   segment.base == received.base, segment.rate == received.rate {
                    slot.stream.timeline.update(segment, origin: origin)
                    return
                }
                try? slot.stream.drain(slot.out)
                slot.stream.timeline.begin(segment, origin: origin, seqnum: seqnum)
                slot.stream.timeline.liveOrigin = live
            }
            return true
        case .caps:
            var pending: Event? = consume event
            let settings = shared.withLock { $0.settings }
            return state.withLock { slot in
                guard let event = pending.take() else { return false }
                slot.out.settings = settings
                return slot.stream.handleCaps(event, slot.out)
            }
        case .eos:
            state.withLock { slot in
                if slot.stream.timeline.segmentPending {
                    // EOS before any buffer: a map that cannot be built yet is no error here.
                    if ensureWarp(&slot.stream.timeline, reportingErrors: false) != nil {
                        _ = pushSegmentIfPending(&slot)
                    } else if let input = slot.stream.timeline.input,
                              let unchanged = Event.segment(input, seqnum: slot.stream.timeline.seqnum) {
                        slot.stream.timeline.segmentPending = false
                        slot.stream.timeline.output = input
                        srcPad.push(unchanged)
                    }
                }
                try? slot.stream.drain(slot.out)
            }
            if state.withLock({ holdForwardEOS($0.stream.timeline) }) { return true }
            return srcPad.push(event)
        case .flushStop:
            reversePlayback.flushed()
            state.withLock { $0.stream.flush() }
            shared.withLock { $0.timeline = nil }
            status.position.store(ClockTime.none, ordering: .relaxed)
            return srcPad.push(event)
        case .gap:
            let (ts, dur) = event.parseGap()
            return state.withLock { slot in forwardGap(timestamp: ts, duration: dur, &slot) }
        case .segmentDone:
            guard let position = event.parseSegmentDone() else { return sinkPad.eventDefault(event, parent: element) }
            let seqnum = event.seqnum
            let mapped = state.withLock { slot -> UInt64 in
                try? slot.stream.drain(slot.out)
                guard let pair = slot.stream.timeline.current, let streamTime = pair.input.streamTime(of: position) else {
                    return position
                }
                return pair.warp.outputTimestamp(streamTime: streamTime)
            }
            guard let done = Event.segmentDone(position: mapped, seqnum: seqnum) else { return false }
            return srcPad.push(done)
        case .toc, .tag:
            guard let mapped = mappingTimedMetadata(event) else { return sinkPad.eventDefault(event, parent: element) }
            return srcPad.push(mapped)
        default:
            return sinkPad.eventDefault(event, parent: element)
        }
    }

    /// Forwards a GAP event with its timestamps mapped through `T`.
    func forwardGap(timestamp ts: UInt64, duration dur: UInt64, _ slot: inout LockedStream<S>) -> Bool {
        guard pushSegmentIfPending(&slot), let pair = slot.stream.timeline.current,
              let streamTime = pair.input.streamTime(of: ts) else { return true }
        let outTs = pair.warp.outputTimestamp(streamTime: streamTime)
        guard outTs < ClockTime.end else { return true }
        var outDur = ClockTime.none
        if dur != ClockTime.none {
            // Saturating: a gap reaching past the clock range ends at its end.
            let (inEnd, overflow) = ts.addingReportingOverflow(dur)
            let end = overflow ? nil : pair.input.streamTime(of: min(inEnd, pair.input.stop))
            let outEnd = end.map { pair.warp.outputTimestamp(streamTime: $0) } ?? ClockTime.end
            outDur = min(outEnd, ClockTime.end) >= outTs ? min(outEnd, ClockTime.end) - outTs : 0
        }
        guard let gap = Event.gap(timestamp: outTs, duration: outDur) else { return true }
        return srcPad.push(gap)
    }

    func srcEvent(_ event: consuming Event) -> Bool {
        switch event.kind {
        case .seek:
            return forwardSeek(event)
        case .qos:
            return forwardQoS(event)
        default:
            return srcPad.eventDefault(event, parent: element)
        }
    }

    // MARK: State

    func stateWillChange(_ transition: GstStateChange) {
        if transition == GST_STATE_CHANGE_READY_TO_PAUSED {
            startStream()
            state.withLock { $0.stream.willStart($0.out.settings) }
        }
    }

    func stateDidChange(_ transition: GstStateChange) {
        if transition == GST_STATE_CHANGE_PAUSED_TO_READY { startStream() }
    }

    /// A new stream: a fresh state and status, and the map is built again from the settings.
    private func startStream() {
        let settings = shared.withLock { shared -> ElementSettings in
            shared.map = nil
            shared.timeline = nil
            shared.origin = nil
            return shared.settings
        }
        state.withLock { slot in
            slot.stream = S.fresh()
            slot.out.settings = settings
        }
        status.reset()
        ReverseSeekOwners.release(by: element.address)
    }
}
