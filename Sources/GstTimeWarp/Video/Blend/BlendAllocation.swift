import GStreamerBinding

/// Upstream's ALLOCATION query with `frame-mode=blend` (or `flow`): it still goes downstream (for the metas
/// downstream supports), but the answer asks upstream for its own pool with room for the frames
/// held here (up to `max-blend-frames` and the two at a slot's edges): sharing downstream's
/// pool, from which the blended frames are drawn too, could run it dry.
extension VideoElementKind {
    /// In blend mode, asks for upstream's own pool with room for the held frames (the query
    /// went downstream already).
    static func answerAllocationQuery(_ query: Query, downstreamAnswered answered: Bool,
                                      settings: ElementSettings) -> Bool {
        guard settings.frameMode != .nearest else { return answered }
        query.reserveAllocation(holding: UInt32(clamping: settings.maxBlendFrames) &+ 2,
                                frameSize: query.allocationFrameSize)
        return true
    }
}
