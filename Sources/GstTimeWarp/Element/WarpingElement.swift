import CGStreamer
import CShims
import Synchronization
import TimeWarpMap

/// What the application thread and the streaming thread share, behind one lock.
struct SharedState {
    var settings = TimeMapSettings()
    /// The map in use, published for queries and seeks from other threads.
    var map: TimeMap?
}

/// The behaviour videotimewarp and audiotimewarp share: time-map properties, building the map
/// (asking upstream for the duration), mapping segments, seeks, and position and duration
/// queries through `T`, flushing. Subclasses process buffers, negotiate caps and drain at EOS.
class WarpingElement: @unchecked Sendable {
    /// Our element.
    let element: ElementHandle
    /// Settings and the published map.
    let shared = Mutex(SharedState())

    // Streaming-thread state.
    /// The last input segment.
    var inputSegment = Segment.time()
    /// The mapping for the current input segment, once the map is built.
    var warp: TimestampWarp?
    /// The output segment has to be (re)sent before the next output.
    var segmentPending = false
    /// Sequence number of the last segment event.
    var segmentSeqnum: UInt32 = 0
    /// The next output buffer gets DISCONT.
    var discontPending = true
    /// An error was already posted for the current configuration.
    var mapFailed = false

    init(element: ElementHandle) { self.element = element }

    var sinkPad: Pad { element.sinkPad }
    var srcPad: Pad { element.srcPad }

    /// Entry point for buffers arriving on the sink pad.
    func chain(_ buffer: consuming Buffer) -> GstFlowReturn { process(buffer) }

    // MARK: Hooks for subclasses

    /// Handles one input buffer.
    func process(_ buffer: consuming Buffer) -> GstFlowReturn { GST_FLOW_OK }
    /// Emits what is held back, at EOS or before a new segment.
    func drain() -> GstFlowReturn { GST_FLOW_OK }
    /// Forgets all streaming state (flush, stop).
    func resetStream() {}
    /// Handles a CAPS event; returns whether the caps were accepted.
    func handleCaps(_ event: consuming Event) -> Bool { srcPad.push(event) }
    /// Answers a caps query on `pad`.
    func handleCapsQuery(_ query: Query, on pad: Pad) -> Bool {
        pad.queryDefault(query, parent: element)
    }
    /// Latency this element adds (ns).
    func addedLatency() -> UInt64 { 0 }
    /// Sets an element-specific property.
    func setOwnProperty(_ id: UInt32, _ value: PropertyValue) -> Bool { false }
    /// Reads an element-specific property.
    func getOwnProperty(_ id: UInt32, _ value: PropertyValue) -> Bool { false }

    // MARK: The time map

    /// Builds the map from the current settings if needed; posts an element error on failure.
    @discardableResult
    func ensureWarp(reportingErrors: Bool = true) -> TimestampWarp? {
        if let warp { return warp }
        guard !mapFailed else { return nil }
        let settings = shared.withLock { $0.settings }
        var mediaDuration = settings.durationSeconds
        if mediaDuration == nil, let d = sinkPad.peerDuration(), d > 0 {
            mediaDuration = ClockTime.seconds(d)
        }
        do {
            let map = try settings.makeMap(mediaDuration: mediaDuration)
            let w = TimestampWarp(map: map, segmentStart: inputSegment.start, segmentTime: inputSegment.time)
            warp = w
            shared.withLock { $0.map = map }
            element.notify("output-duration")
            element.log(.info, "time map ready: D=\(mediaDuration.map { "\($0) s" } ?? "unknown"), "
                        + "output duration \(map.outputDuration.map { "\($0) s" } ?? "unknown")")
            return w
        } catch {
            guard reportingErrors else { return nil }
            mapFailed = true
            element.postError(.stream, code: ErrorCode.streamFailed, "Invalid time map: \(error)",
                              debug: "function=\(settings.function.nick) factor=\(settings.factor) "
                                + "modifier=\(settings.modifier)")
            return nil
        }
    }

    /// Pushes the output segment if one is pending; false if the map is unavailable.
    func pushSegmentIfPending() -> Bool {
        guard segmentPending else { return true }
        guard let warp = ensureWarp() else { return false }
        let out = warp.outputSegment(for: inputSegment)
        outputSegment = out
        segmentPending = false
        element.log(.debug, "input \(inputSegment.description) -> output \(out.description)")
        guard let event = Event.segment(out, seqnum: segmentSeqnum) else { return false }
        return srcPad.push(event)
    }

