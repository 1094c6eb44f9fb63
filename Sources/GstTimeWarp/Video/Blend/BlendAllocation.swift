import CGStreamer
import GStreamerBinding

/// Upstream's ALLOCATION query with `frame-mode=blend`: it still goes downstream (for the metas
/// downstream supports), but the answer asks upstream for its own pool with room for the frames
/// held here (up to `max-blend-frames` and the two at a slot's edges): sharing downstream's
/// pool, from which the blended frames are drawn too, could run it dry.
extension VideoState {
    /// Forwards the query downstream, then, in blend mode, asks for upstream's own pool with
    /// room for the held frames.
    static func answerAllocationQuery(_ query: Query, _ element: WarpElement<VideoState>) -> Bool {
        let answered = element.sinkPad.queryDefault(query, parent: element.element)
        let (mode, maxFrames) = element.shared.withLock { ($0.settings.frameMode, $0.settings.maxBlendFrames) }
        guard mode == .blend else { return answered }
        query.reserveAllocation(holding: UInt32(clamping: maxFrames) &+ 2, frameSize: query.allocationFrameSize)
        return true
    }
}
