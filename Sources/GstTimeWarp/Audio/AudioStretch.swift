import GStreamerBinding
import TimeWarpAudioCore
import CGStreamer

/// `pitch=preserve`: feeding the stretcher and pushing what it renders, stamped from the output
/// sample index like the resampler's output (`AudioOutput.swift`).
extension AudioState {
    /// Feeds raw interleaved bytes to the stretcher, typed by the negotiated format, and pushes
    /// what comes out.
    mutating func feedStretcher(_ bytes: UnsafeRawBufferPointer, format: AudioStreamFormat,
                                _ out: StreamOutput) -> GstFlowReturn {
        switch format.sampleFormat {
        case .s16: return Self.typed(bytes, as: Int16.self) { stretch($0, format, out) } ?? GST_FLOW_OK
        case .s32: return Self.typed(bytes, as: Int32.self) { stretch($0, format, out) } ?? GST_FLOW_OK
        case .f32: return Self.typed(bytes, as: Float.self) { stretch($0, format, out) } ?? GST_FLOW_OK
        case .f64: return Self.typed(bytes, as: Double.self) { stretch($0, format, out) } ?? GST_FLOW_OK
        }
    }

    /// Appends `samples` a chunk at a time, pushing the output each chunk makes ready.
    mutating func stretch<S: WarpSampleCodec>(_ samples: UnsafeBufferPointer<S>, _ format: AudioStreamFormat,
                                              _ out: StreamOutput) -> GstFlowReturn {
        var taken = 0
        while taken < samples.count {
            let n = run.stretcher?.append(UnsafeBufferPointer(rebasing: samples[taken...])) ?? 0
            guard n > 0 else { break }
            taken += n
            let ret = pushStretched(S.self, out)
            guard ret == GST_FLOW_OK else { return ret }
        }
        return GST_FLOW_OK
    }

    /// Pushes every frame the stretcher has ready, in buffers of at most `maxFramesPerBuffer`.
    mutating func pushStretched<S: WarpSampleCodec>(_: S.Type, _ out: StreamOutput) -> GstFlowReturn {
        while let ready = run.stretcher?.prepare(upTo: Self.maxFramesPerBuffer), ready > 0 {
            let ret = pushStretchPiece(S.self, frames: min(ready, Self.maxFramesPerBuffer), out)
            guard ret == GST_FLOW_OK else { return ret }
        }
        return GST_FLOW_OK
    }

    /// Ends the stretcher's input and pushes the rest of the run, up to the exact final count.
    mutating func pushStretchDrained(_ format: AudioStreamFormat, _ out: StreamOutput) -> GstFlowReturn {
        run.stretcher?.finish()
        switch format.sampleFormat {
        case .s16: return pushStretched(Int16.self, out)
        case .s32: return pushStretched(Int32.self, out)
        case .f32: return pushStretched(Float.self, out)
        case .f64: return pushStretched(Double.self, out)
        }
    }

    /// Allocates a buffer for `frames` ready frames, renders them into it and pushes it.
    mutating func pushStretchPiece<S: WarpSampleCodec>(_: S.Type, frames: Int,
                                                       _ out: StreamOutput) -> GstFlowReturn {
        guard var stretcher = run.stretcher.take() else { return GST_FLOW_OK }
        defer { run.stretcher = stretcher }
        let (size, overflow) = frames.multipliedReportingOverflow(by: stretcher.channels * MemoryLayout<S>.stride)
        guard !overflow, size > 0, var piece = Buffer.allocate(size: size) else {
            out.postError(.resource, code: ErrorCode.noSpace, "Could not allocate an audio buffer of \(frames) frames")
            return GST_FLOW_ERROR
        }
        let written: Int = piece.withMutableBytes { bytes in stretcher.render(into: bytes.bindMemory(to: S.self)) } ?? 0
        guard written > 0 else { return GST_FLOW_OK }
        piece.truncate(to: written * stretcher.channels * MemoryLayout<S>.stride)
        return push(piece, frames: written, out)
    }
}
