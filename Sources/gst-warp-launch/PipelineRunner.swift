import CGStreamer
import CShims
import Foundation
import WarpLaunchKit

/// Set by the SIGINT handler; polled by the bus loop.
nonisolated(unsafe) private var interrupted: sig_atomic_t = 0

/// Runs one pipeline to completion the way gst-launch-1.0 does, printing bus messages. The one
/// runner behind `run`, `warp`, `check` and the demo.
struct PipelineRunner {
    /// Command-line switches that change what is printed and how Ctrl-C stops.
    struct Options {
        var verbose = false
        var quiet = false
        var eosOnShutdown = false
        /// Draw a progress bar from the position and duration queries.
        var progress = false
        /// The caller reports errors (from the outcome); warnings and debug details are printed
        /// only when verbose; no "Setting pipeline to ..." chatter.
        var brief = false
        /// Give up after this long (ns); nil: never.
        var timeout: UInt64?
    }

    /// How a run ended.
    struct Outcome {
        /// Process exit code: 0 at EOS, 1 on error, 130 when interrupted.
        var code: Int32
        /// The first error message (with the element that posted it).
        var error: String?
        var interrupted: Bool { code == 130 }
    }

    let options: Options
    /// Called about four times a second while the pipeline runs, and once at the end.
    var onTick: ((UnsafeMutablePointer<GstElement>, _ finished: Bool) -> Void)?
    /// Called once the pipeline has prerolled (PAUSED), before it plays; may fail the run.
    var beforePlaying: ((UnsafeMutablePointer<GstElement>) -> String?)?
    /// Called when the run has ended, before the pipeline goes to NULL (which resets elements'
    /// counters): the place to read properties.
    var afterRun: ((UnsafeMutablePointer<GstElement>) -> Void)?

    init(options: Options) { self.options = options }

    private func say(_ text: String) { if !options.quiet && !options.brief { print(text) } }

    /// Parses `arguments` like gst-launch-1.0 (each argument one token, so `font-desc="Sans 28"`
    /// stays whole) and runs the pipeline; returns the process exit code.
    func run(arguments: [String]) -> Int32 {
        do { try Gst.initialize() } catch {
            printError("ERROR: \(error)")
            return 1
        }
        var error: UnsafeMutablePointer<GError>?
        var cStrings: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { cStrings.forEach { free($0) } }
        let element = cStrings.withUnsafeMutableBufferPointer { argv in
            argv.baseAddress!.withMemoryRebound(to: UnsafePointer<gchar>?.self, capacity: argv.count) {
                gst_parse_launchv($0, &error)
            }
        }
        if let error {
            let message = String(cString: error.pointee.message)
            g_error_free(error)
            printError("WARNING: erroneous pipeline: \(message)")
            if element == nil { return 1 }
        }
        guard let pipeline = element else { return 1 }
        defer { gst_object_unref(pipeline) }
        var runner = self
        if options.progress {
            let progress = ProgressReporter()
            runner.onTick = { pipeline, finished in
                var pos: gint64 = -1, dur: gint64 = -1
                let havePos = gst_element_query_position(pipeline, GST_FORMAT_TIME, &pos) != 0 && pos >= 0
                let haveDur = gst_element_query_duration(pipeline, GST_FORMAT_TIME, &dur) != 0 && dur > 0
                progress.update(position: havePos ? Double(pos) / 1e9 : nil,
                                duration: haveDur ? Double(dur) / 1e9 : nil, finished: finished)
            }
        }
        return runner.run(pipeline: pipeline).code
    }

