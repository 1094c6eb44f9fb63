import CShims

extension PropertyName {
    /// The property the C tables install under `id` (`TIMEWARP_PROP_*`), as GObject hands it to
    /// the get/set property entry points: the one place the ids meet the names. Nil for an id no
    /// table installs.
    init?(id: UInt32) {
        switch TimeWarpPropertyId(rawValue: id) {
        case TIMEWARP_PROP_FUNCTION: self = .function
        case TIMEWARP_PROP_FACTOR: self = .factor
        case TIMEWARP_PROP_SPEED: self = .speed
        case TIMEWARP_PROP_MODIFIER: self = .modifier
        case TIMEWARP_PROP_KEYFRAMES: self = .keyframes
        case TIMEWARP_PROP_EXPRESSION: self = .expression
        case TIMEWARP_PROP_REMAP: self = .remap
        case TIMEWARP_PROP_MAX_HISTORY: self = .maxHistory
        case TIMEWARP_PROP_DURATION: self = .duration
        case TIMEWARP_PROP_REVERSE: self = .reverse
        case TIMEWARP_PROP_START_TIME: self = .startTime
        case TIMEWARP_PROP_OUTPUT_DURATION: self = .outputDuration
        case TIMEWARP_PROP_IN: self = .in
        case TIMEWARP_PROP_OUT: self = .out
        case TIMEWARP_PROP_DROP: self = .drop
        case TIMEWARP_PROP_DUPLICATE: self = .duplicate
        case TIMEWARP_PROP_MAX_DUPLICATION_TIME: self = .maxDuplicationTime
        case TIMEWARP_PROP_MAX_RATE: self = .maxRate
        case TIMEWARP_PROP_FRAME_MODE: self = .frameMode
        case TIMEWARP_PROP_MAX_BLEND_FRAMES: self = .maxBlendFrames
        case TIMEWARP_PROP_FLOW_QUALITY: self = .flowQuality
        case TIMEWARP_PROP_FLOW_FALLBACKS: self = .flowFallbacks
        case TIMEWARP_PROP_SHUTTER_ANGLE: self = .shutterAngle
        case TIMEWARP_PROP_INTERPOLATION: self = .interpolation
        case TIMEWARP_PROP_QUALITY: self = .quality
        case TIMEWARP_PROP_PITCH: self = .pitch
        default: return nil
        }
    }
}
