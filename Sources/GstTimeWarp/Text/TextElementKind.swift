import GStreamerBinding

/// texttimewarp as an element kind: caps pass through (the cues' format is not changed),
/// allocation goes downstream as it is, and it has no properties of its own beyond the map's.
enum TextElementKind: WarpElementKind {
    /// What the other side's peer accepts, within the template.
    static func answerCapsQuery(_ query: Query, on pad: Pad, sinkPad: Pad, srcPad: Pad,
                                settings: ElementSettings) -> Bool {
        PassThroughCaps.answer(query, on: pad, sinkPad: sinkPad, srcPad: srcPad)
    }

    /// No own properties.
    static func setProperty(_ property: PropertyName, _ value: PropertyValue, _ settings: inout ElementSettings) -> Bool { false }

    /// No own properties.
    static func getProperty(_ property: PropertyName, _ value: PropertyValue, settings: ElementSettings,
                            counters: VideoCounters) -> Bool { false }
}
