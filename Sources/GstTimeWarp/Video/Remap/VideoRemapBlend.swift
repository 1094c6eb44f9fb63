import GStreamerBinding
import TimeWarpMap

/// `frame-mode=blend` and `flow` along a remap curve: slot `k` covers the input between `p(τ_k)`
/// and `p(τ_k + Δ)`, in either direction. Within one input frame period it shows the two frames
/// around `p(τ_k)` at its position between their starts: moved along their optical flow
/// (`flow`; blended where the flow fails) or mixed (`blend`); over more, it averages the frames
/// the span covers, weighted by their overlap with it.
extension VideoState {
    /// The blended frame of the slot at `τ`, nil when the slot shows a single frame (or blending
    /// is off, or the format cannot be mixed).
    mutating func remapBlend(τ: Double, period: Double, _ remap: RemapSegment, _ out: StreamOutput) -> Buffer? {
        guard run.segment.frameMode != .nearest, blends(out), case .success(let blendFormat) = format.blend else {
            return nil
        }
        let a = remap.curve.inputTime(at: τ), b = remap.curve.inputTime(at: τ + period)
        let frames = run.remap.frames
        guard let first = run.remap.frameIndex(covering: ClockTime.fromSeconds(min(a, b))),
              let last = run.remap.frameIndex(covering: ClockTime.fromSeconds(max(a, b))) else { return nil }
        var indices: [Int] = [], weights: [Double] = []
        if last - first <= 1 {
            // Within a frame period: the two frames around p(τ), by its position between them.
            let at = ClockTime.fromSeconds(a)
            guard let i = run.remap.frameIndex(covering: at), i + 1 < frames.count else { return nil }
            let from = frames[i].start, to = frames[i + 1].start
            guard to > from, at > from else { return nil }
            let w = Double(at - from) / Double(to - from)
            guard w > 0, w < 1 else { return nil }
            indices = [i, i + 1]
            weights = [1 - w, w]
            if run.segment.frameMode == .flow, let box0 = residentRemapFrame(i, out), let box1 = residentRemapFrame(i + 1, out),
               let moved = renderFlow(between: box0, at: from, and: box1, at: to, position: w, blendFormat, out) {
                run.remap.frames[i].shown = true
                run.remap.frames[i + 1].shown = true
                return moved
            }
        } else {
            // Over several frames: each weighted by its overlap with [min(a,b), max(a,b)).
            let lo = min(a, b), hi = max(a, b)
            for i in first...last {
                let start = ClockTime.seconds(frames[i].start)
                let end = frames[i].end.map(ClockTime.seconds) ?? hi
                let overlap = min(end, hi) - max(start, lo)
                if overlap > 0 { indices.append(i); weights.append(overlap) }
            }
            let total = weights.reduce(0, +)
            guard indices.count > 1, total > 0 else { return nil }
            weights = weights.map { $0 / total }
        }
        let scale = blendFormat.layout.sampleBytes == 1 ? PixelMix.scale8 : PixelMix.scale16
        let quantized = BlendPlanner.quantize(weights, scale: scale)
        let used = zip(indices, quantized).filter { $0.1 > 0 }
        guard used.count > 1 else { return nil }
        var sources: [BlendFrame.Box] = []
        for (i, _) in used {
            guard let box = residentRemapFrame(i, out) else { return nil }
            sources.append(box)
        }
        startWorkers()
        guard var buffer = outputBuffer(blendFormat, out),
              BlendRenderer.render(into: &buffer, sources: sources,
                                   weights: used.map(\.1), format: blendFormat, workers: workers) else { return nil }
        for (i, _) in used { run.remap.frames[i].shown = true }
        return buffer
    }
}
