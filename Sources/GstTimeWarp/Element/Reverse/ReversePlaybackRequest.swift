import GStreamerBinding
import Synchronization

/// What `reverse=true` asked of upstream in one stream, shared by the streaming thread and the
/// thread that sends the seek.
final class ReversePlaybackRequest: Sendable {
    /// The reverse seek was asked for (by this element, or it waits for another's).
    let sent = Atomic<Bool>(false)
    /// Upstream refused the seek, or played forwards again after it.
    let refused = Atomic<Bool>(false)
    /// A forward EOS is held back until the reverse playback starts.
    let heldEOS = Atomic<Bool>(false)
    /// A flush came after the seek was asked for.
    let flushedSinceRequest = Atomic<Bool>(false)

    /// A new stream (called by `StreamStatus.reset()`).
    func reset() {
        sent.store(false, ordering: .relaxed)
        refused.store(false, ordering: .relaxed)
        heldEOS.store(false, ordering: .relaxed)
        flushedSinceRequest.store(false, ordering: .relaxed)
    }

    /// A FLUSH_STOP: a held EOS is flushed away.
    func flushed() {
        heldEOS.store(false, ordering: .relaxed)
        if sent.load(ordering: .relaxed) { flushedSinceRequest.store(true, ordering: .relaxed) }
    }

    /// Posts the error, then sends the EOS that was held back.
    static func giveUp(_ element: ElementHandle, _ srcPad: Pad) {
        postError(element)
        if let eos = Event.eos() { _ = srcPad.push(eos) }
    }

    /// "upstream did not play in reverse".
    static func postError(_ element: ElementHandle) {
        element.postError(.stream, code: ErrorCode.streamFailed,
                          "reverse=true: upstream did not play in reverse",
                          debug: "the seek at rate -1 was refused or ignored; the demuxer may not support reverse playback")
    }
}
