/// One output sample's position in the input: its control point plus the local scale (see
/// docs/mathematics.md#audio-control-points).
public struct WarpControlPoint: Sendable, Equatable {
    /// Fractional input sample index `c = (i-1) + (tau - X(i-1)) / (X(i) - X(i-1))`, counted from
    /// the first input sample of the segment.
    public var position: Double
    /// Local scale `s = (X(i) - X(i-1)) * rate`: the output duration of one input sample around
    /// this output sample, in output samples (`< 1` means speeding up).
    public var scale: Double

    /// Creates a control point at fractional input index `position` with local scale `scale`.
    public init(position: Double, scale: Double) {
        self.position = position
        self.scale = scale
    }
}
