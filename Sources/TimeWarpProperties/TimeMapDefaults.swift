/// The defaults of the numeric time-map properties the three elements share, for the Swift side: the
/// element's settings, `CurveOptions` and the CLI (the function's is
/// `WarpFunction.propertyDefault`). The C property specs declare the same values
/// (`TIMEWARP_DEFAULT_*` in `CShims.h`); `PropertyTableTests` checks that the two agree.
public enum TimeMapDefaults {
    /// `factor`: 1.
    public static let factor = 1.0
    /// `modifier`: 0.5.
    public static let modifier = 0.5
    /// `max-history`: 60 s (ns).
    public static let maxHistory: UInt64 = 60_000_000_000
}
