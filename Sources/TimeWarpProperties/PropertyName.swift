/// Every GObject property of the three elements, by the name users write in `gst-launch-1.0`
/// strings and `g_object_set`. The C tables (`time_map_properties.c`, `video_element.c`,
/// `audio_element.c`) install the specs under the same names; `PropertyTableTests` checks that the
/// two agree, element by element. Swift code names a property only through this enum: the
/// element's setters and getters (`WarpElement+Properties.swift`), the signals' structures, the
/// controller bindings and the tool's pipeline builder.
public enum PropertyName: String, CaseIterable, Sendable {
    // MARK: The time map (all three elements; `TimeMapSettings`)

    /// The time-scale function (`WarpFunction`).
    case function
    /// The first parameter of the built-in functions (the scale of `function=constant`).
    case factor
    /// `1 / factor`, as GES's rate properties count it.
    case speed
    /// The second parameter of the built-in functions.
    case modifier
    /// The curve of `function=keyframes` (`KeyframeCurve.parse`).
    case keyframes
    /// `s(u)`, or `F(u)` for `function=antiderivative` (`Expression.parse`).
    case expression
    /// The curve of `function=remap` (`RemapCurve.parse`).
    case remap
    /// The most input a remap curve may keep to show again, in nanoseconds.
    case maxHistory = "max-history"
    /// The media duration `D` in nanoseconds (NONE: ask upstream).
    case duration
    /// Play backwards into a forward stream.
    case reverse
    /// The input stream time where the map starts, in nanoseconds.
    case startTime = "start-time"
    /// `D * F(1)` in nanoseconds (read-only).
    case outputDuration = "output-duration"

    // MARK: videotimewarp

    /// Input frames (read-only counter).
    case `in`
    /// Output frames (read-only counter).
    case out
    /// Frames dropped (read-only counter).
    case drop
    /// Frames duplicated (read-only counter).
    case duplicate
    /// The longest gap a frame is repeated over, in nanoseconds.
    case maxDuplicationTime = "max-duplication-time"
    /// The highest output frame rate, for caps with a variable rate.
    case maxRate = "max-rate"
    /// How output frames are made (`FrameMode`).
    case frameMode = "frame-mode"
    /// The most input frames one blended output frame averages.
    case maxBlendFrames = "max-blend-frames"
    /// Optical flow's speed against quality (`FlowQuality`).
    case flowQuality = "flow-quality"
    /// Output frames flow could not make (read-only counter).
    case flowFallbacks = "flow-fallbacks"
    /// The share of a speed-up's input that `frame-mode=flow` integrates along the flow, in degrees.
    case shutterAngle = "shutter-angle"

    // MARK: audiotimewarp

    /// How samples between the input's are computed (`AudioInterpolation`).
    case interpolation
    /// The sinc filter's quality, 0–10.
    case quality
    /// Whether the pitch follows the speed (`AudioPitch`).
    case pitch

    /// The properties of the time map, which every element has.
    public static let timeMap: [PropertyName] = [
        .function, .factor, .speed, .modifier, .keyframes, .expression, .remap, .maxHistory,
        .duration, .reverse, .startTime, .outputDuration,
    ]

    /// The properties only `videotimewarp` has.
    public static let videoOnly: [PropertyName] = [
        .in, .out, .drop, .duplicate, .maxDuplicationTime, .maxRate, .frameMode, .maxBlendFrames,
        .flowQuality, .flowFallbacks, .shutterAngle,
    ]

    /// The properties only `audiotimewarp` has.
    public static let audioOnly: [PropertyName] = [.interpolation, .quality, .pitch]

    /// The name as GObject and `gst-launch-1.0` know it (`output-duration`).
    public var name: String { rawValue }
}
