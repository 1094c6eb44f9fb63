import CGStreamer

/// `GstController` support on our element: control bindings are synced per buffer, as
/// GstBaseTransform does, and a bound `factor` is read as a curve.
extension ElementHandle {
    /// Sets every controlled property to its value at `streamTime` (`gst_object_sync_values`).
    public func syncControlledValues(at streamTime: UInt64) {
        _ = gst_object_sync_values(object, GstClockTime(streamTime))
    }

    /// Whether any control binding was added to the element: the list head read without the
    /// object lock, as `gst_object_sync_values` itself does (a binding being added is seen at
    /// the next buffer).
    public var hasControlBindings: Bool { object.pointee.control_bindings != nil }

    /// Whether `property` has a control binding that is not disabled.
    public func isControlled(_ property: String) -> Bool {
        guard gst_object_has_active_control_bindings(object) != 0,
              let binding = gst_object_get_control_binding(object, property) else { return false }
        defer { gst_object_unref(binding) }
        return gst_control_binding_is_disabled(binding) == 0
    }

    /// The values of the controlled double `property` at `count` times `start + k * step`
    /// (ns, stream time), or nil when the binding gives none there.
    public func controlledValues(of property: String, from start: UInt64, step: UInt64, count: Int) -> [Double]? {
        guard count > 0, let n = UInt32(exactly: count) else { return [] }
        var values = [Double](repeating: .nan, count: count)
        let ok = values.withUnsafeMutableBytes { buffer in
            gst_object_get_value_array(object, property, GstClockTime(start), GstClockTime(step), n, buffer.baseAddress)
        }
        return ok != 0 ? values : nil
    }
}
