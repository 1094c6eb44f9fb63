import CGStreamer
import GStreamerBinding
import Synchronization

/// One videotimewarp or audiotimewarp instance: the behaviour both share (time-map properties,
/// building the map once per stream, mapping segments, seeks, QoS and queries through `T`) around
/// the element-specific streaming `State` (`S`).
///
/// Threading: `state` is locked by the streaming thread (buffers and serialized events) and by
/// state changes while streaming is stopped; nothing else touches it. `shared` holds what other
/// threads read or write: settings, the published map and segments, latency, the last seek.
/// Code that may run inside a push from this element (caps, latency and position queries,
/// upstream events) only takes `shared`, never `state`.
final class WarpElement<S: WarpStream & ~Copyable>: TimeWarpElementImpl {
    /// Our element.
    let element: ElementHandle
    /// Settings and what the streaming thread publishes for other threads.
    let shared = Mutex(SharedState())
    /// The streaming state.
    let state = Mutex(S.fresh())
    /// videotimewarp's `in`, `out`, `drop` and `duplicate` counters (atomics).
    let counters = VideoCounters()
    /// Output timestamp of the position reached (ns; `ClockTime.none` before any), for position
    /// queries upstream cannot answer. An atomic: it is written for every buffer.
    let position = Atomic<UInt64>(ClockTime.none)
    /// Live changes of the time map: what changed, and whether the map was used yet.
    let live = LiveMapState()
    /// What `reverse=true` asked of upstream in this stream.
    let reversePlayback = ReversePlaybackRequest()

    /// The Swift side of `element`.
    init(element: ElementHandle) { self.element = element }

    /// The sink pad.
    var sinkPad: Pad { element.sinkPad }
    /// The source pad.
    var srcPad: Pad { element.srcPad }

    // MARK: Buffers

    // Specialized for both element kinds: called through the `TimeWarpElementImpl` existential,
    // the generic version would look up `Mutex<S>`'s metadata at run time for every buffer.
    @_specialize(where S == VideoState)
    @_specialize(where S == AudioState)
    func chain(_ buffer: consuming Buffer) -> GstFlowReturn {
        var pending: Buffer? = consume buffer
        return state.withLock { st in
            guard let buffer = pending.take() else { return GST_FLOW_ERROR }
            return st.process(buffer, self)
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
    func pushSegmentIfPending(_ st: inout S) -> Bool {
        guard st.timeline.segmentPending else { return true }
        guard let warp = ensureWarp(&st.timeline), let input = st.timeline.input else { return false }
        let seqnum = st.timeline.seqnum
        let seek = RecentSeeks.seek(seqnum: seqnum)
        var out = warp.outputSegment(for: input, continuing: st.timeline.previous, answering: seek)
        st.timeline.reversal = nil
        st.timeline.reverseWanted = shared.withLock { $0.settings.reverse }
        if input.rate < 0, st.timeline.reverseWanted {
            guard let reversal = reversal(for: input, warp) else { return false }
            st.timeline.reversal = reversal
            out = reversal.outputSegment(for: input, warp)
        }
        st.timeline.output = out
        st.timeline.segmentPending = false
        shared.withLock { $0.timeline = PublishedTimeline(input: input, output: out, warp: warp) }
        element.log(.debug, "input \(input.description) -> output \(out.description)")
        st.segmentDidBegin(self)
        guard let event = Event.segment(out, seqnum: seqnum) else { return false }
        return srcPad.push(event)
    }

    /// Warns (once per run, `warned` tracks it) that output reached the end of the clock range
    /// and what is beyond it is dropped.
    func warnClockEnd(_ warned: inout Bool) {
        guard !warned else { return }
        warned = true
        element.postWarning(.stream, code: ErrorCode.streamFailed,
                            "Output timestamps reach the end of the clock range (2^63 ns): what lies beyond is dropped",
                            debug: "the input timestamps, or the time map, go past about 292 years")
    }

    /// Records the position reached (an output timestamp of the current output segment), for
    /// position queries that upstream does not answer.
    func recordPosition(_ timestamp: UInt64) {
        position.store(timestamp, ordering: .relaxed)
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
            state.withLock { st in
                // The very same segment again (an update that changes nothing) is no new segment.
                guard st.timeline.input != segment else { return }
                _ = st.drain(self)
                st.timeline.begin(segment, seqnum: seqnum)
            }
            return true
        case .caps:
            var pending: Event? = consume event
            return state.withLock { st in
                guard let event = pending.take() else { return false }
                return st.handleCaps(event, self)
            }
        case .eos:
            state.withLock { st in
                if st.timeline.segmentPending {
                    // EOS before any buffer: a map that cannot be built yet is no error here.
                    if ensureWarp(&st.timeline, reportingErrors: false) != nil {
                        _ = pushSegmentIfPending(&st)
                    } else if let input = st.timeline.input,
                              let unchanged = Event.segment(input, seqnum: st.timeline.seqnum) {
                        st.timeline.segmentPending = false
                        st.timeline.output = input
                        srcPad.push(unchanged)
                    }
                }
                _ = st.drain(self)
            }
            if state.withLock({ holdForwardEOS($0.timeline) }) { return true }
            return srcPad.push(event)
        case .flushStop:
            reversePlayback.flushed()
            state.withLock { $0.flush() }
            shared.withLock { $0.timeline = nil }
            position.store(ClockTime.none, ordering: .relaxed)
            return srcPad.push(event)
        case .gap:
            let (ts, dur) = event.parseGap()
            return state.withLock { st in forwardGap(timestamp: ts, duration: dur, &st) }
        case .segmentDone:
            guard let position = event.parseSegmentDone() else { return sinkPad.eventDefault(event, parent: element) }
            let seqnum = event.seqnum
            let mapped = state.withLock { st -> UInt64 in
                _ = st.drain(self)
                guard let pair = st.timeline.current, let streamTime = pair.input.streamTime(of: position) else {
                    return position
                }
                return pair.warp.outputTimestamp(streamTime: streamTime)
            }
            guard let done = Event.segmentDone(position: mapped, seqnum: seqnum) else { return false }
            return srcPad.push(done)
        default:
            return sinkPad.eventDefault(event, parent: element)
        }
    }

    /// Forwards a GAP event with its timestamps mapped through `T`.
    func forwardGap(timestamp ts: UInt64, duration dur: UInt64, _ st: inout S) -> Bool {
        guard pushSegmentIfPending(&st), let pair = st.timeline.current,
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
        if transition == GST_STATE_CHANGE_READY_TO_PAUSED { startStream() }
    }

    func stateDidChange(_ transition: GstStateChange) {
        if transition == GST_STATE_CHANGE_PAUSED_TO_READY {
            startStream()
            counters.reset()
        }
    }

    /// A new stream: a fresh state, and the map is built again from the settings.
    private func startStream() {
        state.withLock { $0 = S.fresh() }
        shared.withLock {
            $0.map = nil
            $0.timeline = nil
            $0.latency = 0
        }
        live.reset()
        reversePlayback.reset()
        ReverseSeekClaims.release(by: UInt(bitPattern: UnsafeRawPointer(element.raw)))
        position.store(ClockTime.none, ordering: .relaxed)
    }
}
