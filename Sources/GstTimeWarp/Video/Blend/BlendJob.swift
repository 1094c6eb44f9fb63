/// One blended frame's work, shared read-only by the threads that render its rows: the planes'
/// row pointers, the weights and the kernels. Two, three or four 8-bit frames are mixed in one
/// pass by the C kernels (each source row read once, the result written once); more 8-bit
/// frames two at a time into a row of integer sums that stays in the cache (the last one or two
/// added while writing the result); 16-bit samples one frame at a time into 32-bit sums.
struct BlendJob: @unchecked Sendable {
    /// The planes (pointers into frames mapped for the job's duration).
    let planes: [BlendPlane]
    /// The frames' weights (1/256 for 8-bit samples, 1/32768 for 16-bit ones).
    let weights: [UInt32]
    /// The 8-bit weights as the kernels take them (each at most 256).
    let weights8: [UInt16]
    /// 1 or 2.
    let sampleBytes: Int
    /// `n` when the weights are 2^n equal 8-bit ones (`BlendRenderer.equalWeightShift`).
    let equalShift: UInt16?
    /// The row kernels.
    let kernels: BlendKernels

    /// A job over `planes`.
    init(planes: [BlendPlane], weights: [UInt32], sampleBytes: Int, kernels: BlendKernels) {
        self.planes = planes
        self.weights = weights
        self.weights8 = weights.map { UInt16(truncatingIfNeeded: min($0, PixelMix.scale8)) }
        self.sampleBytes = sampleBytes
        self.equalShift = sampleBytes == 1 ? BlendRenderer.equalWeightShift(weights) : nil
        self.kernels = kernels
    }

    /// Renders part `part` of `parts` of the rows of every plane (consecutive rows, the parts
    /// together covering each plane exactly once); parts write disjoint rows. Each row is
    /// computed the same way whichever part it falls in.
    func renderRows(part: Int, of parts: Int) {
        let n = weights.count
        if sampleBytes == 2 {
            renderRows16(part: part, of: parts)
        } else if n <= 4 {
            for plane in planes {
                renderFused(plane, FrameWorkers.share(of: 0..<plane.rows, part: part, parts: parts))
            }
        } else {
            renderRowsMany8(part: part, of: parts)
        }
    }

    /// Two to four 8-bit frames, one pass per row.
    @inline(__always)
    private func renderFused(_ plane: BlendPlane, _ rows: Range<Int>) {
        let bytes = plane.rowBytes, w = weights8, k = kernels
        switch weights.count {
        case 2 where equalShift != nil:
            for row in rows { k.average2(plane.outputRow(row), plane.sourceRow(0, row), plane.sourceRow(1, row), count: bytes) }
        case 2:
            // The later frame's weight decides (the earlier one gets the rest of 256), as `PixelMix.mix8`.
            let wb = w[1], wa = UInt16(PixelMix.scale8) - wb
            for row in rows {
                k.mix2(plane.outputRow(row), plane.sourceRow(0, row), wa, plane.sourceRow(1, row), wb, count: bytes)
            }
        case 3:
            for row in rows {
                k.mix3(plane.outputRow(row), plane.sourceRow(0, row), w[0], plane.sourceRow(1, row), w[1],
                       plane.sourceRow(2, row), w[2], count: bytes)
            }
        case 4 where equalShift != nil:
            for row in rows {
                k.average4(plane.outputRow(row), plane.sourceRow(0, row), plane.sourceRow(1, row),
                           plane.sourceRow(2, row), plane.sourceRow(3, row), count: bytes)
            }
        default:
            for row in rows {
                k.mix4(plane.outputRow(row), plane.sourceRow(0, row), w[0], plane.sourceRow(1, row), w[1],
                       plane.sourceRow(2, row), w[2], plane.sourceRow(3, row), w[3], count: bytes)
            }
        }
    }

    /// More than four 8-bit frames: pairs into a row of 16-bit sums, the last one or two added
    /// while writing (plain sums and a shift for 2^n equal weights).
    private func renderRowsMany8(part: Int, of parts: Int) {
        let n = weights.count
        let widest = planes.map(\.rowBytes).max() ?? 0
        let acc = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: widest)
        let rows = UnsafeMutableBufferPointer<UnsafeRawBufferPointer>.allocate(capacity: n)
        defer {
            acc.deallocate()
            rows.deallocate()
        }
        for plane in planes {
            let bytes = plane.rowBytes
            let sums = UnsafeMutableBufferPointer(rebasing: acc[0..<bytes])
            for row in FrameWorkers.share(of: 0..<plane.rows, part: part, parts: parts) {
                for k in 0..<n { rows[k] = UnsafeRawBufferPointer(start: plane.sourceRow(k, row), count: bytes) }
                let out = UnsafeMutableRawBufferPointer(start: plane.outputRow(row), count: bytes)
                if let shift = equalShift {
                    var k = 0
                    while k + 2 < n {
                        PixelMix.sum8(sums, rows[k], rows[k + 1], first: k == 0)
                        k += 2
                    }
                    PixelMix.finishSum8(out, UnsafeBufferPointer(sums), adding: rows[k], rows[k + 1], shift: shift)
                    continue
                }
                let tail = n % 2 == 0 ? 2 : 1
                var k = 0
                while k + 1 < n - tail {
                    PixelMix.accumulate8(sums, rows[k], weight: weights[k], rows[k + 1], weight: weights[k + 1],
                                         first: k == 0)
                    k += 2
                }
                let none = UnsafeRawBufferPointer(start: nil, count: 0)
                PixelMix.finish8(out, UnsafeBufferPointer(sums), adding: rows[k], weight: weights[k],
                                 tail == 2 ? rows[k + 1] : none, weight: tail == 2 ? weights[k + 1] : 0)
            }
        }
    }

    /// 16-bit samples: one frame at a time into 32-bit sums.
    private func renderRows16(part: Int, of parts: Int) {
        let widest = planes.map(\.rowBytes).max() ?? 0
        let acc = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: widest / 2 + 1)
        defer { acc.deallocate() }
        for plane in planes {
            let bytes = plane.rowBytes
            let sums = UnsafeMutableBufferPointer(rebasing: acc[0..<(bytes / 2)])
            for row in FrameWorkers.share(of: 0..<plane.rows, part: part, parts: parts) {
                for k in 0..<weights.count {
                    PixelMix.accumulate16(sums, UnsafeRawBufferPointer(start: plane.sourceRow(k, row), count: bytes),
                                          weight: weights[k], first: k == 0)
                }
                PixelMix.finish16(UnsafeMutableRawBufferPointer(start: plane.outputRow(row), count: bytes),
                                  UnsafeBufferPointer(sums))
            }
        }
    }
}
