import GStreamerBinding

/// Renders a mix of input frames into an output frame: maps the frames, reads each plane's row
/// pointers once (`BlendPlane`) and has the rows rendered (`BlendJob`), split across the
/// element's worker threads for frames large enough.
enum BlendRenderer {
    /// Writes `Σ weights[k] · sources[k] / scale` into `output` (weights in 1/256 for 8-bit
    /// samples, 1/32768 for 16-bit ones, adding up to that scale); false if a frame could not be
    /// mapped.
    ///
    /// With `workers` (and a frame of at least `minimumBytes`), the rows of each
    /// plane are split across the pool's threads; each row is computed by the same code either
    /// way, so the result is the same bit for bit. `kernels`: the 8-bit row kernels' level (the
    /// best the CPU runs; tests pass others, which give the same bytes).
    static func render(into output: inout Buffer, sources: [BlendFrame.Box], weights: [UInt32],
                       format: BlendFormat, workers: FrameWorkers? = nil,
                       minimumBytes: Int = FrameWorkers.minimumBytes, kernels: BlendKernels = .best) -> Bool {
        guard sources.count == weights.count, sources.count >= 2,
              let dst = MappedVideoFrame(output, info: format.info, write: true) else { return false }
        return render(dst, overwriting: nil, sources: sources, weights: weights, format: format, workers: workers,
                      minimumBytes: minimumBytes, kernels: kernels)
    }

    /// Writes the mix over source `target` itself (its buffer writable in place, and needed by
    /// no later slot): no output buffer to fetch, and the rows written are those just read, still
    /// in the cache. Each sample is read before it is written, so the result is the same as
    /// `render(into:)`'s bit for bit. False if a frame could not be mapped (nothing written).
    static func render(over target: Int, sources: [BlendFrame.Box], weights: [UInt32],
                       format: BlendFormat, workers: FrameWorkers? = nil,
                       minimumBytes: Int = FrameWorkers.minimumBytes, kernels: BlendKernels = .best) -> Bool {
        guard sources.count == weights.count, sources.count >= 2, sources.indices.contains(target),
              let dst = MappedVideoFrame(sources[target].buffer, info: format.info, write: true) else { return false }
        return render(dst, overwriting: target, sources: sources, weights: weights, format: format, workers: workers,
                      minimumBytes: minimumBytes, kernels: kernels)
    }

    /// Maps the sources (source `overwriting`, if any, is `dst` itself) and renders the rows.
    private static func render(_ dst: MappedVideoFrame, overwriting: Int?, sources: [BlendFrame.Box],
                               weights: [UInt32], format: BlendFormat, workers: FrameWorkers?, minimumBytes: Int,
                               kernels: BlendKernels) -> Bool {
        var mapped: [MappedVideoFrame] = []
        mapped.reserveCapacity(sources.count)
        for (k, source) in sources.enumerated() {
            if k == overwriting {
                mapped.append(dst)
                continue
            }
            guard let frame = MappedVideoFrame(source.buffer, info: format.info) else { return false }
            mapped.append(frame)
        }
        guard let planes = BlendPlane.planes(of: format.layout, output: dst, sources: mapped) else { return false }
        let job = BlendJob(planes: planes, weights: weights, sampleBytes: format.layout.sampleBytes, kernels: kernels)
        let bytes = format.layout.planes.reduce(0) { $0 + $1.rows * $1.rowBytes }
        // The mapped frames stay mapped (their pointers valid) until every part is done.
        withExtendedLifetime((dst, mapped)) {
            if let workers, bytes >= minimumBytes {
                workers.split { part, parts in job.renderRows(part: part, of: parts) }
            } else {
                job.renderRows(part: 0, of: 1)
            }
        }
        return true
    }

    /// `n` when the 8-bit weights are 2^n frames of `256 >> n` each (n in 1...8), else nil.
    static func equalWeightShift(_ weights: [UInt32]) -> UInt16? {
        let n = weights.count
        guard n >= 2, n <= 256, n & (n - 1) == 0, weights.allSatisfy({ $0 == 256 / UInt32(n) }) else { return nil }
        return UInt16(n.trailingZeroBitCount)
    }
}
