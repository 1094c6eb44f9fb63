import CGStreamer

/// An error or warning posted on the bus.
public struct BusProblem {
    /// The message (`GError`'s).
    public var text: String
    /// The debug details, if any.
    public var debug: String?
    /// The path of the element that posted it (`/GstPipeline:pipeline0/...`), or "?".
    public var source: String
}

/// A bus message, as far as the commands care.
public enum BusMessage {
    case eos(source: String)
    case error(BusProblem)
    case warning(BusProblem)
    case asyncDone
    /// A latency message: the pipeline's latency must be recomputed.
    case latency
    /// The pipeline chose a clock (its name).
    case newClock(String)
    /// Tags found by an element (its name) as (tag, value) pairs.
    case tags(source: String, [(tag: String, value: String)])
    /// From `Element.watchPropertyChanges()`: the object's path, the property, its value
    /// serialized (nil when not given).
    case propertyNotify(object: String, property: String, value: String?)
    case other

    init(_ msg: UnsafeMutablePointer<GstMessage>) {
        switch msg.pointee.type {
        case GST_MESSAGE_EOS:
            self = .eos(source: Self.sourcePath(msg))
        case GST_MESSAGE_ERROR, GST_MESSAGE_WARNING:
            let isError = msg.pointee.type == GST_MESSAGE_ERROR
            var err: UnsafeMutablePointer<GError>?
            var debug: UnsafeMutablePointer<gchar>?
            if isError { gst_message_parse_error(msg, &err, &debug) } else { gst_message_parse_warning(msg, &err, &debug) }
            let problem = BusProblem(text: err.map { String(cString: $0.pointee.message) } ?? "unknown",
                                     debug: debug.map { String(cString: $0) }, source: Self.sourcePath(msg))
            if let err { g_error_free(err) }
            g_free(debug)
            self = isError ? .error(problem) : .warning(problem)
        case GST_MESSAGE_ASYNC_DONE:
            self = .asyncDone
        case GST_MESSAGE_LATENCY:
            self = .latency
        case GST_MESSAGE_NEW_CLOCK:
            var clock: UnsafeMutablePointer<GstClock>?
            gst_message_parse_new_clock(msg, &clock)
            let name = clock.flatMap { gst_object_get_name(UnsafeMutableRawPointer($0).assumingMemoryBound(to: GstObject.self)) }
            self = .newClock(name.map { String(cString: $0) } ?? "NULL")
            g_free(name)
        case GST_MESSAGE_TAG:
            var list: UnsafeMutablePointer<GstTagList>?
            gst_message_parse_tag(msg, &list)
            var pairs: [(String, String)] = []
            if let list {
                for i in 0..<max(gst_tag_list_n_tags(list), 0) {
                    guard let tag = gst_tag_list_nth_tag_name(list, guint(i)) else { continue }
                    for j in 0..<gst_tag_list_get_tag_size(list, tag) {
                        guard let value = gst_tag_list_get_value_index(list, tag, j) else { continue }
                        var text = ""
                        if g_type_check_value_holds(value, GType(16 << 2)) != 0, let str = g_value_get_string(value) {
                            text = String(cString: str)  // G_TYPE_STRING: the text itself, unquoted
                        } else if let str = gst_value_serialize(value) {
                            text = String(cString: str)
                            g_free(str)
                        }
                        pairs.append((String(cString: tag), text))
                    }
                }
                gst_tag_list_unref(list)
            }
            self = .tags(source: Self.sourceName(msg), pairs)
        case GST_MESSAGE_PROPERTY_NOTIFY:
            var object: UnsafeMutablePointer<GstObject>?
            var name: UnsafePointer<gchar>?
            var value: UnsafePointer<GValue>?
            gst_message_parse_property_notify(msg, &object, &name, &value)
            guard let object, let name else { self = .other; return }
            self = .propertyNotify(object: Self.path(of: object), property: String(cString: name),
                                   value: value.flatMap(Self.text(of:)))
        default:
            self = .other
        }
    }

    /// gst-launch-1.0's `-m` line: sequence number, the source's kind and name, the message
    /// type and its structure (or "no message details").
    static func describe(_ msg: UnsafeMutablePointer<GstMessage>) -> String {
        var kind = "object"
        if let src = msg.pointee.src {
            let instance = UnsafeMutableRawPointer(src).assumingMemoryBound(to: GTypeInstance.self)
            if g_type_check_instance_is_a(instance, gst_element_get_type()) != 0 { kind = "element" }
            else if g_type_check_instance_is_a(instance, gst_pad_get_type()) != 0 { kind = "pad" }
        }
        var name = "(NULL)"
        if let src = msg.pointee.src {
            if kind == "pad", let parent = gst_object_get_parent(src) {
                defer { gst_object_unref(parent) }
                let p = gst_object_get_name(parent), n = gst_object_get_name(src)
                name = "\(p.map { String(cString: $0) } ?? ""):\(n.map { String(cString: $0) } ?? "")"
                g_free(p)
                g_free(n)
            } else if let n = gst_object_get_name(src) {
                name = String(cString: n)
                g_free(n)
            }
        }
        let type = gst_message_type_get_name(msg.pointee.type).map { String(cString: $0) } ?? "?"
        var details = "no message details"
        if let s = gst_message_get_structure(msg), let text = gst_structure_to_string(s) {
            details = String(cString: text)
            g_free(text)
        }
        return "Got message #\(gst_message_get_seqnum(msg)) from \(kind) \"\(name)\" (\(type)): \(details)"
    }

    /// A property value as gst-launch-1.0 prints it: strings as they are, caps, structures and
    /// tag lists in their own text form, anything else serialized.
    private static func text(of value: UnsafePointer<GValue>) -> String? {
        let type = value.pointee.g_type
        var raw: UnsafeMutablePointer<gchar>?
        if g_type_is_a(type, GType(16 << 2)) != 0 {  // G_TYPE_STRING (G_TYPE_MAKE_FUNDAMENTAL (16))
            return g_value_get_string(value).map { String(cString: $0) } ?? "NULL"
        } else if g_type_is_a(type, gst_caps_get_type()) != 0 {
            raw = gst_value_get_caps(value).flatMap { gst_caps_to_string($0) }
        } else if g_type_is_a(type, gst_structure_get_type()) != 0 {
            raw = gst_value_get_structure(value).flatMap { gst_structure_to_string($0) }
        } else if g_type_is_a(type, gst_tag_list_get_type()) != 0,
                  let boxed = g_value_get_boxed(value) {
            raw = gst_tag_list_to_string(boxed.assumingMemoryBound(to: GstTagList.self))
        } else {
            raw = gst_value_serialize(value)
        }
        guard let raw else { return nil }
        defer { g_free(raw) }
        return String(cString: raw)
    }

    private static func sourceName(_ msg: UnsafeMutablePointer<GstMessage>) -> String {
        guard let src = msg.pointee.src, let n = gst_object_get_name(src) else { return "(NULL)" }
        defer { g_free(n) }
        return String(cString: n)
    }

    private static func sourcePath(_ msg: UnsafeMutablePointer<GstMessage>) -> String {
        guard let src = msg.pointee.src else { return "?" }
        return path(of: src)
    }

    private static func path(of object: UnsafeMutablePointer<GstObject>) -> String {
        guard let p = gst_object_get_path_string(object) else { return "?" }
        defer { g_free(p) }
        return String(cString: p)
    }
}
