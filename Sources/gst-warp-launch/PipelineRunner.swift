import CGStreamer
import CShims
import Foundation

/// Set by the SIGINT handler; polled by the bus loop.
nonisolated(unsafe) private var interrupted: sig_atomic_t = 0

/// Runs one pipeline to completion the way gst-launch-1.0 does, printing bus messages.
struct PipelineRunner {
    /// Command-line switches that change what is printed and how Ctrl-C stops.
    struct Options {
        var verbose = false
        var quiet = false
        var eosOnShutdown = false
    }

    let options: Options

    private func say(_ text: String) { if !options.quiet { print(text) } }

    /// Parses `arguments` like gst-launch-1.0 (each argument one token, so `font-desc="Sans 28"`
    /// stays whole) and runs the pipeline; returns the process exit code.
    func run(arguments: [String]) -> Int32 {
        gst_init(nil, nil)
        guard timewarp_register_static() != 0 else {
            FileHandle.standardError.write("ERROR: could not register the timewarp plugin\n".data(using: .utf8)!)
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
            FileHandle.standardError.write("WARNING: erroneous pipeline: \(message)\n".data(using: .utf8)!)
            if element == nil { return 1 }
        }
        guard let pipeline = element else { return 1 }
        defer {
            gst_element_set_state(pipeline, GST_STATE_NULL)
            gst_object_unref(pipeline)
        }
        if options.verbose { _ = gst_element_add_property_deep_notify_watch(pipeline, nil, 1) }
        signal(SIGINT) { _ in interrupted = 1 }

        say("Setting pipeline to PLAYING ...")
        let started = Date()
        if gst_element_set_state(pipeline, GST_STATE_PLAYING) == GST_STATE_CHANGE_FAILURE {
            FileHandle.standardError.write("ERROR: Pipeline doesn't want to play.\n".data(using: .utf8)!)
        }
        let code = watch(pipeline)
        say("Execution ended after \(String(format: "%.3f", Date().timeIntervalSince(started))) s")
        say("Setting pipeline to NULL ...")
        return code
    }

    /// Waits for EOS or an error, printing messages; handles Ctrl-C.
    private func watch(_ pipeline: UnsafeMutablePointer<GstElement>) -> Int32 {
        let bus = gst_element_get_bus(pipeline)!
        defer { gst_object_unref(bus) }
        var sentEOS = false
        while true {
            if interrupted != 0 {
                interrupted = 0
                if options.eosOnShutdown && !sentEOS {
                    say("Interrupt: sending EOS to the pipeline ...")
                    sentEOS = true
                    _ = gst_element_send_event(pipeline, gst_event_new_eos())
                } else {
                    say("Interrupt: stopping pipeline ...")
                    return 130
                }
            }
            guard let msg = gst_bus_timed_pop(bus, 100 * 1_000_000) else { continue }
            defer { gst_mini_object_unref(UnsafeMutableRawPointer(msg).assumingMemoryBound(to: GstMiniObject.self)) }
            switch msg.pointee.type {
            case GST_MESSAGE_EOS:
                say("Got EOS from element \"\(path(msg))\".")
                return 0
            case GST_MESSAGE_ERROR, GST_MESSAGE_WARNING:
                let isError = msg.pointee.type == GST_MESSAGE_ERROR
                var err: UnsafeMutablePointer<GError>?
                var debug: UnsafeMutablePointer<gchar>?
                if isError { gst_message_parse_error(msg, &err, &debug) } else { gst_message_parse_warning(msg, &err, &debug) }
                let text = err.map { String(cString: $0.pointee.message) } ?? "unknown"
                var report = "\(isError ? "ERROR" : "WARNING"): from element \(path(msg)): \(text)\n"
                if let debug { report += "Additional debug info:\n\(String(cString: debug))\n" }
                if let err { g_error_free(err) }
                g_free(debug)
                FileHandle.standardError.write(report.data(using: .utf8)!)
                if isError { return 1 }
            case GST_MESSAGE_PROPERTY_NOTIFY where options.verbose:
                printPropertyNotify(msg)
            default:
                break
            }
        }
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
