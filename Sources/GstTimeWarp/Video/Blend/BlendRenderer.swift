/// Renders a mix of input frames into an output frame, plane by plane and row by row with the
/// `PixelMix` kernels: two 8-bit frames with the two-tap kernel, more frames (or 16-bit
/// samples) through a row of integer sums that stays in the cache.
enum BlendRenderer {
    /// Writes `Σ weights[k] · sources[k] / scale` into `output` (weights in 1/256 for 8-bit
    /// samples, 1/32768 for 16-bit ones, adding up to that scale); false if a frame could not be
    /// mapped.
    static func render(into output: inout Buffer, sources: [BlendFrame.Box], weights: [UInt32],
                       format: BlendFormat) -> Bool {
        guard sources.count == weights.count, !sources.isEmpty,
              let dst = MappedVideoFrame(output, info: format.info, write: true) else { return false }
        var mapped: [MappedVideoFrame] = []
        mapped.reserveCapacity(sources.count)
        for source in sources {
            guard let frame = MappedVideoFrame(source.buffer, info: format.info) else { return false }
            mapped.append(frame)
        }
        let layout = format.layout
        let widest = layout.planes.map(\.rowBytes).max() ?? 0
        if layout.sampleBytes == 1 {
            let acc = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: widest)
            defer { acc.deallocate() }
            for (p, plane) in layout.planes.enumerated() {
                for row in 0..<plane.rows {
                    let out = dst.mutableRow(row, plane: p, bytes: plane.rowBytes)
                    if mapped.count == 2 {
                        PixelMix.mix8(out, mapped[0].row(row, plane: p, bytes: plane.rowBytes),
                                      mapped[1].row(row, plane: p, bytes: plane.rowBytes), weight: weights[1])
                        continue
                    }
                    let sums = UnsafeMutableBufferPointer(rebasing: acc[0..<plane.rowBytes])
                    for (k, frame) in mapped.enumerated() {
                        PixelMix.accumulate8(sums, frame.row(row, plane: p, bytes: plane.rowBytes),
                                             weight: weights[k], first: k == 0)
                    }
                    PixelMix.finish8(out, UnsafeBufferPointer(sums))
                }
            }
        } else {
            let acc = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: widest / 2 + 1)
            defer { acc.deallocate() }
            for (p, plane) in layout.planes.enumerated() {
                let samples = plane.rowBytes / 2
                for row in 0..<plane.rows {
                    let sums = UnsafeMutableBufferPointer(rebasing: acc[0..<samples])
                    for (k, frame) in mapped.enumerated() {
                        PixelMix.accumulate16(sums, frame.row(row, plane: p, bytes: plane.rowBytes),
                                              weight: weights[k], first: k == 0)
                    }
                    PixelMix.finish16(dst.mutableRow(row, plane: p, bytes: plane.rowBytes), UnsafeBufferPointer(sums))
                }
            }
        }
        return true
    }
}
