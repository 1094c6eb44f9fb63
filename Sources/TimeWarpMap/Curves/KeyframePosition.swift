/// Where a keyframe sits on the media timeline, in the unit the user wrote it in.
public enum KeyframePosition: Sendable, Equatable {
    /// A fraction `u = t / D` of the media duration (written without suffix, e.g. `0.25`).
    case fraction(Double)
    /// Seconds of media time (written with an `s` suffix, e.g. `2.5s`).
    case seconds(Double)

    /// True for positions written in seconds.
    public var isSeconds: Bool {
        if case .seconds = self { return true }
        return false
    }

    /// The number as written, without its unit.
    public var number: Double {
        switch self {
        case .fraction(let v), .seconds(let v): return v
        }
    }
}
