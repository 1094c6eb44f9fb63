/// Transients in the remap engine's input, for the spectral mode: the forward engine's detector
/// (`SpectralOnsets`) run over the input as it arrives, through a `WarpStretchInput` that keeps
/// only what is not scanned yet. The onsets are kept, in input frames from the map's origin, as
/// long as the history holds their input (a rewind meets them again).
struct RemapSpectralOnsets {
    /// The input not scanned yet (its frame 0 is input frame `base`).
    var input: WarpStretchInput
    /// The detector, in the scanner's frames.
    var detector: SpectralOnsets
    /// The input frame of the scanner's frame 0.
    var base = 0
    /// The detector's sizes.
    let block: Int, refractory: Int
    /// Zeros to scan a gap filled with silence, a block at a time.
    let zeros: [Float]

    /// A detector for `channels` channels with the blocks of `geometry` (an onset at most every
    /// half grain, as in the forward engine).
    init(channels: Int, geometry: SpectralGeometry) {
        block = geometry.onsetBlock
        refractory = geometry.size / 2
        input = WarpStretchInput(channels: max(channels, 1))
        detector = SpectralOnsets(block: block, refractory: refractory)
        zeros = [Float](repeating: 0, count: 1024 &* max(channels, 1))
    }

    /// Starts afresh at input frame `frame` (the history started afresh there).
    mutating func restart(at frame: Int) {
        input = WarpStretchInput(channels: input.channels)
        detector = SpectralOnsets(block: block, refractory: refractory)
        base = frame
    }

    /// Scans interleaved frames that follow what came before.
    mutating func append(_ values: UnsafeBufferPointer<Float>) {
        _ = input.append(values)
        detector.scan(input)
        input.discard(before: detector.scanned)
    }

    /// Scans `frames` frames of silence.
    mutating func appendSilence(frames: Int) {
        var left = max(0, frames)
        let chunk = zeros.count / input.channels
        while left > 0 {
            let n = min(left, chunk)
            zeros.withUnsafeBufferPointer { append(UnsafeBufferPointer(rebasing: $0[0..<(n &* input.channels)])) }
            left &-= n
        }
    }

    /// The input frame up to which the input was scanned.
    var scanned: Int { base &+ detector.scanned }

    /// The onsets found, ascending, in the scanner's frames (add `base` for input frames).
    var relativeOnsets: [Int] { detector.onsets }

    /// Forgets the onsets before input frame `frame`.
    mutating func forget(before frame: Int) { detector.forget(before: frame &- base) }
}
