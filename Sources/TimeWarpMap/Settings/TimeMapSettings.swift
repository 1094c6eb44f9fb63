
/// The time-map properties the three elements share (one pipeline string sets them alike). Defaults
/// come from `WarpFunction.propertyDefault` and `TimeMapDefaults`; `PropertyTableTests` checks
/// them against the C property specs.
public struct TimeMapSettings: Sendable {
    /// `function`.
    public var function: WarpFunction = WarpFunction.propertyDefault
    /// `factor`.
    public var factor: Double = TimeMapDefaults.factor
    /// `modifier`.
    public var modifier: Double = TimeMapDefaults.modifier
    /// `keyframes`, parsed when set (`parsedKeyframes`).
    public var keyframes: String = "" {
        didSet { parsedKeyframes = Self.parse(keyframes, KeyframeSpec.parse) }
    }
    /// `expression`, parsed when set (`parsedExpression`).
    public var expression: String = "" {
        didSet { parsedExpression = Self.parse(expression, Expression.parse) }
    }
    /// `remap`, parsed when set (`parsedRemap`).
    public var remap: String = "" {
        didSet { parsedRemap = Self.parse(remap, RemapCurve.parse) }
    }
    /// `max-history`: the most input a remap curve may keep to show again (ns).
    public var maxHistory: UInt64 = TimeMapDefaults.maxHistory
    /// The parsed `remap` (nil while empty).
    public private(set) var parsedRemap: Result<RemapCurve, CurveParseError>?
    /// The parsed `keyframes` (nil while empty).
    public private(set) var parsedKeyframes: Result<KeyframeSpec, CurveParseError>?
    /// The parsed `expression` (nil while empty).
    public private(set) var parsedExpression: Result<Expression, CurveParseError>?
    /// `duration` in ns, or `askUpstream` to ask upstream.
    public var duration: UInt64 = TimeMapSettings.askUpstream
    /// A curve supplied by application code (Swift API); overrides `function` when set.
    public var customCurve: (any TimeScaleCurve)? = nil

    /// The `duration` that means "ask upstream": GStreamer's GST_CLOCK_TIME_NONE (all bits set).
    public static let askUpstream = UInt64.max

    /// Creates the default settings (an exact pass-through).
    public init() {}

    /// Parses non-empty text with `parser`.
    private static func parse<T>(_ text: String, _ parser: (String) throws(CurveParseError) -> T) -> Result<T, CurveParseError>? {
        guard !text.allSatisfy(\.isWhitespace) else { return nil }
        do { return .success(try parser(text)) } catch { return .failure(error) }
    }

    /// The media duration from the `duration` property, in seconds.
    public var durationSeconds: Double? {
        duration == Self.askUpstream ? nil : Double(duration) / 1e9
    }

    /// Builds the curve these settings describe; `mediaDuration` is needed by some curves.
    public func makeCurve(mediaDuration: Double?) throws -> any TimeScaleCurve {
        if let customCurve { return customCurve }
        if let remap = try remapCurve(mediaDuration: mediaDuration) {
            // A remap that only moves forward is the map T = p⁻¹; one that stops or goes back is
            // done by the elements themselves, which keep the identity map for the input side.
            return ForwardRemapCurve(remap) ?? ConstantScaleCurve(factor: 1)
        }
        if function == .constant { return ConstantScaleCurve(factor: factor) }
        if function.isBuiltin {
            return BuiltinCurve(function: function, factor: factor, modifier: modifier)
        }
        return try makeCustomCurve(mediaDuration: mediaDuration)
    }

    /// Builds and validates the time map; throws a readable error.
    public func makeMap(mediaDuration: Double?) throws -> TimeMap {
        let curve = try makeCurve(mediaDuration: mediaDuration)
        return try TimeMap(curve: curve, mediaDuration: mediaDuration)
    }
}
