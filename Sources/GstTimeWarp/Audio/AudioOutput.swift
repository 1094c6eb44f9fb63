import GStreamerBinding
import TimeWarpAudioCore

/// Feeding the run's engine (resampler or stretcher alike) and pushing what it renders, stamped
/// from the output sample index.
extension AudioState {
    /// The most frames in one output buffer (85 ms at 48 kHz): a high scale makes many output
    /// frames of one input buffer, which go out in buffers of this size.
    static let maxFramesPerBuffer = 4096

    /// Feeds raw interleaved bytes (whole samples of `format`) to the run's engine a step at a
    /// time, pushing what each step makes ready. Misaligned bytes are copied first (a sample's
    /// alignment is its size).
    mutating func feed(_ bytes: UnsafeRawBufferPointer, format: AudioStreamFormat,
                       _ out: StreamOutput) throws(FlowError) {
        let sampleSize = format.bytesPerFrame / max(format.channels, 1)
        guard sampleSize > 0, let base = bytes.baseAddress, bytes.count >= sampleSize else { return }
        let whole = UnsafeRawBufferPointer(start: base, count: bytes.count - bytes.count % sampleSize)
        guard Int(bitPattern: base) % sampleSize != 0 else { return try feedAligned(whole, out) }
        try withUnsafeTemporaryAllocation(byteCount: whole.count, alignment: 16) { (copy) throws(FlowError) in
            copy.copyMemory(from: whole)
            try feedAligned(UnsafeRawBufferPointer(copy), out)
        }
    }

    /// `feed` of bytes aligned for the sample type.
    mutating func feedAligned(_ bytes: UnsafeRawBufferPointer, _ out: StreamOutput) throws(FlowError) {
        var taken = 0
        while taken < bytes.count {
            let n = run.active?.engine.append(UnsafeRawBufferPointer(rebasing: bytes[taken...])) ?? 0
            guard n > 0 else { break }
            taken += n
            try pushReady(out)
        }
    }

    /// Pushes every frame the engine has ready, in buffers of at most `maxFramesPerBuffer`
    /// (after `finish()`, the rest of the run).
    mutating func pushReady(_ out: StreamOutput) throws(FlowError) {
        while true {
            switch run.renderPiece(maxFrames: Self.maxFramesPerBuffer) {
            case .piece(let piece, let frames):
                try push(piece, frames: frames, out)
            case .allocationFailed(let frames):
                out.postError(.resource, code: ErrorCode.noSpace,
                              "Could not allocate an audio buffer of \(frames) frames")
                throw .error
            case .nothing:
                return
            }
        }
    }

    /// Stamps `piece` (`frames` frames) from the run's clock and pushes it.
    mutating func push(_ piece: consuming Buffer, frames: Int, _ out: StreamOutput) throws(FlowError) {
        guard case .forward(var clock)? = run.active?.clock else {
            if run.isRunning { try pushReversed(piece, frames: frames, out) }
            return
        }
        var stamp = clock.stamp(count: frames)
        run.active?.clock = .forward(clock)
        guard let output = run.timeline.output else { return }
        // Past the segment's stop nothing more is wanted: EOS, as sources say it (and a drain
        // of a huge scale stops there).
        if output.stop != ClockTime.none, stamp.pts >= output.stop { throw .eos }
        guard stamp.pts < ClockTime.end, stamp.duration == ClockTime.none || stamp.pts + stamp.duration <= ClockTime.end else {
            // Output time only grows: nothing more can ever go out (and a huge drain must stop).
            out.warnClockEnd(&run.warnedClockEnd)
            throw .eos
        }
        if stamp.duration == 0 { stamp.duration = ClockTime.none }
        piece.stamp(pts: stamp.pts, duration: stamp.duration, offset: stamp.offset, offsetEnd: stamp.offsetEnd,
                    discont: run.timeline.discontPending)
        run.timeline.discontPending = false
        out.recordPosition(stamp.pts &+ (stamp.duration == ClockTime.none ? 0 : stamp.duration))
        try out.push(piece)
    }
}
