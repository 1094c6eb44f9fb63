import CGStreamer
import CShims
import GStreamerBinding

// The functions GStreamer and the base type GstTimeWarpElement call (declared in CShims.h): the
// pad functions are set on the pads directly; properties and state changes come from the base
// type's vfuncs. Each finds the Swift object with `ElementBox.impl(of:)` (type-checked), except
// the chain function, which reads its pad's parent unchecked (the pad is the element's own sink
// pad; a type check per buffer costs a lookup), and forwards to it. Every one is total: a
// missing or foreign object yields a harmless default, and the chain's `FlowError` becomes the
// C flow return here.

@_cdecl("timewarp_impl_new")
func timewarpImplNew(_ kind: TimeWarpKind, _ element: UnsafeMutablePointer<GstElement>?) -> UnsafeMutableRawPointer? {
    guard let element else { return nil }
    let handle = ElementHandle(raw: element)
    let impl: any TimeWarpElementImpl
    switch kind {
    case TIMEWARP_KIND_AUDIO: impl = WarpElement<AudioState>(element: handle)
    case TIMEWARP_KIND_TEXT: impl = WarpElement<TextState>(element: handle)
    default: impl = WarpElement<VideoState>(element: handle)
    }
    return Unmanaged.passRetained(ElementBox(impl)).toOpaque()
}

@_cdecl("timewarp_impl_free")
func timewarpImplFree(_ impl: UnsafeMutableRawPointer?) {
    guard let impl else { return }
    Unmanaged<ElementBox>.fromOpaque(impl).release()
}

@_cdecl("timewarp_impl_chain")
func timewarpImplChain(_ pad: UnsafeMutablePointer<GstPad>?, _ parent: UnsafeMutablePointer<GstObject>?,
                       _ buffer: UnsafeMutablePointer<GstBuffer>?) -> GstFlowReturn {
    guard let buffer else { return GST_FLOW_ERROR }
    var pending: Buffer? = Buffer(taking: buffer)
    // Called for every buffer: the element holds its box for as long as it can stream, so the
    // box is borrowed, not retained and released around the call.
    // The pad is the element's own sink pad (its chain function is set in timewarp_element_init),
    // so its parent is the element: no GType check per buffer.
    guard let box = timewarp_element_impl_of_pad_parent(parent) else { return GST_FLOW_ERROR }
    return Unmanaged<ElementBox>.fromOpaque(box)._withUnsafeGuaranteedRef { box in
        guard let owned = pending.take() else { return GST_FLOW_ERROR }
        do throws(FlowError) {
            try box.impl.chain(owned)
            return GST_FLOW_OK
        } catch {
            return error.flowReturn  // the plugin's flow result meets C here
        }
    }
}

@_cdecl("timewarp_impl_sink_event")
func timewarpImplSinkEvent(_ pad: UnsafeMutablePointer<GstPad>?, _ parent: UnsafeMutablePointer<GstObject>?,
                           _ event: UnsafeMutablePointer<GstEvent>?) -> gboolean {
    dispatch(event, to: parent) { $0.sinkEvent($1) }
}

@_cdecl("timewarp_impl_src_event")
func timewarpImplSrcEvent(_ pad: UnsafeMutablePointer<GstPad>?, _ parent: UnsafeMutablePointer<GstObject>?,
                          _ event: UnsafeMutablePointer<GstEvent>?) -> gboolean {
    dispatch(event, to: parent) { $0.srcEvent($1) }
}

/// Takes `event` (GStreamer hands over its reference) and gives it to `handle` with the Swift
/// side of `parent`; FALSE, the event released, without one.
private func dispatch(_ event: UnsafeMutablePointer<GstEvent>?, to parent: UnsafeMutablePointer<GstObject>?,
                      _ handle: (any TimeWarpElementImpl, consuming Event) -> Bool) -> gboolean {
    guard let event else { return 0 }
    let owned = Event(taking: event)
    guard let object = ElementBox.impl(of: parent) else { return 0 }
    return handle(object, owned) ? 1 : 0
}

@_cdecl("timewarp_impl_sink_query")
func timewarpImplSinkQuery(_ pad: UnsafeMutablePointer<GstPad>?, _ parent: UnsafeMutablePointer<GstObject>?,
                           _ query: UnsafeMutablePointer<GstQuery>?) -> gboolean {
    guard let query, let object = ElementBox.impl(of: parent) else { return 0 }
    return object.sinkQuery(Query(raw: query)) ? 1 : 0
}

@_cdecl("timewarp_impl_src_query")
func timewarpImplSrcQuery(_ pad: UnsafeMutablePointer<GstPad>?, _ parent: UnsafeMutablePointer<GstObject>?,
                          _ query: UnsafeMutablePointer<GstQuery>?) -> gboolean {
    guard let query, let object = ElementBox.impl(of: parent) else { return 0 }
    return object.srcQuery(Query(raw: query)) ? 1 : 0
}

@_cdecl("timewarp_impl_state_will_change")
func timewarpImplStateWillChange(_ element: UnsafeMutablePointer<GstElement>?, _ transition: GstStateChange) {
    ElementBox.impl(of: element)?.stateWillChange(transition)
}

@_cdecl("timewarp_impl_state_did_change")
func timewarpImplStateDidChange(_ element: UnsafeMutablePointer<GstElement>?, _ transition: GstStateChange) {
    ElementBox.impl(of: element)?.stateDidChange(transition)
}

@_cdecl("timewarp_impl_set_property")
func timewarpImplSetProperty(_ object: UnsafeMutablePointer<GObject>?, _ id: guint,
                             _ value: UnsafePointer<GValue>?) -> gboolean {
    guard let value, let property = PropertyName(id: id), let impl = ElementBox.impl(of: object) else { return 0 }
    return impl.setProperty(property, PropertyValue(raw: UnsafeMutablePointer(mutating: value))) ? 1 : 0
}

@_cdecl("timewarp_impl_get_property")
func timewarpImplGetProperty(_ object: UnsafeMutablePointer<GObject>?, _ id: guint,
                             _ value: UnsafeMutablePointer<GValue>?) -> gboolean {
    guard let value, let property = PropertyName(id: id), let impl = ElementBox.impl(of: object) else { return 0 }
    return impl.getProperty(property, PropertyValue(raw: value)) ? 1 : 0
}
