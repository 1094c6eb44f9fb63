/// Finds transients in the stretcher's input as it arrives: the energy of the mono mix's first
/// difference (the high frequencies, where a click or an attack stands out) over blocks of
/// `SpectralGeometry.onsetBlock` frames, against the mean of the blocks before it. A block whose
/// energy exceeds `ratio` times that mean (and a floor relative to the loudest block so far) is
/// an onset at its largest step, unless one was found less than `refractory` frames before.
struct SpectralOnsets {
    /// Frames per block.
    let block: Int
    /// Fewest frames between two onsets.
    let refractory: Int
    /// How far a block's energy must rise over the mean of the previous ones.
    static let ratio: Float = 6
    /// Blocks in the mean.
    static let memory = 8
    /// The onsets found (absolute input frames), oldest first; old ones are dropped by `forget`.
    private(set) var onsets: [Int] = []
    /// Absolute input frame up to which blocks were scanned.
    private(set) var scanned = 0
    /// The mono value before `scanned`.
    private var previous: Float = 0
    /// The last `memory` block energies (a ring) and their count.
    private var energies: [Float]
    private var filled = 0
    private var ring = 0
    /// The loudest block so far.
    private var loudest: Float = 0

    /// A detector with `block` frames per block and at least `refractory` frames between onsets.
    init(block: Int, refractory: Int) {
        self.block = max(block, 1)
        self.refractory = max(refractory, 1)
        energies = [Float](repeating: 0, count: Self.memory)
        onsets.reserveCapacity(64)
    }

    /// Scans the whole blocks of `input` not scanned yet.
    mutating func scan(_ input: WarpStretchInput) {
        let b = block
        input.mono.withUnsafeBufferPointer { mono in
            guard let m = mono.baseAddress else { return }
            while scanned &+ b <= input.count {
                // Frames discarded before they were scanned (never, in the stretcher) are skipped.
                guard scanned >= input.firstFrame else { scanned = input.firstFrame; continue }
                let base = input.slot(scanned)
                var energy: Float = 0, largest: Float = -1, at = scanned
                var last = previous
                for i in 0..<b {
                    let v = m[base &+ i]
                    let d = v - last
                    last = v
                    let e = d * d
                    energy += e
                    if e > largest { largest = e; at = scanned &+ i }
                }
                previous = last
                if !energy.isFinite { energy = 0 }
                var mean: Float = 0
                for e in energies { mean += e }
                mean /= Float(Self.memory)
                loudest = max(loudest, energy)
                if filled >= 2, energy > Self.ratio * mean, energy > loudest * 1e-4,
                   onsets.last.map({ at &- $0 >= refractory }) ?? true {
                    onsets.append(at)
                }
                energies[ring] = energy
                ring = (ring &+ 1) % Self.memory
                filled = min(filled &+ 1, Self.memory)
                scanned &+= b
            }
        }
    }

    /// Forgets the onsets before absolute frame `frame`.
    mutating func forget(before frame: Int) {
        var drop = 0
        while drop < onsets.count && onsets[drop] < frame { drop &+= 1 }
        if drop > 32 || (drop > 0 && drop == onsets.count) { onsets.removeSubrange(0..<drop) }
    }
}
