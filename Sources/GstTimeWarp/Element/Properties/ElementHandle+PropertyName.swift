import GStreamerBinding
import TimeWarpProperties

/// The element's property notifications and controller bindings, named through `PropertyName`.
extension ElementHandle {
    /// Emits `notify::<property>`.
    func notify(_ property: PropertyName) { notify(property.rawValue) }

    /// Whether `property` has an active control binding.
    func isControlled(_ property: PropertyName) -> Bool { isControlled(property.rawValue) }

    /// `count` values of the binding of `property` from `start`, `step` apart (ns).
    func controlledValues(of property: PropertyName, from start: UInt64, step: UInt64, count: Int) -> [Double]? {
        controlledValues(of: property.rawValue, from: start, step: step, count: count)
    }

    /// The elements behind the same upstream source whose boolean `property` is true.
    func siblings(withTrue property: PropertyName) -> (origin: UInt, members: [UInt])? {
        siblings(withTrue: property.rawValue)
    }
}
