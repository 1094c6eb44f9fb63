import CGStreamer

/// The kinds of queries the elements answer themselves.
public enum QueryKind {
    case position, duration, latency, caps, acceptCaps, seeking, segment, convert, allocation, other
}

/// A borrowed `GstQuery`: the caller owns it; we read and answer it.
public struct Query {
    /// The underlying query (not owned).
    @usableFromInline let raw: UnsafeMutablePointer<GstQuery>

    /// Wraps a query GStreamer hands to a query function.
    public init(raw: UnsafeMutablePointer<GstQuery>) { self.raw = raw }

    /// The query's kind.
    public var kind: QueryKind {
        switch raw.pointee.type {
        case GST_QUERY_POSITION: return .position
        case GST_QUERY_DURATION: return .duration
        case GST_QUERY_LATENCY: return .latency
        case GST_QUERY_CAPS: return .caps
        case GST_QUERY_ACCEPT_CAPS: return .acceptCaps
        case GST_QUERY_SEEKING: return .seeking
        case GST_QUERY_SEGMENT: return .segment
        case GST_QUERY_CONVERT: return .convert
        case GST_QUERY_ALLOCATION: return .allocation
        default: return .other
        }
    }

    /// Whether a position or duration query asks in TIME format.
    public var asksTime: Bool {
        var format = GST_FORMAT_UNDEFINED
        switch kind {
        case .position: gst_query_parse_position(raw, &format, nil)
        case .duration: gst_query_parse_duration(raw, &format, nil)
        case .seeking: gst_query_parse_seeking(raw, &format, nil, nil, nil)
        default: return false
        }
        return format == GST_FORMAT_TIME
    }

    /// The answer of a position query (ns), -1 if none.
    public var positionAnswer: Int64 {
        var v: gint64 = -1
        gst_query_parse_position(raw, nil, &v)
        return Int64(v)
    }

    /// The answer of a duration query (ns), -1 if none.
    public var durationAnswer: Int64 {
        var v: gint64 = -1
        gst_query_parse_duration(raw, nil, &v)
        return Int64(v)
    }

    /// Answers a TIME position query.
    public func setPosition(_ ns: Int64) { gst_query_set_position(raw, GST_FORMAT_TIME, gint64(ns)) }
    /// Answers a TIME duration query.
    public func setDuration(_ ns: Int64) { gst_query_set_duration(raw, GST_FORMAT_TIME, gint64(ns)) }

    /// The answer of a seeking query: seekable and the range, in TIME.
    public var seekingAnswer: (seekable: Bool, start: Int64, end: Int64) {
        var seekable: gboolean = 0, start: gint64 = -1, end: gint64 = -1
        gst_query_parse_seeking(raw, nil, &seekable, &start, &end)
        return (seekable != 0, Int64(start), Int64(end))
    }

    /// Answers a TIME seeking query.
    public func setSeeking(seekable: Bool, start: Int64, end: Int64) {
        gst_query_set_seeking(raw, GST_FORMAT_TIME, seekable ? 1 : 0, gint64(start), gint64(end))
    }

    /// The answer of a latency query.
    public var latencyAnswer: (live: Bool, min: UInt64, max: UInt64) {
        var live: gboolean = 0, mn: GstClockTime = 0, mx: GstClockTime = 0
        gst_query_parse_latency(raw, &live, &mn, &mx)
        return (live != 0, UInt64(mn), UInt64(mx))
    }

    /// Answers a latency query.
    public func setLatency(live: Bool, min: UInt64, max: UInt64) {
        gst_query_set_latency(raw, live ? 1 : 0, GstClockTime(min), GstClockTime(max))
    }

    /// The filter of a caps query (a new reference), if any.
    public var capsFilter: Caps? {
        var f: UnsafeMutablePointer<GstCaps>?
        gst_query_parse_caps(raw, &f)
        guard let f else { return nil }
        return Caps(borrowing: f)
    }

    /// Answers a caps query.
    public func setCapsResult(_ caps: borrowing Caps) { gst_query_set_caps_result(raw, caps.raw) }

    /// Answers an ALLOCATION query so that upstream can let `held` more buffers be held here:
    /// each pool downstream proposed becomes a request for its own pool (upstream must not
    /// allocate from a pool downstream or this element draws from too) with `held` more
    /// minimum buffers; with no proposal, one such request for frames of `frameSize` bytes.
    public func reserveAllocation(holding held: UInt32, frameSize: Int) {
        let count = gst_query_get_n_allocation_pools(raw)
        if count == 0 {
            gst_query_add_allocation_pool(raw, nil, guint(max(frameSize, 0)), held, 0)
            return
        }
        for i in 0..<count {
            var pool: UnsafeMutablePointer<GstBufferPool>?
            var size: guint = 0, minBuffers: guint = 0, maxBuffers: guint = 0
            gst_query_parse_nth_allocation_pool(raw, i, &pool, &size, &minBuffers, &maxBuffers)
            if let pool { gst_object_unref(pool) }
            let (needed, overflow) = minBuffers.addingReportingOverflow(held)
            let newMin = overflow ? guint.max : needed
            gst_query_set_nth_allocation_pool(raw, i, nil, size, newMin, maxBuffers == 0 ? 0 : max(maxBuffers, newMin))
        }
    }

    /// The frame size (bytes) for the caps of an ALLOCATION query, 0 if they are not raw video.
    public var allocationFrameSize: Int {
        var caps: UnsafeMutablePointer<GstCaps>?
        gst_query_parse_allocation(raw, &caps, nil)
        guard let caps else { return 0 }
        return VideoInfo(Caps(borrowing: caps))?.size ?? 0
    }
}