    /// The output segment last pushed (for clipping); nil until the first one goes out.
    private(set) var outputSegment: Segment?

    // MARK: Events

    func sinkEvent(_ event: consuming Event) -> Bool {
        switch event.kind {
        case .segment:
            let segment = event.parseSegment()
            guard segment.isTime else {
                element.postError(.stream, code: ErrorCode.streamFormat,
                                  "Only TIME segments are supported",
                                  debug: "got a segment in another format; put a parser or demuxer before the element")
                return false
            }
            _ = drain()
            inputSegment = segment
            segmentSeqnum = event.seqnum
            segmentPending = true
            outputSegment = nil
            // A new segment (after a seek or at stream start) rebuilds the map from the settings.
            warp = nil
            mapFailed = false
            return true
        case .caps:
            return handleCaps(event)
        case .eos:
            if segmentPending {
                // EOS before any buffer: a map that cannot be built yet is no error here.
                if ensureWarp(reportingErrors: false) != nil {
                    _ = pushSegmentIfPending()
                } else if let unchanged = Event.segment(inputSegment, seqnum: segmentSeqnum) {
                    segmentPending = false
                    outputSegment = inputSegment
                    srcPad.push(unchanged)
                }
            }
            _ = drain()
            return srcPad.push(event)
        case .flushStop:
            resetStream()
            discontPending = true
            segmentPending = true
            return srcPad.push(event)
        case .gap:
            return handleGap(event)
        default:
            return sinkPad.eventDefault(event, parent: element)
        }
    }

    /// Forwards a GAP event with its timestamps mapped through `T`.
    func handleGap(_ event: consuming Event) -> Bool {
        let (ts, dur) = event.parseGap()
        guard pushSegmentIfPending(), let warp, let st = inputSegment.streamTime(of: ts) else { return true }
        let outTs = warp.outputTimestamp(streamTime: st)
        var outDur = ClockTime.none
        if dur != ClockTime.none, let se = inputSegment.streamTime(of: ts &+ dur) {
            outDur = warp.outputTimestamp(streamTime: se) &- outTs
        }
        guard let gap = Event.gap(timestamp: outTs, duration: outDur) else { return true }
        return srcPad.push(gap)
    }

    func srcEvent(_ event: consuming Event) -> Bool {
        switch event.kind {
        case .seek:
            return handleSeek(event)
        case .qos:
            // QoS timestamps are output running times that upstream cannot interpret.
            return true
        default:
            return srcPad.eventDefault(event, parent: element)
        }
    }

    /// Maps a seek (in output time) through `T⁻¹` and sends it upstream.
    func handleSeek(_ event: consuming Event) -> Bool {
        var request = event.parseSeek()
        guard request.isTime else { return srcPad.eventDefault(event, parent: element) }
        guard let map = currentMap() else {
            element.log(.warning, "seek before the time map is known: forwarded unchanged")
            return srcPad.eventDefault(event, parent: element)
        }
        if request.setsStart, request.start >= 0 {
            request.start = Int64(clamping: ClockTime.fromSeconds(map.unwarp(ClockTime.seconds(signed: request.start))))
        }
        if request.setsStop {
            request.stop = Int64(clamping: ClockTime.fromSeconds(map.unwarp(ClockTime.seconds(signed: request.stop))))
        }
        element.log(.debug, "seek mapped to input start \(request.start) stop \(request.stop)")
        guard let mapped = Event.seek(request, seqnum: event.seqnum) else { return false }
        return sinkPad.push(mapped)
    }

    /// The published map, building it from any thread if the stream has not yet.
    func currentMap() -> TimeMap? {
        if let map = shared.withLock({ $0.map }) { return map }
        let settings = shared.withLock { $0.settings }
        let d = settings.durationSeconds ?? sinkPad.peerDuration().map(ClockTime.seconds)
        return try? settings.makeMap(mediaDuration: d)
    }

    // MARK: Queries

    func sinkQuery(_ query: Query) -> Bool {
        if query.kind == .caps { return handleCapsQuery(query, on: sinkPad) }
        return sinkPad.queryDefault(query, parent: element)
    }

