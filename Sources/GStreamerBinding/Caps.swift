import CGStreamer
import CShims

/// An owned reference to `GstCaps` with the few operations the elements need.
public struct Caps: ~Copyable {
    /// The underlying caps; owned by this value.
    @usableFromInline let raw: UnsafeMutablePointer<GstCaps>

    /// Takes ownership of `raw` (one reference).
    public init(taking raw: UnsafeMutablePointer<GstCaps>) { self.raw = raw }

    /// Adds a reference to `raw` and owns that.
    public init(borrowing raw: UnsafeMutablePointer<GstCaps>) {
        gst_mini_object_ref(UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GstMiniObject.self))
        self.raw = raw
    }

    deinit { gst_mini_object_unref(UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GstMiniObject.self)) }

    /// Gives up ownership and returns the raw pointer.
    public consuming func release() -> UnsafeMutablePointer<GstCaps> {
        let r = raw
        discard self
        return r
    }

    /// Another owned reference to the same caps.
    public func copyReference() -> Caps { Caps(borrowing: raw) }

    /// Parses a caps string such as `video/x-raw,framerate=25/1`.
    public static func parse(_ text: String) -> Caps? {
        guard let c = gst_caps_from_string(text) else { return nil }
        return Caps(taking: c)
    }

    /// Whether no media type can satisfy the caps.
    public var isEmpty: Bool { gst_caps_is_empty(raw) != 0 }
    /// Whether the caps are equal to `other`.
    public func isEqual(to other: borrowing Caps) -> Bool { gst_caps_is_equal(raw, other.raw) != 0 }

    /// The fixed `framerate` of the first structure, if it has one.
    public var framerate: (numerator: Int32, denominator: Int32)? {
        guard gst_caps_get_size(raw) > 0, let s = gst_caps_get_structure(raw, 0) else { return nil }
        var n: gint = 0, d: gint = 0
        guard gst_structure_get_fraction(s, "framerate", &n, &d) != 0 else { return nil }
        return (n, d)
    }

    /// A copy in which every structure's `framerate` is any rate up to `max` fps: the range
    /// [0/1, max/1], as videorate writes it.
    public func withAnyFramerate(upTo max: Int32 = Int32.max) -> Caps {
        let copy = Caps(taking: gst_caps_copy(raw))
        var range = GValue()
        g_value_init(&range, gst_fraction_range_get_type())
        gst_value_set_fraction_range_full(&range, 0, 1, max, 1)
        defer { g_value_unset(&range) }
        for i in 0..<gst_caps_get_size(copy.raw) {
            if let s = gst_caps_get_structure(copy.raw, i) { gst_structure_set_value(s, "framerate", &range) }
        }
        return copy
    }

    /// A copy without the structures that do not state a `framerate`.
    public func keepingStructuresWithFramerate() -> Caps {
        let copy = Caps(taking: gst_caps_copy(raw))
        var i = gst_caps_get_size(copy.raw)
        while i > 0 {
            i -= 1
            if let s = gst_caps_get_structure(copy.raw, i), gst_structure_has_field(s, "framerate") == 0 {
                gst_caps_remove_structure(copy.raw, i)
            }
        }
        return copy
    }

    /// These caps restricted to frame rates up to `max` fps (structures with no rate in range
    /// are gone).
    public func limitingFramerate(to max: Int32) -> Caps {
        guard max < Int32.max, let limit = Caps.parse("video/x-raw(ANY), framerate=(fraction)[0/1, \(max)/1]") else {
            return copyReference()
        }
        return intersect(limit)
    }

    /// The intersection with `other` (first-caps order preserved).
    public func intersect(_ other: borrowing Caps) -> Caps {
        Caps(taking: gst_caps_intersect_full(raw, other.raw, GST_CAPS_INTERSECT_FIRST))
    }

    /// These caps followed by `other`'s structures that they do not already cover
    /// (`gst_caps_merge`): the order states a preference.
    public consuming func merging(_ other: consuming Caps) -> Caps {
        Caps(taking: gst_caps_merge(release(), other.release()))
    }

    /// Fixates to one structure, choosing the framerate nearest to `n/d` (0/1 is a valid
    /// choice: variable rate), the other fields as `gst_caps_fixate` does.
    public func fixated(framerateNearest n: Int32, _ d: Int32) -> Caps? {
        guard let copy = gst_caps_copy(raw), let c = gst_caps_truncate(copy) else { return nil }
        if gst_caps_get_size(c) > 0, let s = gst_caps_get_structure(c, 0),
           gst_structure_has_field(s, "framerate") != 0 {
            _ = gst_structure_fixate_field_nearest_fraction(s, "framerate", n, d)
        }
        guard let fixed = gst_caps_fixate(c) else { return nil }
        return Caps(taking: fixed)
    }

    /// A copy whose first structure has `framerate` set to `n/d` (for caps that left it out).
    public func settingFramerate(_ n: Int32, _ d: Int32) -> Caps? {
        guard let c = gst_caps_copy(raw) else { return nil }
        if gst_caps_get_size(c) > 0, let s = gst_caps_get_structure(c, 0) {
            var v = GValue()
            g_value_init(&v, gst_fraction_get_type())
            gst_value_set_fraction(&v, n, d)
            gst_structure_set_value(s, "framerate", &v)
            g_value_unset(&v)
        }
        return Caps(taking: c)
    }

    /// Audio format description when these are raw audio caps.
    public var audioInfo: GstAudioInfo? {
        var info = GstAudioInfo()
        guard gst_audio_info_from_caps(&info, raw) != 0 else { return nil }
        return info
    }

    /// The caps as a string, for logs and messages.
    public var description: String {
        guard let s = gst_caps_to_string(raw) else { return "(caps)" }
        defer { g_free(s) }
        return String(cString: s)
    }
}
