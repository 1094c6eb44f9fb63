/// The defaults of the time-map properties both elements share, for the Swift side: the element's
/// settings, `CurveOptions` and the CLI. The C property specs declare the same values
/// (`TIMEWARP_DEFAULT_*` in `CShims.h`); `PropertyTableTests` checks that the two agree.
public enum TimeMapDefaults {
    /// `function`: constant (with `factor` 1, an exact pass-through).
    public static let function = WarpFunction.constant
    /// `factor`: 1.
    public static let factor = 1.0
    /// `modifier`: 0.5.
    public static let modifier = 0.5
}
