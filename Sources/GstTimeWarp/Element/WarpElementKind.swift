import GStreamerBinding

/// What one element kind (videotimewarp, audiotimewarp or texttimewarp) answers without any streaming state:
/// caps and allocation queries (which may come from any thread) and its own properties. Every
/// hook takes the values it needs (pads, settings, counters), never the element.
protocol WarpElementKind {
    /// Answers a caps query on `pad`, one of `sinkPad` and `srcPad`, with `settings` as they
    /// are now.
    static func answerCapsQuery(_ query: Query, on pad: Pad, sinkPad: Pad, srcPad: Pad,
                                settings: ElementSettings) -> Bool
    /// Completes an ALLOCATION query from upstream that went downstream already (`answered`:
    /// whether downstream answered it).
    static func answerAllocationQuery(_ query: Query, downstreamAnswered answered: Bool,
                                      settings: ElementSettings) -> Bool
    /// Sets an element-specific property in `settings`; false if `property` is not one.
    static func setProperty(_ property: PropertyName, _ value: PropertyValue, _ settings: inout ElementSettings) -> Bool
    /// Reads an element-specific property from `settings` or `counters`; false if `property` is not one.
    static func getProperty(_ property: PropertyName, _ value: PropertyValue, settings: ElementSettings,
                            counters: VideoCounters) -> Bool
}

extension WarpElementKind {
    /// By default downstream's answer is the answer (the sink pad proxies allocation).
    static func answerAllocationQuery(_ query: Query, downstreamAnswered answered: Bool,
                                      settings: ElementSettings) -> Bool {
        answered
    }
}
