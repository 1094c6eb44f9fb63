/// What the two pitch-preserving engines share (`WarpStretcher`, WSOLA, and
/// `WarpSpectralStretcher`, the phase vocoder): input taken in chunks into one input store along
/// one set of map positions, pieces placed one by one (`placeNext()`) into one overlap-add. The
/// input and output sides, from a chunk taken to the array forms the tests use, are written once
/// here; each engine's public methods forward to them.
protocol OverlapAddStretching {
    /// Interleaved channels per frame.
    var channels: Int { get }
    /// Frames emitted so far.
    var outputCount: Int64 { get set }
    /// True once the end has been rendered after `finish()`.
    var isFinished: Bool { get set }
    /// True after `finish()`.
    var isEnding: Bool { get }
    /// Where each output frame reads the input (its end fixes the output length).
    var positions: WarpStretchPositions { get set }
    /// The output being summed.
    var overlap: WarpStretchOverlapAdd { get set }
    /// Output frames no later piece reaches.
    var finalized: Int64 { get }
    /// Places the next window or grain if its input has arrived (or at the end); whether it did.
    mutating func placeNext() -> Bool
    /// Takes interleaved input; returns how many samples were taken.
    mutating func append<S: WarpSample>(_ samples: UnsafeBufferPointer<S>) -> Int
    /// The input frames the pieces read.
    var input: WarpStretchInput { get set }
    /// The most frames taken at once.
    var chunkFrames: Int { get }
    /// The chunk being converted to floats (kept for its capacity).
    var converted: [Float] { get set }
    /// Called after each chunk is taken (the spectral engine looks for transients in it).
    mutating func inputArrived()
}

extension OverlapAddStretching {
    /// Takes up to one chunk of interleaved `samples` (S16, S32, F32 or F64) into the input and
    /// the map's positions; how many samples it took (0 once ending, or for an unsupported type).
    mutating func appendInput<S: WarpSample>(_ samples: UnsafeBufferPointer<S>) -> Int {
        guard !isEnding, let base = samples.baseAddress, samples.count > 0,
              let codec = S.self as? any WarpCodec.Type else { return 0 }
        let take = min(samples.count, chunkFrames &* channels)
        converted.removeAll(keepingCapacity: true)
        codec.decodeFloats(UnsafeRawPointer(base), count: take, appendingTo: &converted)
        let first = input.count
        let frames = converted.withUnsafeBufferPointer { input.append($0) }
        positions.feed(first: first, frames: frames)
        inputArrived()
        return take
    }

    /// Places pieces until at least `frames` output frames are ready (or none can be placed
    /// yet); how many are ready now (0 when finished).
    mutating func prepareOutput(upTo frames: Int) -> Int {
        guard !isFinished else { return 0 }
        let limit = positions.outputLimit
        let want = min(limit, outputCount &+ Int64(max(frames, 1)))
        while finalized < want, placeNext() {}
        let ready = Int(clamping: max(0, min(finalized, limit) &- outputCount))
        if isEnding && ready == 0 && finalized >= limit { isFinished = true }
        return ready
    }

    /// Writes up to `output.count / channels` ready frames into `output`; how many.
    mutating func renderOutput<S: WarpSample>(into output: UnsafeMutableBufferPointer<S>) -> Int {
        guard let base = output.baseAddress, let codec = S.self as? any WarpCodec.Type else { return 0 }
        let ready = Int(clamping: max(0, min(finalized, positions.outputLimit) &- outputCount))
        let n = min(ready, output.count / channels)
        guard n > 0 else { return 0 }
        overlap.take(n) { codec.encodeFloats($0, to: UnsafeMutableRawPointer(base)) }
        outputCount &+= Int64(n)
        return n
    }

    /// Takes all of `samples`, appending what is ready to `output` (tests, offline use).
    mutating func processAll<S: WarpSample>(_ samples: UnsafeBufferPointer<S>, into output: inout [S]) {
        var taken = 0
        while taken < samples.count {
            let n = append(UnsafeBufferPointer(rebasing: samples[taken...]))
            guard n > 0 else { break }
            taken &+= n
            collect(into: &output)
        }
    }

    /// Appends every ready frame to `output`.
    mutating func collect<S: WarpSample>(into output: inout [S]) {
        while true {
            let ready = prepareOutput(upTo: 4096)
            guard ready > 0 else { return }
            let piece = [S](unsafeUninitializedCapacity: ready &* channels) { buffer, count in
                count = renderOutput(into: buffer) &* channels
            }
            output.append(contentsOf: piece)
            guard !piece.isEmpty else { return }
        }
    }
}
