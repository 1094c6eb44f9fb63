/// The sizes of `WarpStretcher`'s overlap-add, in frames at the stream's rate: windows of
/// `window = 2 * hop` frames (30 ms) placed every `hop` frames of output with a periodic Hann
/// weight (`sin²`, whose copies a hop apart sum to 1), and a search for the best-matching start
/// within `search` frames (8 ms) either side of where the map puts each window.
public struct WarpStretchGeometry: Sendable, Equatable {
    /// Output frames between the starts of successive windows (15 ms).
    public let hop: Int
    /// Frames per window (`2 * hop`, 30 ms).
    public let window: Int
    /// The largest distance (frames) a window's start may move from the map's position (8 ms).
    public let search: Int
    /// Candidate starts of the coarse search are this many frames apart (refined to 1 after).
    public let coarseStep: Int

    /// The geometry at `rate` Hz (at least one frame of hop).
    public init(rate: Int) {
        let r = Double(max(rate, 1))
        hop = max(1, Int((r * 0.015).rounded()))
        window = 2 &* hop
        search = max(0, Int((r * 0.008).rounded()))
        coarseStep = max(1, min(8, search / 16))
    }

    /// The delay between an input frame arriving and its output being final, at most: one
    /// window plus the search range (frames).
    public var latencyFrames: Int { window &+ search }

    /// The periodic Hann weights `sin²(π n / window)`, `n` in `0 ..< window`: `w[n] + w[n + hop] = 1`.
    func weights() -> [Float] {
        (0..<window).map { n in
            let s = Self.sinPi(Double(n) / Double(window))
            return Float(s * s)
        }
    }

    /// `sin(π x)` for `x` in `[0, 1]` (a short Taylor series after folding to `[0, 1/2]`; no libm).
    static func sinPi(_ x: Double) -> Double {
        let folded = x > 0.5 ? 1 - x : x
        let a = Double.pi * folded
        let a2 = a * a
        // Taylor terms up to a^15: below 1e-12 error on [0, π/2].
        var term = a, sum = a
        for k in stride(from: 2, through: 14, by: 2) {
            term *= -a2 / Double(k * (k + 1))
            sum += term
        }
        return sum
    }
}
