import TimeWarpMap

/// What `warp` sets on each timewarp element of its pipeline: the curve, the duration `D`, the
/// direction, the video frame mode and the audio choices. The values stay typed until
/// `properties(for:)` writes them as property strings: the one place the tool does.
public struct WarpElementSettings: Sendable, Equatable {
    /// The element a branch warps with.
    public enum Element: Sendable, Equatable {
        /// `videotimewarp`.
        case video
        /// `audiotimewarp`.
        case audio
        /// `texttimewarp`.
        case text
    }

    /// The curve (`function`, `factor`, ..., `remap`).
    public var curve: CurveOptions
    /// `duration`: `D` in nanoseconds.
    public var durationNs: UInt64
    /// `reverse`: each element asks its own demuxer for reverse playback and writes forwards.
    public var reverse = false
    /// videotimewarp's `frame-mode` (`--blend`, `--flow`).
    public var frameMode = FrameMode.propertyDefault
    /// videotimewarp's `shutter-angle` in degrees (`--shutter-angle`; nil: the element's default).
    public var shutterAngle: Double?
    /// audiotimewarp's `interpolation` (`--interpolation`; nil: the element's default).
    public var interpolation: AudioInterpolation?
    /// audiotimewarp's `pitch` (`--pitch`; nil: the element's default).
    public var pitch: AudioPitch?

    /// The settings of a warp with `curve` over `durationNs`, forwards, every other property at
    /// the element's default.
    public init(curve: CurveOptions, durationNs: UInt64) {
        self.curve = curve
        self.durationNs = durationNs
    }

    /// The properties to set on `element`, in the order they are set; what is left at the
    /// element's default is not set.
    public func properties(for element: Element) -> [ElementProperty] {
        var properties = curve.elementProperties()
        properties.append(ElementProperty(.duration, String(durationNs)))
        if reverse { properties.append(ElementProperty(.reverse, "true")) }
        switch element {
        case .video:
            if frameMode != .propertyDefault { properties.append(ElementProperty(.frameMode, frameMode.nick)) }
            if let shutterAngle { properties.append(ElementProperty(.shutterAngle, CurveOptions.number(shutterAngle))) }
        case .audio:
            if let interpolation { properties.append(ElementProperty(.interpolation, interpolation.nick)) }
            if let pitch { properties.append(ElementProperty(.pitch, pitch.nick)) }
        case .text:
            break
        }
        return properties
    }
}
