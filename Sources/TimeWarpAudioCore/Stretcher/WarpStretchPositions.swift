/// Where the map puts each input frame on the output: `y_i = (T(t0 + i/rate) - T(t0)) * rate`
/// output frames for input frame `i`, and its inverse `T⁻¹` by linear interpolation between
/// neighbouring frames (the map is monotone). The map is evaluated once per input frame, in
/// batches, as `WarpResampler` does; values that are not finite or would decrease are held at
/// the last good one.
struct WarpStretchPositions {
    /// The map in batches: replaces each input time (s) by its warped time.
    var warpTimes: @Sendable (UnsafeMutableBufferPointer<Double>) -> Void
    /// Input time of frame 0 (s).
    let startTime: Double
    /// Frames per second.
    let rate: Double
    /// `T(t0)` (s): output frame 0's time.
    private(set) var origin: Double = .nan
    /// `y_i` for absolute `i` from `firstIndex`; the last is `y_count` (the end of the input).
    private var positions: [Double] = [0]
    /// Absolute input index of `positions[0]`.
    private var firstIndex = 0
    /// Index into `positions` of the last interval `T⁻¹` landed in (queries only move forward).
    private var cursor = 0

    /// Input frames kept before the last query's (`outputPosition(ofInput:)` may read them).
    var keptBehind = 0

    /// Positions for a stream whose frame 0 sits at `startTime` seconds.
    init(rate: Int, startTime: Double, warpTimes: @escaping @Sendable (UnsafeMutableBufferPointer<Double>) -> Void) {
        self.rate = Double(max(rate, 1))
        self.startTime = startTime
        self.warpTimes = warpTimes
        var t = [startTime]
        t.withUnsafeMutableBufferPointer { warpTimes($0) }
        origin = t[0].isFinite ? t[0] : .nan
    }

    /// `y` of the end of the input so far (output frames).
    var last: Double { positions[positions.count &- 1] }

    /// The output length if the input ended now: `round(y_count)`.
    var outputLimit: Int64 { origin.isFinite ? WarpNumerics.nonNegativeRoundedCount(last) : 0 }

    /// Input frames `first ..< first + frames` arrived: computes the positions of their ends,
    /// `y_(first+1) ... y_(first+frames)`.
    mutating func feed(first: Int, frames: Int) {
        guard frames > 0 else { return }
        var times = [Double](repeating: 0, count: frames)
        let period = 1 / rate
        for k in 0..<frames { times[k] = startTime + Double(first &+ k &+ 1) * period }
        times.withUnsafeMutableBufferPointer { warpTimes($0) }
        var previous = last
        positions.reserveCapacity(positions.count &+ frames)
        for x in times {
            let y = (x - origin) * rate
            if y.isFinite && y > previous { previous = y }
            positions.append(previous)
        }
    }

    /// The input position (fractional absolute frame) the map puts at output position `j`, or
    /// nil while the input so far ends before `j` (at the end, `end` gives the last frame's end
    /// instead). Successive queries must not decrease.
    mutating func inputPosition(ofOutput j: Double, end: Bool) -> Double? {
        guard j < last else { return end ? Double(firstIndex &+ positions.count &- 1) : nil }
        let n = positions.count
        while cursor &+ 1 < n && positions[cursor &+ 1] <= j { cursor &+= 1 }
        guard cursor &+ 1 < n else { return Double(firstIndex &+ cursor) }
        let (a, b) = (positions[cursor], positions[cursor &+ 1])
        let fraction = b > a && j > a ? (j - a) / (b - a) : 0
        // Keep the cursor's neighbourhood only (and `keptBehind` frames before it).
        if cursor >= 8192 &+ keptBehind {
            let drop = cursor &- keptBehind
            positions.removeSubrange(0..<drop)
            firstIndex &+= drop
            cursor &-= drop
        }
        return Double(firstIndex &+ cursor) + fraction
    }

    /// `y_i`, the output position (frames) of the start of input frame `i`, or nil when it is not
    /// kept (older than the last query less `keptBehind`, or not arrived yet).
    func outputPosition(ofInput i: Int) -> Double? {
        let k = i &- firstIndex
        guard k >= 0, k < positions.count else { return nil }
        return positions[k]
    }
}
