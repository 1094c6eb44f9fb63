import GStreamerBinding
import TimeWarpMap
import CShims

/// The Swift object behind a videotimewarp, audiotimewarp or texttimewarp instance, as the C trampolines and
/// the Swift API see it.
protocol TimeWarpElementImpl: AnyObject, Sendable {
    /// A buffer on the sink pad; throws why the flow stops.
    func chain(_ buffer: consuming Buffer) throws(FlowError)
    /// An event on the sink pad.
    func sinkEvent(_ event: consuming Event) -> Bool
    /// An event on the source pad.
    func srcEvent(_ event: consuming Event) -> Bool
    /// A query on the sink pad.
    func sinkQuery(_ query: Query) -> Bool
    /// A query on the source pad.
    func srcQuery(_ query: Query) -> Bool
    /// Before the parent class changes state.
    func stateWillChange(_ transition: GstStateChange)
    /// After the parent class changed state.
    func stateDidChange(_ transition: GstStateChange)
    /// Sets a property; false for one this element does not have.
    func setProperty(_ property: PropertyName, _ value: PropertyValue) -> Bool
    /// Reads a property; false for one this element does not have.
    func getProperty(_ property: PropertyName, _ value: PropertyValue) -> Bool
    /// Uses `curve` (nil: the properties' curve) from the next stream or segment on.
    func setCustomCurve(_ curve: (any TimeScaleCurve)?)
    /// `T(t)` (`inverse`: `T⁻¹(t)`) in ns through the element's map, or the map `settings`
    /// describe; `ClockTime.none` where it is not defined.
    func mapTime(_ t: UInt64, inverse: Bool, settings: TimeMapSettings?) -> UInt64
    /// `mapTime` for the element's settings overridden by the fields of `structure`.
    func mapTime(_ t: UInt64, inverse: Bool, structure: StructureView) -> UInt64
    /// The element's time-map settings.
    var timeMapSettings: TimeMapSettings { get }
    /// Applies the property values of `structure` at input stream time `t` (`change-at`).
    func changeAt(_ structure: StructureView, streamTime t: UInt64) -> Bool
}

/// The retained object stored in the C instance: one reference to the element's Swift side.
final class ElementBox: Sendable {
    /// The element's Swift side.
    let impl: any TimeWarpElementImpl

    /// Boxes `impl`.
    init(_ impl: any TimeWarpElementImpl) { self.impl = impl }
}

extension ElementBox {
    /// The Swift side of `instance` if it is a videotimewarp, audiotimewarp or texttimewarp: C checks the
    /// instance's GType (the base GstTimeWarpElement) before it reads `impl`. Nil for a null
    /// pointer, any other object, or an element whose Swift side is gone.
    static func impl(of instance: UnsafeMutableRawPointer?) -> (any TimeWarpElementImpl)? {
        timewarp_element_impl(instance).map { Unmanaged<ElementBox>.fromOpaque($0).takeUnretainedValue().impl }
    }

    /// The Swift side of `element` (see `impl(of:)` for a raw instance).
    static func impl(of element: Element) -> (any TimeWarpElementImpl)? {
        element.withUnsafeElement { impl(of: UnsafeMutableRawPointer($0)) }
    }
}