    /// Runs `pipeline` (not consumed) to EOS, an error, a timeout or Ctrl-C; leaves it in NULL.
    func run(pipeline: UnsafeMutablePointer<GstElement>) -> Outcome {
        defer { gst_element_set_state(pipeline, GST_STATE_NULL) }
        if options.verbose { _ = gst_element_add_property_deep_notify_watch(pipeline, nil, 1) }
        interrupted = 0
        signal(SIGINT) { _ in interrupted = 1 }
        defer { signal(SIGINT, SIG_DFL) }

        let started = Date()
        if let beforePlaying {
            say("Setting pipeline to PAUSED ...")
            if gst_element_set_state(pipeline, GST_STATE_PAUSED) == GST_STATE_CHANGE_FAILURE {
                return fail(pipeline, "the pipeline does not want to pause")
            }
            if let early = waitForPreroll(pipeline) { return early }
            if let problem = beforePlaying(pipeline) { return Outcome(code: 1, error: problem) }
        }
        say("Setting pipeline to PLAYING ...")
        if gst_element_set_state(pipeline, GST_STATE_PLAYING) == GST_STATE_CHANGE_FAILURE {
            return fail(pipeline, "the pipeline doesn't want to play")
        }
        let outcome = watch(pipeline, started: started)
        onTick?(pipeline, true)
        afterRun?(pipeline)
        say("Execution ended after \(String(format: "%.3f", Date().timeIntervalSince(started))) s")
        say("Setting pipeline to NULL ...")
        return outcome
    }

    /// Waits until the pipeline has prerolled; an outcome if it failed first.
    private func waitForPreroll(_ pipeline: UnsafeMutablePointer<GstElement>) -> Outcome? {
        let bus = gst_element_get_bus(pipeline)!
        defer { gst_object_unref(bus) }
        let deadline = Date().addingTimeInterval(Double(options.timeout ?? 60_000_000_000) / 1e9)
        while Date() < deadline {
            if interrupted != 0 { return Outcome(code: 130, error: "interrupted") }
            let mask = GstMessageType(GST_MESSAGE_ASYNC_DONE.rawValue | GST_MESSAGE_ERROR.rawValue | GST_MESSAGE_EOS.rawValue)
            guard let msg = gst_bus_timed_pop_filtered(bus, 100 * 1_000_000, mask) else { continue }
            defer { gst_message_unref(msg) }
            if msg.pointee.type == GST_MESSAGE_ERROR { return Outcome(code: 1, error: report(msg)) }
            return nil
        }
        return Outcome(code: 1, error: "timed out while prerolling")
    }

    private func fail(_ pipeline: UnsafeMutablePointer<GstElement>, _ text: String) -> Outcome {
        // The reason is usually an error message on the bus: prefer it.
        let bus = gst_element_get_bus(pipeline)!
        defer { gst_object_unref(bus) }
        if let msg = gst_bus_pop_filtered(bus, GST_MESSAGE_ERROR) {
            defer { gst_message_unref(msg) }
            return Outcome(code: 1, error: report(msg))
        }
        if !options.brief { printError("ERROR: \(text).") }
        return Outcome(code: 1, error: text)
    }

    /// Waits for EOS or an error, printing messages; handles Ctrl-C and the timeout.
    private func watch(_ pipeline: UnsafeMutablePointer<GstElement>, started: Date) -> Outcome {
        let bus = gst_element_get_bus(pipeline)!
        defer { gst_object_unref(bus) }
        var sentEOS = false
        var lastTick = Date.distantPast
        while true {
            if interrupted != 0 {
                interrupted = 0
                if options.eosOnShutdown && !sentEOS {
                    say("Interrupt: sending EOS to the pipeline ...")
                    if options.brief { printError("Interrupted: finishing the file ...") }
                    sentEOS = true
                    _ = gst_element_send_event(pipeline, gst_event_new_eos())
                } else {
                    say("Interrupt: stopping pipeline ...")
                    return Outcome(code: 130, error: "interrupted")
                }
            }
            if let timeout = options.timeout, Date().timeIntervalSince(started) * 1e9 > Double(timeout) {
                return Outcome(code: 1, error: "timed out after \(Double(timeout) / 1e9) s")
            }
            if let onTick, Date().timeIntervalSince(lastTick) >= 0.25 {
                lastTick = Date()
                onTick(pipeline, false)
            }
            guard let msg = gst_bus_timed_pop(bus, 50 * 1_000_000) else { continue }
            defer { gst_message_unref(msg) }
            switch msg.pointee.type {
            case GST_MESSAGE_EOS:
                say("Got EOS from element \"\(path(msg))\".")
                return Outcome(code: 0, error: nil)
            case GST_MESSAGE_ERROR:
                return Outcome(code: 1, error: report(msg))
            case GST_MESSAGE_WARNING:
                if !options.brief || options.verbose { _ = report(msg) }
            case GST_MESSAGE_PROPERTY_NOTIFY where options.verbose:
                printPropertyNotify(msg)
            default:
                break
            }
        }
    }

