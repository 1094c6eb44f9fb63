import GStreamerBinding

extension MappedVideoFrame {
    /// Copies every plane of `source` over this frame's (bytes the flow's components leave
    /// uncovered, such as RGBx's padding, then come from `source`); false when a row cannot be
    /// reached.
    func copyPlanes(from source: MappedVideoFrame, _ layout: VideoLayout) -> Bool {
        for (p, plane) in layout.planes.enumerated() {
            for row in 0..<plane.rows {
                let dst = mutableRow(row, plane: p, bytes: plane.rowBytes)
                let src = source.row(row, plane: p, bytes: plane.rowBytes)
                guard let d = dst.baseAddress, let s = src.baseAddress else { return false }
                d.copyMemory(from: s, byteCount: min(dst.count, src.count))
            }
        }
        return true
    }
}
