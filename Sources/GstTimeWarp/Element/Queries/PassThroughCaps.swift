import GStreamerBinding

/// The caps answer of an element that does not change the format (audiotimewarp, texttimewarp):
/// what the other side's peer accepts, within `pad`'s template (else the query's filter within
/// it, else the template).
enum PassThroughCaps {
    /// Answers the caps `query` on `pad`, one of `sinkPad` and `srcPad`.
    static func answer(_ query: Query, on pad: Pad, sinkPad: Pad, srcPad: Pad) -> Bool {
        let other = pad == sinkPad ? srcPad : sinkPad
        guard let template = pad.templateCaps() else { return false }
        let filter = query.capsFilter
        let result: Caps
        if let peer = other.peerCaps(filter: filter) {
            result = peer.intersect(template)
        } else if case .some(let f) = filter {
            result = f.intersect(template)
        } else {
            result = template
        }
        query.setCapsResult(result)
        return true
    }
}
