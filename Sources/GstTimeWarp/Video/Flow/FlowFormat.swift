import CWarpFlowAPI
import GStreamerBinding

/// How `frame-mode=flow` reads frames of the negotiated format: every component is warped on
/// its own (chroma with the flow scaled to its size), and the flow is estimated on an 8-bit luma
/// image (the Y plane, or the mean of R, G and B).
struct FlowFormat: Sendable {
    /// The format's components (Y U V, or R G B and alpha).
    let components: [VideoComponent]
    /// Whether the colour components are R, G, B.
    let isRGB: Bool
    /// Whether the components hold every byte of each pixel (not so for RGBx's padding, which is
    /// then taken from the nearer frame).
    let coversEveryByte: Bool

    /// Reads the layout of `info`.
    init(_ info: VideoInfo) {
        components = info.components
        isRGB = info.isRGB
        var covered: [Int: Double] = [:]
        for c in components where c.pixelStride > 0 {
            covered[c.plane, default: 0] += Double(c.sampleBytes) / Double(c.pixelStride)
        }
        coversEveryByte = covered.values.allSatisfy { $0 >= 0.999 }
    }

    /// Luma size (the first component's).
    var lumaSize: (width: Int, height: Int) {
        (components.first?.width ?? 0, components.first?.height ?? 0)
    }

    /// Calls `body` with the 8-bit luma image of `frame`: the Y plane itself when it is 8-bit and
    /// contiguous, else one made from the samples (16-bit shifted down, RGB averaged).
    func withLuma<R>(_ frame: MappedVideoFrame, _ body: (WarpFlowLuma) -> R) -> R? {
        guard let y = components.first, y.width > 1, y.height > 1 else { return nil }
        let (base, stride) = frame.plane(y.plane)
        guard let base else { return nil }
        if !isRGB, y.sampleBytes == 1, y.pixelStride == 1 {
            return body(WarpFlowLuma(data: (base + y.offset).assumingMemoryBound(to: UInt8.self), stride: stride,
                                     width: Int32(y.width), height: Int32(y.height)))
        }
        var luma = [UInt8](repeating: 0, count: y.width * y.height)
        let colours = isRGB ? Array(components.prefix(3)) : [y]
        luma.withUnsafeMutableBufferPointer { dst in
            for row in 0..<y.height {
                var sums = [Int](repeating: 0, count: y.width)
                for c in colours {
                    let (cBase, cStride) = frame.plane(c.plane)
                    guard let cBase else { continue }
                    let rowStart = cBase + row * cStride + c.offset
                    let down = c.shift + c.depth - 8
                    for x in 0..<y.width {
                        let p = rowStart + x * c.pixelStride
                        let v = c.sampleBytes == 2
                            ? Int(UInt16(littleEndian: p.loadUnaligned(as: UInt16.self))) >> max(0, down)
                            : Int(p.load(as: UInt8.self))
                        sums[x] += v
                    }
                }
                for x in 0..<y.width { dst[row * y.width + x] = UInt8(clamping: sums[x] / colours.count) }
            }
        }
        return luma.withUnsafeBufferPointer { buffer in
            body(WarpFlowLuma(data: buffer.baseAddress, stride: y.width, width: Int32(y.width), height: Int32(y.height)))
        }
    }

    /// Component `c` of a mapped frame, for the warp (nil if the plane is not mapped).
    func component(_ c: VideoComponent, of frame: MappedVideoFrame) -> WarpFlowComponent? {
        let (base, stride) = frame.plane(c.plane)
        guard let base else { return nil }
        return WarpFlowComponent(data: UnsafeMutableRawPointer(mutating: base + c.offset).assumingMemoryBound(to: UInt8.self),
                                 stride: stride, pixel_stride: Int32(c.pixelStride), width: Int32(c.width),
                                 height: Int32(c.height), sample_bytes: Int32(c.sampleBytes))
    }
}
