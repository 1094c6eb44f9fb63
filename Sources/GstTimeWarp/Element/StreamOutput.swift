import GStreamerBinding

/// What a streaming `State` may do besides changing itself: push downstream (and negotiate with
/// it), count, log and post messages, record the position reached and the latency added, and
/// read the settings as they were when the current segment (or caps) began. It is the State's
/// only way out: the State never sees the element.
///
/// The element keeps one beside the State, under the same lock, and refreshes `settings` once
/// per segment and at each CAPS event, so that no buffer takes the settings lock.
struct StreamOutput: Sendable {
    /// The element, for messages and the debug log only.
    private let element: ElementHandle
    /// The source pad: where output goes, and what output caps are negotiated on.
    let srcPad: Pad
    /// What other threads read: counters, position, latency.
    let status: StreamStatus
    /// The settings, as they were when the current output segment (or the caps) began.
    var settings: ElementSettings

    /// The output context of `element`, with its `status` and the current `settings`.
    init(element: ElementHandle, status: StreamStatus, settings: ElementSettings) {
        self.element = element
        self.srcPad = element.srcPad
        self.status = status
        self.settings = settings
    }

    /// The `in`, `out`, `drop` and `duplicate` counters.
    var counters: VideoCounters { status.counters }

    /// Pushes `buffer` downstream.
    func push(_ buffer: consuming Buffer) throws(FlowError) { try srcPad.push(buffer) }

    /// Pushes `event` downstream; whether it was accepted.
    func push(_ event: consuming Event) -> Bool { srcPad.push(event) }

    /// Records the position reached (an output timestamp of the current output segment), for
    /// position queries that upstream does not answer.
    func recordPosition(_ timestamp: UInt64) {
        status.position.store(timestamp, ordering: .relaxed)
    }

    /// Publishes the latency the element adds (ns); true when it changed.
    @discardableResult
    func publishLatency(_ latency: UInt64) -> Bool {
        status.latency.exchange(latency, ordering: .relaxed) != latency
    }

    /// Posts a latency message so the pipeline recomputes latency.
    func postLatencyMessage() { element.postLatencyMessage() }

    /// Logs to the "timewarp" debug category; the message is only built when enabled.
    func log(_ level: LogLevel, _ message: @autoclosure () -> String,
             file: String = #fileID, function: String = #function, line: Int = #line) {
        element.log(level, message(), file: file, function: function, line: line)
    }

    /// Posts an error message on the bus.
    func postError(_ domain: ErrorDomain, code: Int32, _ text: String, debug: String? = nil,
                   file: String = #fileID, function: String = #function, line: Int = #line) {
        element.postError(domain, code: code, text, debug: debug, file: file, function: function, line: line)
    }

    /// Posts a warning message on the bus.
    func postWarning(_ domain: ErrorDomain, code: Int32, _ text: String, debug: String? = nil,
                     file: String = #fileID, function: String = #function, line: Int = #line) {
        element.postWarning(domain, code: code, text, debug: debug, file: file, function: function, line: line)
    }

    /// Posts a warning the first time only (`warned` tracks it); the texts are built only then.
    func postWarning(once warned: inout Bool, _ domain: ErrorDomain, code: Int32, _ text: @autoclosure () -> String,
                     debug: @autoclosure () -> String? = nil,
                     file: String = #fileID, function: String = #function, line: Int = #line) {
        guard !warned else { return }
        warned = true
        element.postWarning(domain, code: code, text(), debug: debug(), file: file, function: function, line: line)
    }

    /// Warns (once per run, `warned` tracks it) that output reached the end of the clock range
    /// and what is beyond it is dropped.
    func warnClockEnd(_ warned: inout Bool) {
        postWarning(once: &warned, .stream, code: ErrorCode.streamFailed,
                    "Output timestamps reach the end of the clock range (2^63 ns): what lies beyond is dropped",
                    debug: "the input timestamps, or the time map, go past about 292 years")
    }
}
