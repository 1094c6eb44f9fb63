import CGStreamer
import CShims

/// Error domains of `GST_ELEMENT_ERROR`.
public enum ErrorDomain {
    case stream, resource, core, library

    var quark: GQuark {
        switch self {
        case .stream: return gst_stream_error_quark()
        case .resource: return gst_resource_error_quark()
        case .core: return gst_core_error_quark()
        case .library: return gst_library_error_quark()
        }
    }
}

/// Debug levels of the "timewarp" category.
public enum LogLevel {
    case error, warning, info, debug, log

    var raw: GstDebugLevel {
        switch self {
        case .error: return GST_LEVEL_ERROR
        case .warning: return GST_LEVEL_WARNING
        case .info: return GST_LEVEL_INFO
        case .debug: return GST_LEVEL_DEBUG
        case .log: return GST_LEVEL_LOG
        }
    }
}

/// A borrowed pointer to our own element: messages, logging, notifications, pads.
public struct ElementHandle {
    /// The element (not owned; the Swift state lives inside it).
    let raw: UnsafeMutablePointer<GstElement>

    /// Wraps our element as GStreamer hands it to a vfunc.
    public init(raw: UnsafeMutablePointer<GstElement>) { self.raw = raw }

    /// The element's address: its identity, for process-wide tables keyed by element.
    public var address: UInt { UInt(bitPattern: UnsafeRawPointer(raw)) }

    var object: UnsafeMutablePointer<GstObject> {
        UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GstObject.self)
    }

    var instance: UnsafeMutablePointer<TimeWarpElement> {
        UnsafeMutableRawPointer(raw).assumingMemoryBound(to: TimeWarpElement.self)
    }

    /// The sink pad.
    public var sinkPad: Pad { Pad(raw: instance.pointee.sinkpad) }
    /// The source pad.
    public var srcPad: Pad { Pad(raw: instance.pointee.srcpad) }

    /// Posts an error message on the bus (`GST_ELEMENT_ERROR`).
    public func postError(_ domain: ErrorDomain, code: Int32, _ text: String, debug: String? = nil,
                          file: String = #fileID, function: String = #function, line: Int = #line) {
        post(GST_MESSAGE_ERROR, domain, code, text, debug, file, function, line)
        log(.error, text + (debug.map { ": " + $0 } ?? ""), file: file, function: function, line: line)
    }

    /// Posts a warning message on the bus (`GST_ELEMENT_WARNING`).
    public func postWarning(_ domain: ErrorDomain, code: Int32, _ text: String, debug: String? = nil,
                            file: String = #fileID, function: String = #function, line: Int = #line) {
        post(GST_MESSAGE_WARNING, domain, code, text, debug, file, function, line)
        log(.warning, text, file: file, function: function, line: line)
    }

    private func post(_ type: GstMessageType, _ domain: ErrorDomain, _ code: Int32, _ text: String,
                      _ debug: String?, _ file: String, _ function: String, _ line: Int) {
        timewarp_post_message(raw, type, domain.quark, code, text, debug, file, function, Int32(clamping: line))
    }

    /// Logs to the "timewarp" debug category; the message is only built when enabled.
    public func log(_ level: LogLevel, _ message: @autoclosure () -> String,
                    file: String = #fileID, function: String = #function, line: Int = #line) {
        guard timewarp_log_enabled(level.raw) != 0 else { return }
        timewarp_log(level.raw, UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GObject.self),
                     file, function, Int32(clamping: line), message())
    }

    /// Reports a refused property value right away (`g_warning`, as GObject does for values
    /// out of range) and in the debug log.
    public func warnProperty(_ message: String) {
        timewarp_warn_property(raw, message)
        log(.warning, message)
    }

    /// Emits `notify::<property>`.
    public func notify(_ property: String) { timewarp_notify(raw, property) }

    /// Posts a latency message so the pipeline recomputes latency.
    public func postLatencyMessage() {
        if let m = gst_message_new_latency(object) { _ = gst_element_post_message(raw, m) }
    }
}

/// Error codes used with `ElementHandle.postError`.
public enum ErrorCode {
    /// GST_STREAM_ERROR_FAILED
    public static let streamFailed = Int32(GST_STREAM_ERROR_FAILED.rawValue)
    /// GST_STREAM_ERROR_FORMAT
    public static let streamFormat = Int32(GST_STREAM_ERROR_FORMAT.rawValue)
    /// GST_CORE_ERROR_NEGOTIATION
    public static let negotiation = Int32(GST_CORE_ERROR_NEGOTIATION.rawValue)
    /// GST_RESOURCE_ERROR_NO_SPACE_LEFT
    public static let noSpace = Int32(GST_RESOURCE_ERROR_NO_SPACE_LEFT.rawValue)
    /// GST_RESOURCE_ERROR_READ
    public static let resourceRead = Int32(GST_RESOURCE_ERROR_READ.rawValue)
    /// GST_RESOURCE_ERROR_WRITE
    public static let resourceWrite = Int32(GST_RESOURCE_ERROR_WRITE.rawValue)
}

/// A closure run by `gst_element_call_async`, kept alive until GStreamer releases it.
private final class AsyncCall: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

extension ElementHandle {
    /// Runs `body` on another thread (`gst_element_call_async`), which keeps the element alive
    /// meanwhile: for what must not run on the streaming thread, such as a flushing seek upstream.
    public func callAsync(_ body: @escaping @Sendable () -> Void) {
        let call = Unmanaged.passRetained(AsyncCall(body)).toOpaque()
        gst_element_call_async(raw, { _, data in
            guard let data else { return }
            Unmanaged<AsyncCall>.fromOpaque(data).takeUnretainedValue().body()
        }, call, { data in
            guard let data else { return }
            Unmanaged<AsyncCall>.fromOpaque(data).release()
        })
    }
}