    func srcQuery(_ query: Query) -> Bool {
        switch query.kind {
        case .duration where query.asksTime:
            guard sinkPad.peerQuery(query), let map = currentMap() else { return false }
            let d = query.durationAnswer
            guard d >= 0 else { return true }
            query.setDuration(Int64(clamping: ClockTime.fromSeconds(map.warp(ClockTime.seconds(signed: d)))))
            return true
        case .position where query.asksTime:
            guard sinkPad.peerQuery(query), let map = currentMap() else { return false }
            let p = query.positionAnswer
            guard p >= 0 else { return true }
            query.setPosition(Int64(clamping: ClockTime.fromSeconds(map.warp(ClockTime.seconds(signed: p)))))
            return true
        case .seeking where query.asksTime:
            guard sinkPad.peerQuery(query), let map = currentMap() else { return false }
            let answer = query.seekingAnswer
            let mapEnd = answer.end >= 0
                ? Int64(clamping: ClockTime.fromSeconds(map.warp(ClockTime.seconds(signed: answer.end)))) : -1
            let mapStart = answer.start >= 0
                ? Int64(clamping: ClockTime.fromSeconds(map.warp(ClockTime.seconds(signed: answer.start)))) : -1
            query.setSeeking(seekable: answer.seekable, start: mapStart, end: mapEnd)
            return true
        case .latency:
            guard sinkPad.peerQuery(query) else { return false }
            let (live, mn, mx) = query.latencyAnswer
            let extra = addedLatency()
            query.setLatency(live: live, min: mn &+ extra, max: mx == ClockTime.none ? mx : mx &+ extra)
            return true
        case .caps:
            return handleCapsQuery(query, on: srcPad)
        default:
            return srcPad.queryDefault(query, parent: element)
        }
    }

    // MARK: State

    func stateWillChange(_ transition: GstStateChange) {
        if transition == GST_STATE_CHANGE_READY_TO_PAUSED { resetAll() }
    }

    func stateDidChange(_ transition: GstStateChange) {
        if transition == GST_STATE_CHANGE_PAUSED_TO_READY { resetAll() }
    }

    private func resetAll() {
        resetStream()
        inputSegment = Segment.time()
        outputSegment = nil
        warp = nil
        mapFailed = false
        segmentPending = false
        discontPending = true
        shared.withLock { $0.map = nil }
    }

    // MARK: Properties

    func setProperty(_ id: UInt32, _ value: PropertyValue) -> Bool {
        var ok = true
        shared.withLock { state in
            switch TimeWarpPropertyId(rawValue: id) {
            case TIMEWARP_PROP_FUNCTION: state.settings.function = WarpFunction(rawValue: value.enumValue) ?? .constant
            case TIMEWARP_PROP_FACTOR: state.settings.factor = value.double
            case TIMEWARP_PROP_MODIFIER: state.settings.modifier = value.double
            case TIMEWARP_PROP_KEYFRAMES: state.settings.keyframes = value.string
            case TIMEWARP_PROP_EXPRESSION: state.settings.expression = value.string
            case TIMEWARP_PROP_DURATION: state.settings.duration = value.uint64
            default: ok = false
            }
            if ok { state.map = nil }
        }
        let curveProperties = [TIMEWARP_PROP_FUNCTION, TIMEWARP_PROP_KEYFRAMES, TIMEWARP_PROP_EXPRESSION]
        if ok, curveProperties.contains(TimeWarpPropertyId(rawValue: id)),
           let problem = shared.withLock({ $0.settings.propertyError }) {
            element.warnProperty(problem)
        }
        return ok || setOwnProperty(id, value)
    }

    func getProperty(_ id: UInt32, _ value: PropertyValue) -> Bool {
        let state = shared.withLock { $0 }
        switch TimeWarpPropertyId(rawValue: id) {
        case TIMEWARP_PROP_FUNCTION: value.set(enumValue: state.settings.function.rawValue)
        case TIMEWARP_PROP_FACTOR: value.set(state.settings.factor)
        case TIMEWARP_PROP_MODIFIER: value.set(state.settings.modifier)
        case TIMEWARP_PROP_KEYFRAMES: value.set(state.settings.keyframes)
        case TIMEWARP_PROP_EXPRESSION: value.set(state.settings.expression)
        case TIMEWARP_PROP_DURATION: value.set(state.settings.duration)
        case TIMEWARP_PROP_OUTPUT_DURATION:
            let out = state.map?.outputDuration ?? (try? state.settings.makeMap(mediaDuration: state.settings.durationSeconds))?.outputDuration
            value.set(out.map(ClockTime.fromSeconds) ?? ClockTime.none)
        default: return getOwnProperty(id, value)
        }
        return true
    }
}
