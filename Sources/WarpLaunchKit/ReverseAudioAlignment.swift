/// `warp --reverse`: audio chunks decoded apart are put back together sample-exactly. Each
/// chunk's samples are counted from the timestamp of the first buffer after its seek, and a
/// container may round that timestamp (Matroska stores milliseconds: up to 24 samples at
/// 48 kHz). So the chunk read before (the later one) leaves an anchor, its first samples at
/// their index; the next one, decoded on past its end, finds those samples in what it decoded
/// and takes the shift that puts them at the same index.
public enum ReverseAudioAlignment {
    /// The frames of an anchor.
    public static let anchorFrames = 256

    /// The shift `δ` (true index = counted index + δ) within `±tolerance` at which `window`
    /// (frames counted from `windowStart`) holds `anchor` (frames from true index
    /// `anchorIndex`) byte for byte, the smallest first; nil when none does (a lossy codec
    /// decoded differently, or silence that matches everywhere equally: then the first,
    /// 0, wins when it matches).
    public static func shift(anchor: [UInt8], anchorIndex: Int64, window: [UInt8], windowStart: Int64,
                             bytesPerFrame bpf: Int, tolerance: Int64) -> Int64? {
        guard bpf > 0, !anchor.isEmpty, anchor.count % bpf == 0 else { return nil }
        let frames = Int64(anchor.count / bpf)
        let windowFrames = Int64(window.count / bpf)
        var candidates: [Int64] = [0]
        if tolerance > 0 { for d in 1...tolerance { candidates += [d, -d] } }
        for delta in candidates {
            let own = anchorIndex - delta - windowStart  // where the anchor lies in the window
            guard own >= 0, own + frames <= windowFrames else { continue }
            let from = Int(own) * bpf
            if window[from..<(from + anchor.count)].elementsEqual(anchor) { return delta }
        }
        return nil
    }

    /// The frames with (counted) indices in `[from, to)` of a stream of buffers, gathered as
    /// they pass: the window the next anchor is looked for in, or the anchor itself.
    public struct Window: Sendable {
        /// The index range gathered.
        public let from: Int64, to: Int64
        /// The index of the first frame gathered (nil until one is).
        public private(set) var start: Int64?
        /// The frames gathered, contiguous.
        public private(set) var bytes: [UInt8] = []

        /// A window over `[from, to)`.
        public init(from: Int64, to: Int64) {
            self.from = from
            self.to = to
        }

        /// Adds the part of a buffer (`bytes`, frames counted from `first`) inside the window.
        /// A buffer that does not continue what was gathered starts the window again.
        public mutating func add(first: Int64, bytes buffer: UnsafeRawBufferPointer, bytesPerFrame bpf: Int) {
            let frames = Int64(buffer.count / bpf)
            let lo = max(first, from), hi = min(first + frames, to)
            guard hi > lo else { return }
            if let start, start + Int64(bytes.count / bpf) != lo { self.start = nil; bytes = [] }
            if start == nil { start = lo }
            bytes.append(contentsOf: buffer[Int(lo - first) * bpf..<Int(hi - first) * bpf])
        }

        /// The frames at indices `[index, index + count)`, if gathered.
        public func frames(at index: Int64, count: Int, bytesPerFrame bpf: Int) -> [UInt8]? {
            guard let start, index >= start, (index - start + Int64(count)) * Int64(bpf) <= Int64(bytes.count) else { return nil }
            let from = Int(index - start) * bpf
            return Array(bytes[from..<(from + count * bpf)])
        }
    }
}
