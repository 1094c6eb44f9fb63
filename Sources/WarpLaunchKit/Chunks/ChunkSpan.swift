/// One chunk of `warp --chunks/--hosts`: the input frames whose stream time lies in
/// `start..<end` (ns; `start` is a keyframe, 0 for the first chunk; `end` is the next chunk's
/// start, `UInt64.max` for the last) and the output slots whose time lies in
/// `outputStart..<outputEnd`, the whole file's map `T` of those bounds. Neighbouring chunks
/// share their bounds, so every input frame and every output slot belongs to exactly one.
public struct ChunkSpan: Equatable, Sendable {
    /// From 0, in input order.
    public var index: Int
    public var start: UInt64
    public var end: UInt64
    public var outputStart: UInt64
    public var outputEnd: UInt64
    /// The keyframe the worker decodes from: the last one at or before the input window
    /// (`inputWindow`), so that the frames before the chunk are decoded without the file's
    /// whole beginning.
    public var decodeFrom: UInt64

    public init(index: Int, start: UInt64, end: UInt64, outputStart: UInt64, outputEnd: UInt64, decodeFrom: UInt64 = 0) {
        self.index = index
        self.start = start
        self.end = end
        self.outputStart = outputStart
        self.outputEnd = outputEnd
        self.decodeFrom = decodeFrom
    }

    /// The span as the worker's `--chunk-span` takes it:
    /// `index:start:end:outputStart:outputEnd:decodeFrom` (ns; `-` for an open end).
    public var argument: String {
        func ns(_ v: UInt64) -> String { v == UInt64.max ? "-" : String(v) }
        return "\(index):\(start):\(ns(end)):\(outputStart):\(ns(outputEnd)):\(decodeFrom)"
    }

    /// Reads `argument`'s form back; nil when it is not six numbers in order.
    public init?(argument: String) {
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 6, let index = Int(parts[0]), index >= 0 else { return nil }
        func ns(_ s: String) -> UInt64? { s == "-" ? UInt64.max : UInt64(s) }
        guard let start = UInt64(parts[1]), let end = ns(parts[2]), let outputStart = UInt64(parts[3]),
              let outputEnd = ns(parts[4]), let decodeFrom = UInt64(parts[5]), start < end, outputStart < outputEnd,
              decodeFrom <= start else { return nil }
        self.init(index: index, start: start, end: end, outputStart: outputStart, outputEnd: outputEnd, decodeFrom: decodeFrom)
    }

    /// The margin of `inputWindow`: two frames at `fpsN/fpsD` (0.2 s when the rate is unknown).
    public static func margin(fpsN: Int, fpsD: Int) -> UInt64 {
        guard fpsN > 0, fpsD > 0 else { return 200_000_000 }
        return UInt64(2_000_000_000 * Double(fpsD) / Double(fpsN))
    }

    /// The input frames the worker decodes and hands to the warp: the chunk with `margin` (ns)
    /// on each side, so that the frame before the chunk and the one after it (which blending
    /// and optical flow mix into the first and last slots) are there too.
    public func inputWindow(margin: UInt64) -> ClosedRange<UInt64> {
        let from = start > margin ? start - margin : 0
        let to = end == UInt64.max ? UInt64.max : (UInt64.max - end > margin ? end + margin : UInt64.max)
        return from...to
    }

    /// Whether the output slot at `pts` (ns of output stream time) is this chunk's.
    public func ownsOutput(_ pts: UInt64) -> Bool { pts >= outputStart && pts < outputEnd }
}
