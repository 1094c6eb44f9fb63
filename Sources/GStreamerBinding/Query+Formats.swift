import CGStreamer

/// Position, duration, convert and segment queries in any format (the elements answer DEFAULT
/// in output frames or samples and map CONVERT and SEGMENT through `T`).
extension Query {
    /// The format a position, duration or segment query asks in (`GST_FORMAT_UNDEFINED` for
    /// other queries).
    public var format: GstFormat {
        var format = GST_FORMAT_UNDEFINED
        switch kind {
        case .position: gst_query_parse_position(raw, &format, nil)
        case .duration: gst_query_parse_duration(raw, &format, nil)
        case .segment: gst_query_parse_segment(raw, nil, &format, nil, nil)
        default: break
        }
        return format
    }

    /// Answers a position query in `format`.
    public func setPosition(_ value: Int64, format: GstFormat) { gst_query_set_position(raw, format, gint64(value)) }
    /// Answers a duration query in `format`.
    public func setDuration(_ value: Int64, format: GstFormat) { gst_query_set_duration(raw, format, gint64(value)) }

    /// What a convert query asks: `value` in `source` format, wanted in `destination` format.
    public var convertRequest: (source: GstFormat, value: Int64, destination: GstFormat) {
        var src = GST_FORMAT_UNDEFINED, dest = GST_FORMAT_UNDEFINED
        var value: gint64 = -1
        gst_query_parse_convert(raw, &src, &value, &dest, nil)
        return (src, Int64(value), dest)
    }

    /// Answers a convert query.
    public func setConvert(source: GstFormat, value: Int64, destination: GstFormat, result: Int64) {
        gst_query_set_convert(raw, source, gint64(value), destination, gint64(result))
    }

    /// The answer of a segment query: rate, format, start and stop (-1: none).
    public var segmentAnswer: (rate: Double, format: GstFormat, start: Int64, stop: Int64) {
        var rate: gdouble = 1
        var format = GST_FORMAT_UNDEFINED
        var start: gint64 = -1, stop: gint64 = -1
        gst_query_parse_segment(raw, &rate, &format, &start, &stop)
        return (rate, format, Int64(start), Int64(stop))
    }

    /// Answers a segment query.
    public func setSegment(rate: Double, format: GstFormat, start: Int64, stop: Int64) {
        gst_query_set_segment(raw, rate, format, gint64(start), gint64(stop))
    }
}

extension Pad {
    /// Asks this pad itself (not its peer) for the position in TIME (ns).
    public func positionTime() -> Int64? {
        var v: gint64 = -1
        guard gst_pad_query_position(raw, GST_FORMAT_TIME, &v) != 0, v >= 0 else { return nil }
        return Int64(v)
    }

    /// Asks this pad itself (not its peer) for the duration in TIME (ns).
    public func durationTime() -> Int64? {
        var v: gint64 = -1
        guard gst_pad_query_duration(raw, GST_FORMAT_TIME, &v) != 0, v >= 0 else { return nil }
        return Int64(v)
    }

    /// Asks the peer to convert `value` from `source` to `destination` format.
    public func peerConvert(_ value: Int64, from source: GstFormat, to destination: GstFormat) -> Int64? {
        var out: gint64 = -1
        guard gst_pad_peer_query_convert(raw, source, gint64(value), destination, &out) != 0 else { return nil }
        return Int64(out)
    }
}
