import GStreamerBinding
import TimeWarpAudioCore
import CGStreamer

/// Feeding the resampler and pushing what it renders, stamped from the output sample index.
extension AudioState {
    /// Feeds raw interleaved bytes to the resampler, typed by the negotiated format, and pushes
    /// what comes out.
    mutating func feed(_ bytes: UnsafeRawBufferPointer, format: AudioStreamFormat,
                       _ out: StreamOutput) -> GstFlowReturn {
        if run.stretcher != nil { return feedStretcher(bytes, format: format, out) }
        switch format.sampleFormat {
        case .s16: return Self.typed(bytes, as: Int16.self) { resample($0, format, out) } ?? GST_FLOW_OK
        case .s32: return Self.typed(bytes, as: Int32.self) { resample($0, format, out) } ?? GST_FLOW_OK
        case .f32: return Self.typed(bytes, as: Float.self) { resample($0, format, out) } ?? GST_FLOW_OK
        case .f64: return Self.typed(bytes, as: Double.self) { resample($0, format, out) } ?? GST_FLOW_OK
        }
    }

    /// Appends `samples` a step at a time, rendering each step's output straight into a new
    /// buffer and pushing it (see `WarpResampler+Direct.swift`).
    mutating func resample<S: WarpSampleCodec>(_ samples: UnsafeBufferPointer<S>, _ format: AudioStreamFormat,
                                               _ out: StreamOutput) -> GstFlowReturn {
        var taken = 0
        while taken < samples.count {
            let n = run.resampler?.append(UnsafeBufferPointer(rebasing: samples[taken...])) ?? 0
            guard n > 0 else { break }
            taken += n
            let ret = pushRendered(S.self, format, out)
            guard ret == GST_FLOW_OK else { return ret }
        }
        return GST_FLOW_OK
    }

    /// The most frames in one output buffer (85 ms at 48 kHz): a high scale makes many output
    /// frames of one input buffer, which go out in buffers of this size.
    static let maxFramesPerBuffer = 4096

    /// Renders the resampler's ready frames into buffers of at most `maxFramesPerBuffer` frames
    /// and pushes them (nothing when none are ready).
    mutating func pushRendered<S: WarpSampleCodec>(_: S.Type, _ format: AudioStreamFormat,
                                                   _ out: StreamOutput) -> GstFlowReturn {
        guard let bound = run.resampler?.renderBound, bound > 0 else {
            run.resampler?.renderNothing(S.self)
            return GST_FLOW_OK
        }
        var left = bound
        while left > 0 {
            let (ret, written) = pushPiece(S.self, frames: min(left, Self.maxFramesPerBuffer), out) { resampler, out in
                resampler.render(into: out)
            }
            guard ret == GST_FLOW_OK else { return ret }
            guard written > 0 else { break }
            left -= written
        }
        return GST_FLOW_OK
    }

    /// Renders the end of the run into buffers of at most `maxFramesPerBuffer` frames and pushes
    /// them.
    mutating func pushDrained<S: WarpSampleCodec>(_: S.Type, _ out: StreamOutput) -> GstFlowReturn {
        while run.resampler?.isFinished == false {
            let (ret, _) = pushPiece(S.self, frames: Self.maxFramesPerBuffer, out) { resampler, out in
                resampler.drainStep(into: out)
            }
            guard ret == GST_FLOW_OK else { return ret }
        }
        return GST_FLOW_OK
    }

    /// Allocates a buffer for `frames` frames, lets `render` fill it from the resampler, and
    /// pushes what it wrote; returns the flow and the frames written.
    mutating func pushPiece<S: WarpSampleCodec>(
        _: S.Type, frames: Int, _ out: StreamOutput,
        _ render: (inout WarpResampler, UnsafeMutableBufferPointer<S>) -> Int
    ) -> (GstFlowReturn, Int) {
        guard var resampler = run.resampler.take() else { return (GST_FLOW_OK, 0) }
        defer { run.resampler = resampler }
        let (size, overflow) = frames.multipliedReportingOverflow(by: resampler.channels * MemoryLayout<S>.stride)
        guard !overflow, size > 0, var piece = Buffer.allocate(size: size) else {
            out.postError(.resource, code: ErrorCode.noSpace, "Could not allocate an audio buffer of \(frames) frames")
            return (GST_FLOW_ERROR, 0)
        }
        let written: Int = piece.withMutableBytes { bytes in render(&resampler, bytes.bindMemory(to: S.self)) } ?? 0
        guard written > 0 else { return (GST_FLOW_OK, 0) }
        piece.truncate(to: written * resampler.channels * MemoryLayout<S>.stride)
        return (push(piece, frames: written, out), written)
    }

    /// Calls `body` with `bytes` viewed as samples of `S` (copied when misaligned); nil when there
    /// is no whole sample.
    static func typed<S, R>(_ bytes: UnsafeRawBufferPointer, as: S.Type, _ body: (UnsafeBufferPointer<S>) -> R) -> R? {
        let count = bytes.count / MemoryLayout<S>.stride
        guard count > 0, let base = bytes.baseAddress else { return nil }
        if Int(bitPattern: base) % MemoryLayout<S>.alignment == 0 {
            return body(UnsafeBufferPointer(start: base.assumingMemoryBound(to: S.self), count: count))
        } else {
            let copy = (0..<count).map { bytes.loadUnaligned(fromByteOffset: $0 * MemoryLayout<S>.stride, as: S.self) }
            return copy.withUnsafeBufferPointer(body)
        }
    }

    /// Stamps `piece` (`frames` frames) from the sample index and pushes it.
    mutating func push(_ piece: consuming Buffer, frames: Int, _ out: StreamOutput) -> GstFlowReturn {
        if run.reverseClock != nil { return pushReversed(piece, frames: frames, out) }
        guard var stamp = run.clock?.stamp(count: frames), let output = run.timeline.output else { return GST_FLOW_OK }
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