    /// Prints an error or warning message; returns its one-line text.
    private func report(_ msg: UnsafeMutablePointer<GstMessage>) -> String {
        let isError = msg.pointee.type == GST_MESSAGE_ERROR
        var err: UnsafeMutablePointer<GError>?
        var debug: UnsafeMutablePointer<gchar>?
        if isError { gst_message_parse_error(msg, &err, &debug) } else { gst_message_parse_warning(msg, &err, &debug) }
        let text = err.map { String(cString: $0.pointee.message) } ?? "unknown"
        let debugText = debug.map { String(cString: $0) }
        if let err { g_error_free(err) }
        g_free(debug)
        let oneLine = "\(text) (from \(path(msg)))"
        if options.brief {
            // Errors are the caller's to report (as one line); warnings and details only with -v.
            if options.verbose {
                if ProgressReporter.drawing { printError("") }
                printError("\(isError ? "error" : "warning"): \(oneLine)" + (debugText.map { "\n  \($0)" } ?? ""))
            }
        } else if !(options.quiet && !isError) {
            var report = "\(isError ? "ERROR" : "WARNING"): from element \(path(msg)): \(text)"
            if let debugText { report += "\nAdditional debug info:\n\(debugText)" }
            printError(report)
        }
        return oneLine
    }

    private func path(_ msg: UnsafeMutablePointer<GstMessage>) -> String {
        guard let src = msg.pointee.src, let p = gst_object_get_path_string(src) else { return "?" }
        defer { g_free(p) }
        return String(cString: p)
    }

    private func printPropertyNotify(_ msg: UnsafeMutablePointer<GstMessage>) {
        var object: UnsafeMutablePointer<GstObject>?
        var name: UnsafePointer<gchar>?
        var value: UnsafePointer<GValue>?
        gst_message_parse_property_notify(msg, &object, &name, &value)
        guard let object, let name else { return }
        let objectPath = gst_object_get_path_string(object).map { p in defer { g_free(p) }; return String(cString: p) } ?? "?"
        var text = "(no value)"
        if let value, let s = gst_value_serialize(value) {
            text = String(cString: s)
            g_free(s)
        }
        print("\(objectPath): \(String(cString: name)) = \(text)")
    }
}

/// Draws the progress bar on stderr: redrawn in place on a terminal, otherwise a line every
/// ten percent (or every ten seconds when the duration is unknown).
final class ProgressReporter {
    /// A bar is on screen without its newline yet (so other stderr output starts a new line).
    nonisolated(unsafe) static var drawing = false
    private let started = Date()
    private let bar = ProgressBar(width: 30, ascii: !terminalSupportsUTF8)
    private let tty = stderrIsTTY
    private var lastReported = -1
    private var lastLineTime = Date.distantPast

    func update(position: Double?, duration: Double?, finished: Bool) {
        fflush(nil)  // all C streams: stdout is a global var Swift 6 refuses
        let elapsed = Date().timeIntervalSince(started)
        let line = bar.line(position: position, duration: duration, elapsed: elapsed)
        if tty {
            FileHandle.standardError.write(("\r" + line + "\u{1B}[K").data(using: .utf8)!)
            Self.drawing = !finished
            if finished { FileHandle.standardError.write("\n".data(using: .utf8)!) }
            return
        }
        if let f = ProgressBar.fraction(position: position, duration: duration) {
            let decile = Int(f * 10)
            if decile > lastReported || (finished && lastReported < 10) {
                printError(line)
                lastReported = finished ? 10 : decile
            }
        } else if finished || Date().timeIntervalSince(lastLineTime) >= 10 {
            lastLineTime = Date()
            printError(line)
        }
    }
}
