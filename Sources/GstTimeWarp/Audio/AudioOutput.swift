import TimeWarpAudioCore
import CGStreamer

/// Feeding the resampler and pushing what it renders, stamped from the output sample index.
extension AudioState {
    /// Feeds raw interleaved bytes to the resampler, typed by the negotiated format, and pushes
    /// what comes out.
    mutating func feed(_ bytes: UnsafeRawBufferPointer, format: AudioStreamFormat,
                       _ element: WarpElement<AudioState>) -> GstFlowReturn {
        switch format.sampleFormat {
        case .s16: return Self.typed(bytes, as: Int16.self) { resample($0, format, element) } ?? GST_FLOW_OK
        case .s32: return Self.typed(bytes, as: Int32.self) { resample($0, format, element) } ?? GST_FLOW_OK
        case .f32: return Self.typed(bytes, as: Float.self) { resample($0, format, element) } ?? GST_FLOW_OK
        case .f64: return Self.typed(bytes, as: Double.self) { resample($0, format, element) } ?? GST_FLOW_OK
        }
    }

    /// Appends `samples` a step at a time, rendering each step's output straight into a new
    /// buffer and pushing it (see `WarpResampler+Direct.swift`).
    mutating func resample<S: WarpSampleCodec>(_ samples: UnsafeBufferPointer<S>, _ format: AudioStreamFormat,
                                               _ element: WarpElement<AudioState>) -> GstFlowReturn {
        var taken = 0
        while taken < samples.count {
            let n = run.resampler?.append(UnsafeBufferPointer(rebasing: samples[taken...])) ?? 0
            guard n > 0 else { break }
            taken += n
            let ret = pushRendered(S.self, format, element)
            guard ret == GST_FLOW_OK else { return ret }
        }
        return GST_FLOW_OK
    }

    /// Renders the resampler's ready frames into a new buffer and pushes it (nothing when none).
    mutating func pushRendered<S: WarpSampleCodec>(_: S.Type, _ format: AudioStreamFormat,
                                                   _ element: WarpElement<AudioState>) -> GstFlowReturn {
        guard let bound = run.resampler?.renderBound, let channels = run.resampler?.channels else { return GST_FLOW_OK }
        guard bound > 0 else {
            run.resampler?.renderNothing(S.self)
            return GST_FLOW_OK
        }
        let bytesPerFrame = channels * MemoryLayout<S>.stride
        guard var out = Buffer.allocate(size: (bound + 1) * bytesPerFrame) else { return GST_FLOW_ERROR }
        let written: Int = out.withMutableBytes { bytes in
            run.resampler?.render(into: bytes.bindMemory(to: S.self)) ?? 0
        } ?? 0
        guard written > 0 else { return GST_FLOW_OK }
        out.truncate(to: written * bytesPerFrame)
        return push(out, frames: written, element)
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

    /// Wraps `samples` in a buffer and pushes it (the end of a run).
    mutating func push<S>(_ samples: inout [S], _ format: AudioStreamFormat,
                          _ element: WarpElement<AudioState>) -> GstFlowReturn {
        let frames = samples.count / max(format.channels, 1)
        guard frames > 0 else { samples.removeAll(keepingCapacity: true); return GST_FLOW_OK }
        let bytes = frames * format.bytesPerFrame
        guard var out = Buffer.allocate(size: bytes) else { return GST_FLOW_ERROR }
        _ = out.withMutableBytes { dst in
            samples.withUnsafeBytes { src in dst.copyMemory(from: UnsafeRawBufferPointer(rebasing: src.prefix(bytes))) }
        }
        samples.removeAll(keepingCapacity: true)
        return push(out, frames: frames, element)
    }

    /// Stamps `out` (`frames` frames) from the sample index and pushes it.
    mutating func push(_ out: consuming Buffer, frames: Int, _ element: WarpElement<AudioState>) -> GstFlowReturn {
        guard var stamp = run.clock?.stamp(count: frames), let output = run.timeline.output else { return GST_FLOW_OK }
        if output.stop != ClockTime.none, stamp.pts >= output.stop { return GST_FLOW_OK }
        if stamp.duration == 0 { stamp.duration = ClockTime.none }
        out.stamp(pts: stamp.pts, duration: stamp.duration, offset: stamp.offset, offsetEnd: stamp.offsetEnd,
                  discont: run.timeline.discontPending)
        run.timeline.discontPending = false
        element.recordPosition(stamp.pts &+ (stamp.duration == ClockTime.none ? 0 : stamp.duration), in: output)
        return element.srcPad.push(out)
    }
}
