import GStreamerBinding

/// An input frame held for blending: the buffer (shared by reference, so the run's frames can
/// sit in an array), its input interval and its warped times.
struct BlendFrame: Sendable {
    /// The buffer, owned by a reference-counted box.
    final class Box: Sendable {
        /// The frame.
        let buffer: Buffer
        /// Takes ownership of `buffer`.
        init(_ buffer: consuming Buffer) { self.buffer = buffer }
    }

    /// The frame's buffer.
    let box: Box
    /// `[start, end)` in input stream time.
    let span: FrameSpan
    /// Warped timestamp on the output timeline (ns).
    let warpedTime: UInt64
    /// Warped end time (ns).
    let warpedEnd: UInt64
    /// Whether it went into an output frame yet (as itself or mixed).
    var shown = false
    /// Whether it was pushed as itself yet (pushing it again counts as a duplicate).
    var pushedAsItself = false

    /// A frame to hold.
    init(_ buffer: consuming Buffer, span: FrameSpan, warpedTime: UInt64, warpedEnd: UInt64) {
        box = Box(buffer)
        self.span = span
        self.warpedTime = warpedTime
        self.warpedEnd = warpedEnd
    }
}

/// How frames of the negotiated format are mixed: its plane layout and video info.
struct BlendFormat: Sendable {
    /// Planes, rows and sample size.
    let layout: VideoLayout
    /// The caps' video info (to map frames).
    let info: VideoInfo
}
