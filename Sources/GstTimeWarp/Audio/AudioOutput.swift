import GStreamerBinding
import TimeWarpAudioCore
import CGStreamer

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
                       _ out: StreamOutput) -> GstFlowReturn {
        let sampleSize = format.bytesPerFrame / max(format.channels, 1)
        guard sampleSize > 0, let base = bytes.baseAddress, bytes.count >= sampleSize else { return GST_FLOW_OK }
        let whole = UnsafeRawBufferPointer(start: base, count: bytes.count - bytes.count % sampleSize)
        guard Int(bitPattern: base) % sampleSize != 0 else { return feedAligned(whole, out) }
        return withUnsafeTemporaryAllocation(byteCount: whole.count, alignment: 16) { copy in
            copy.copyMemory(from: whole)
            return feedAligned(UnsafeRawBufferPointer(copy), out)
        }
    }

    /// `feed` of bytes aligned for the sample type.
    mutating func feedAligned(_ bytes: UnsafeRawBufferPointer, _ out: StreamOutput) -> GstFlowReturn {
        var taken = 0
        while taken < bytes.count {
            let n = run.active?.engine.append(UnsafeRawBufferPointer(rebasing: bytes[taken...])) ?? 0
            guard n > 0 else { break }
            taken += n
            let ret = pushReady(out)
            guard ret == GST_FLOW_OK else { return ret }
        }
        return GST_FLOW_OK
    }

    /// Pushes every frame the engine has ready, in buffers of at most `maxFramesPerBuffer`
    /// (after `finish()`, the rest of the run).
    mutating func pushReady(_ out: StreamOutput) -> GstFlowReturn {
        while true {
            switch run.renderPiece(maxFrames: Self.maxFramesPerBuffer) {
            case .piece(let piece, let frames):
                let ret = push(piece, frames: frames, out)
                guard ret == GST_FLOW_OK else { return ret }
            case .allocationFailed(let frames):
                out.postError(.resource, code: ErrorCode.noSpace,
                              "Could not allocate an audio buffer of \(frames) frames")
                return GST_FLOW_ERROR
            case .nothing:
                return GST_FLOW_OK
            }
        }
    }

    /// Stamps `piece` (`frames` frames) from the run's clock and pushes it.
    mutating func push(_ piece: consuming Buffer, frames: Int, _ out: StreamOutput) -> GstFlowReturn {
        guard case .forward(var clock)? = run.active?.clock else {
            return run.isRunning ? pushReversed(piece, frames: frames, out) : GST_FLOW_OK
        }
        var stamp = clock.stamp(count: frames)
        run.active?.clock = .forward(clock)
        guard let output = run.timeline.output else { return GST_FLOW_OK }
        // Past the segment's stop nothing more is wanted: EOS, as sources say it (and a drain
        // of a huge scale stops there).
        if output.stop != ClockTime.none, stamp.pts >= output.stop { return GST_FLOW_EOS }
        guard stamp.pts < ClockTime.end, stamp.duration == ClockTime.none || stamp.pts + stamp.duration <= ClockTime.end else {
            // Output time only grows: nothing more can ever go out (and a huge drain must stop).
            out.warnClockEnd(&run.warnedClockEnd)
            return GST_FLOW_EOS
        }
        if stamp.duration == 0 { stamp.duration = ClockTime.none }
        piece.stamp(pts: stamp.pts, duration: stamp.duration, offset: stamp.offset, offsetEnd: stamp.offsetEnd,
                    discont: run.timeline.discontPending)
        run.timeline.discontPending = false
        out.recordPosition(stamp.pts &+ (stamp.duration == ClockTime.none ? 0 : stamp.duration))
        return out.push(piece)
    }
}
