import GStreamerBinding

/// Renders a mix of input frames into an output frame, plane by plane and row by row with the
/// `PixelMix` kernels: two, three or four 8-bit frames in one pass (each source row read once,
/// the result written once, the sums in registers), more 8-bit frames two at a time into a row
/// of integer sums that stays in the cache (the last one or two added while writing the
/// result), 16-bit samples one frame at a time into 32-bit sums.
enum BlendRenderer {
    /// Writes `Σ weights[k] · sources[k] / scale` into `output` (weights in 1/256 for 8-bit
    /// samples, 1/32768 for 16-bit ones, adding up to that scale); false if a frame could not be
    /// mapped.
    ///
    /// With `workers` (and a frame of at least `minimumBytes`), the rows of each
    /// plane are split across the pool's threads; each row is computed by the same code either
    /// way, so the result is the same bit for bit.
    static func render(into output: inout Buffer, sources: [BlendFrame.Box], weights: [UInt32],
                       format: BlendFormat, workers: FrameWorkers? = nil,
                       minimumBytes: Int = FrameWorkers.minimumBytes) -> Bool {
        guard sources.count == weights.count, sources.count >= 2,
              let dst = MappedVideoFrame(output, info: format.info, write: true) else { return false }
        var mapped: [MappedVideoFrame] = []
        mapped.reserveCapacity(sources.count)
        for source in sources {
            guard let frame = MappedVideoFrame(source.buffer, info: format.info) else { return false }
            mapped.append(frame)
        }
        let bytes = format.layout.planes.reduce(0) { $0 + $1.rows * $1.rowBytes }
        if let workers, bytes >= minimumBytes {
            workers.split { part, parts in
                renderRows(dst, mapped, weights, format.layout, part: part, of: parts)
            }
        } else {
            renderRows(dst, mapped, weights, format.layout, part: 0, of: 1)
        }
        return true
    }

    /// Renders part `part` of `parts` of the rows of every plane (consecutive rows, the parts
    /// together covering each plane exactly once); parts write disjoint rows.
    static func renderRows(_ dst: MappedVideoFrame, _ mapped: [MappedVideoFrame], _ weights: [UInt32],
                           _ layout: VideoLayout, part: Int, of parts: Int) {
        let widest = layout.planes.map(\.rowBytes).max() ?? 0
        // Equal weights over 2^n frames (constant speed-ups by 2, 4, 8, and half speed): plain
        // sums and a shift, the same results as the weighted kernels.
        let equalShift = Self.equalWeightShift(weights)
        if layout.sampleBytes == 1 {
            let acc = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: widest)
            defer { acc.deallocate() }
            for (p, plane) in layout.planes.enumerated() {
                for row in FrameWorkers.share(of: 0..<plane.rows, part: part, parts: parts) {
                    let out = dst.mutableRow(row, plane: p, bytes: plane.rowBytes)
                    let bytes = plane.rowBytes
                    if mapped.count == 4, equalShift != nil {
                        // One pass: each source row read once, the result written once.
                        PixelMix.average4x8(out, mapped[0].row(row, plane: p, bytes: bytes),
                                            mapped[1].row(row, plane: p, bytes: bytes),
                                            mapped[2].row(row, plane: p, bytes: bytes),
                                            mapped[3].row(row, plane: p, bytes: bytes))
                        continue
                    }
                    if mapped.count == 3 || mapped.count == 4 {
                        let four = mapped.count == 4
                        PixelMix.mix4x8(out, mapped[0].row(row, plane: p, bytes: bytes), weight: weights[0],
                                        mapped[1].row(row, plane: p, bytes: bytes), weight: weights[1],
                                        mapped[2].row(row, plane: p, bytes: bytes), weight: weights[2],
                                        four ? mapped[3].row(row, plane: p, bytes: bytes)
                                             : UnsafeRawBufferPointer(start: nil, count: 0),
                                        weight: four ? weights[3] : 0)
                        continue
                    }
                    if mapped.count == 2 {
                        let first = mapped[0].row(row, plane: p, bytes: bytes)
                        let second = mapped[1].row(row, plane: p, bytes: bytes)
                        if equalShift != nil {
                            PixelMix.average8(out, first, second)
                        } else {
                            PixelMix.mix8(out, first, second, weight: weights[1])
                        }
                        continue
                    }
                    if let shift = equalShift {
                        let rows = mapped.map { $0.row(row, plane: p, bytes: plane.rowBytes) }
                        let sums = UnsafeMutableBufferPointer(rebasing: acc[0..<plane.rowBytes])
                        var k = 0
                        while k + 2 < rows.count {
                            PixelMix.sum8(sums, rows[k], rows[k + 1], first: k == 0)
                            k += 2
                        }
                        PixelMix.finishSum8(out, UnsafeBufferPointer(sums), adding: rows[k], rows[k + 1], shift: shift)
                        continue
                    }
                    // Pairs of frames into the sums, the last one or two added while writing.
                    let sums = UnsafeMutableBufferPointer(rebasing: acc[0..<plane.rowBytes])
                    let rows = mapped.map { $0.row(row, plane: p, bytes: plane.rowBytes) }
                    let tail = rows.count % 2 == 0 ? 2 : 1
                    var k = 0
                    while k + 1 < rows.count - tail {
                        PixelMix.accumulate8(sums, rows[k], weight: weights[k], rows[k + 1], weight: weights[k + 1],
                                             first: k == 0)
                        k += 2
                    }
                    let none = UnsafeRawBufferPointer(start: nil, count: 0)
                    PixelMix.finish8(out, UnsafeBufferPointer(sums), adding: rows[k], weight: weights[k],
                                     tail == 2 ? rows[k + 1] : none, weight: tail == 2 ? weights[k + 1] : 0)
                }
            }
        } else {
            let acc = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: widest / 2 + 1)
            defer { acc.deallocate() }
            for (p, plane) in layout.planes.enumerated() {
                let samples = plane.rowBytes / 2
                for row in FrameWorkers.share(of: 0..<plane.rows, part: part, parts: parts) {
                    let sums = UnsafeMutableBufferPointer(rebasing: acc[0..<samples])
                    for (k, frame) in mapped.enumerated() {
                        PixelMix.accumulate16(sums, frame.row(row, plane: p, bytes: plane.rowBytes),
                                              weight: weights[k], first: k == 0)
                    }
                    PixelMix.finish16(dst.mutableRow(row, plane: p, bytes: plane.rowBytes), UnsafeBufferPointer(sums))
                }
            }
        }
    }

    /// `n` when the 8-bit weights are 2^n frames of `256 >> n` each (n in 1...8), else nil.
    static func equalWeightShift(_ weights: [UInt32]) -> UInt16? {
        let n = weights.count
        guard n >= 2, n <= 256, n & (n - 1) == 0, weights.allSatisfy({ $0 == 256 / UInt32(n) }) else { return nil }
        return UInt16(n.trailingZeroBitCount)
    }
}
