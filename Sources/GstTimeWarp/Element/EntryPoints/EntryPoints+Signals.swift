import CShims
import GStreamerBinding

// The class handlers of the action signals `output-time`, `input-time`, `output-time-with` and
// `input-time-with` (installed in signals.c, declared in CShims.h). Total: a foreign object or a
// missing structure gives GST_CLOCK_TIME_NONE.

@_cdecl("timewarp_impl_map_time")
func timewarpImplMapTime(_ element: UnsafeMutablePointer<GstElement>?, _ t: guint64, _ inverse: gboolean) -> guint64 {
    guard let impl = ElementBox.impl(of: element) else { return guint64(ClockTime.none) }
    return guint64(impl.mapTime(UInt64(t), inverse: inverse != 0, settings: nil))
}

@_cdecl("timewarp_impl_map_time_with")
func timewarpImplMapTimeWith(_ element: UnsafeMutablePointer<GstElement>?, _ properties: UnsafePointer<GstStructure>?,
                             _ t: guint64, _ inverse: gboolean) -> guint64 {
    guard let impl = ElementBox.impl(of: element) else { return guint64(ClockTime.none) }
    guard let properties else { return guint64(impl.mapTime(UInt64(t), inverse: inverse != 0, settings: nil)) }
    return guint64(impl.mapTime(UInt64(t), inverse: inverse != 0, structure: StructureView(raw: properties)))
}

@_cdecl("timewarp_impl_change_at")
func timewarpImplChangeAt(_ element: UnsafeMutablePointer<GstElement>?, _ properties: UnsafePointer<GstStructure>?,
                          _ t: guint64) -> gboolean {
    guard let impl = ElementBox.impl(of: element), let properties else { return 0 }
    return impl.changeAt(StructureView(raw: properties), streamTime: UInt64(t)) ? 1 : 0
}
