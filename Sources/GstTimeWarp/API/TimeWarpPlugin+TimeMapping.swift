import GStreamerBinding
import TimeWarpMap

/// `T` and `T⁻¹` of an element for Swift applications, as the `output-time` / `input-time`
/// action signals give them to C and Python.
extension TimeWarpPlugin {
    /// `T(t)`: the output stream time (ns) of input stream time `t` (ns), through the map the
    /// element applies, or through the map `settings` describe (the element is untouched).
    /// `nil` where the map is not defined (a curve in fractions of `D` with no duration known,
    /// invalid settings) or when `element` is no timewarp element.
    public static func outputTime(of t: UInt64, on element: Element,
                                  settings: TimeMapSettings? = nil) -> UInt64? {
        mapped(t, inverse: false, on: element, settings: settings)
    }

    /// `T⁻¹(y)`: the input stream time (ns) that is output at stream time `y` (ns); see
    /// `outputTime(of:on:settings:)`.
    public static func inputTime(of y: UInt64, on element: Element,
                                 settings: TimeMapSettings? = nil) -> UInt64? {
        mapped(y, inverse: true, on: element, settings: settings)
    }

    /// The element's time-map properties as settings (to change some and pass them to
    /// `outputTime(of:on:settings:)`); nil when `element` is no timewarp element.
    public static func timeMapSettings(of element: Element) -> TimeMapSettings? {
        ElementBox.impl(of: element)?.timeMapSettings
    }

    /// One query through the element's Swift side.
    private static func mapped(_ t: UInt64, inverse: Bool, on element: Element,
                               settings: TimeMapSettings?) -> UInt64? {
        guard t != ClockTime.none, let impl = ElementBox.impl(of: element) else { return nil }
        let result = impl.mapTime(t, inverse: inverse, settings: settings)
        return result == ClockTime.none ? nil : result
    }
}
