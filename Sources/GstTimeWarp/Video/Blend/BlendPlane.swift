import GStreamerBinding

/// Where the rows of one plane of a blend are: in the output frame and in each source frame,
/// read once per frame from the mapped frames so that the row loops touch only plain pointers
/// (no reference counting per row).
struct BlendPlane {
    /// Bytes of a row that hold samples.
    let rowBytes: Int
    /// Number of rows.
    let rows: Int
    /// The plane's first output byte.
    let output: UnsafeMutableRawPointer
    /// Bytes from one output row to the next.
    let outputStride: Int
    /// The plane's first byte in each source frame.
    let sources: [UnsafeRawPointer]
    /// Bytes from one row to the next in each source frame.
    let sourceStrides: [Int]

    /// The planes of `layout` in `output` (mapped for writing) and `sources`; nil if a frame
    /// lacks a plane.
    static func planes(of layout: VideoLayout, output: MappedVideoFrame, sources: [MappedVideoFrame]) -> [BlendPlane]? {
        guard output.writable else { return nil }
        var planes: [BlendPlane] = []
        planes.reserveCapacity(layout.planes.count)
        for (p, plane) in layout.planes.enumerated() {
            let (base, stride) = output.plane(p)
            guard let base else { return nil }
            var bases: [UnsafeRawPointer] = [], strides: [Int] = []
            bases.reserveCapacity(sources.count)
            strides.reserveCapacity(sources.count)
            for source in sources {
                let (b, s) = source.plane(p)
                guard let b else { return nil }
                bases.append(b)
                strides.append(s)
            }
            planes.append(BlendPlane(rowBytes: plane.rowBytes, rows: plane.rows, output: UnsafeMutableRawPointer(mutating: base),
                                     outputStride: stride, sources: bases, sourceStrides: strides))
        }
        return planes
    }

    /// Output row `row`.
    @inline(__always) func outputRow(_ row: Int) -> UnsafeMutableRawPointer { output + row * outputStride }

    /// Row `row` of source frame `k`.
    @inline(__always) func sourceRow(_ k: Int, _ row: Int) -> UnsafeRawPointer { sources[k] + row * sourceStrides[k] }
}
