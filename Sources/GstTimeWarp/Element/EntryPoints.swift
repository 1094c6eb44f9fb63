import CGStreamer
import CShims
import GStreamerBinding

// The functions the C trampolines call (declared in CShims.h). Each recovers the Swift object
// from the opaque pointer stored in the element instance and forwards to it. Every one is total:
// a missing pointer yields a harmless default instead of a trap.

private func object(_ impl: UnsafeMutableRawPointer?) -> (any TimeWarpElementImpl)? {
    impl.map { Unmanaged<ElementBox>.fromOpaque($0).takeUnretainedValue().impl }
}

@_cdecl("timewarp_impl_new")
func timewarpImplNew(_ kind: TimeWarpKind, _ element: UnsafeMutablePointer<GstElement>?) -> UnsafeMutableRawPointer? {
    guard let element else { return nil }
    let handle = ElementHandle(raw: element)
    let impl: any TimeWarpElementImpl = kind == TIMEWARP_KIND_AUDIO
        ? WarpElement<AudioState>(element: handle) : WarpElement<VideoState>(element: handle)
    return Unmanaged.passRetained(ElementBox(impl)).toOpaque()
}

@_cdecl("timewarp_impl_free")
func timewarpImplFree(_ impl: UnsafeMutableRawPointer?) {
    guard let impl else { return }
    Unmanaged<ElementBox>.fromOpaque(impl).release()
}

@_cdecl("timewarp_impl_chain")
func timewarpImplChain(_ impl: UnsafeMutableRawPointer?, _ pad: UnsafeMutablePointer<GstPad>?,
                       _ buffer: UnsafeMutablePointer<GstBuffer>?) -> GstFlowReturn {
    guard let buffer else { return GST_FLOW_ERROR }
    let owned = Buffer(taking: buffer)
    guard let object = object(impl) else { return GST_FLOW_ERROR }
    return object.chain(owned)
}

@_cdecl("timewarp_impl_sink_event")
func timewarpImplSinkEvent(_ impl: UnsafeMutableRawPointer?, _ pad: UnsafeMutablePointer<GstPad>?,
                           _ event: UnsafeMutablePointer<GstEvent>?) -> gboolean {
    guard let event else { return 0 }
    let owned = Event(taking: event)
    guard let object = object(impl) else { return 0 }
    return object.sinkEvent(owned) ? 1 : 0
}

@_cdecl("timewarp_impl_src_event")
func timewarpImplSrcEvent(_ impl: UnsafeMutableRawPointer?, _ pad: UnsafeMutablePointer<GstPad>?,
                          _ event: UnsafeMutablePointer<GstEvent>?) -> gboolean {
    guard let event else { return 0 }
    let owned = Event(taking: event)
    guard let object = object(impl) else { return 0 }
    return object.srcEvent(owned) ? 1 : 0
}

@_cdecl("timewarp_impl_sink_query")
func timewarpImplSinkQuery(_ impl: UnsafeMutableRawPointer?, _ pad: UnsafeMutablePointer<GstPad>?,
                           _ query: UnsafeMutablePointer<GstQuery>?) -> gboolean {
    guard let query, let object = object(impl) else { return 0 }
    return object.sinkQuery(Query(raw: query)) ? 1 : 0
}

@_cdecl("timewarp_impl_src_query")
func timewarpImplSrcQuery(_ impl: UnsafeMutableRawPointer?, _ pad: UnsafeMutablePointer<GstPad>?,
                          _ query: UnsafeMutablePointer<GstQuery>?) -> gboolean {
    guard let query, let object = object(impl) else { return 0 }
    return object.srcQuery(Query(raw: query)) ? 1 : 0
}

@_cdecl("timewarp_impl_state_will_change")
func timewarpImplStateWillChange(_ impl: UnsafeMutableRawPointer?, _ transition: GstStateChange) {
    object(impl)?.stateWillChange(transition)
}

@_cdecl("timewarp_impl_state_did_change")
func timewarpImplStateDidChange(_ impl: UnsafeMutableRawPointer?, _ transition: GstStateChange) {
    object(impl)?.stateDidChange(transition)
}

@_cdecl("timewarp_impl_set_property")
func timewarpImplSetProperty(_ impl: UnsafeMutableRawPointer?, _ id: guint,
                             _ value: UnsafePointer<GValue>?) -> gboolean {
    guard let value, let object = object(impl) else { return 0 }
    return object.setProperty(id, PropertyValue(raw: UnsafeMutablePointer(mutating: value))) ? 1 : 0
}

@_cdecl("timewarp_impl_get_property")
func timewarpImplGetProperty(_ impl: UnsafeMutableRawPointer?, _ id: guint,
                             _ value: UnsafeMutablePointer<GValue>?) -> gboolean {
    guard let value, let object = object(impl) else { return 0 }
    return object.getProperty(id, PropertyValue(raw: value)) ? 1 : 0
}
