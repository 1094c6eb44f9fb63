/// The design of the sinc kernel for one `quality` value, 0 ... 10 as audioresample's (default 4).
///
/// Each level is a Kaiser-windowed sinc `K(x) = sinc(fc x) w(x / L)` (x in input samples at unit
/// speed) designed by Kaiser's formulas for a stop-band attenuation `A` and a pass band up to
/// `passBand` times the local Nyquist frequency, with the stop band starting exactly at the local
/// Nyquist frequency (the guard band lies below it, so nothing above it leaks back as an alias):
///
/// - cut-off `fc = (passBand + 1) / 2`, transition width `dw = pi (1 - passBand)` (rad/sample);
/// - half-width `L = ceil((A - 7.95) / (2 * 2.285 * dw))` input samples at unit speed (`1/g` times
///   more where the kernel is widened to a bandwidth `g < 1`);
/// - `beta = 0.1102 (A - 8.7)`.
///
/// The polyphase tables keep `phasesPerSample` rows per input sample at unit speed: rows are
/// blended linearly, which puts images of a tone at `w` about `(w / phases)^2 / (4 pi^2)` below it
/// (-127 dB for 7 kHz at 48 kHz with 256 phases), so high qualities use more rows.
public struct WarpSincQuality: Sendable, Equatable, Hashable {
    /// The accepted values (audioresample's range).
    public static let range = 0...10
    /// The default value, as audioresample's.
    public static let standardLevel = 4
    /// The default design.
    public static let standard = WarpSincQuality(standardLevel)

    /// The quality value, in `range`.
    public let level: Int
    /// Target stop-band attenuation (dB).
    public let stopBandAttenuation: Double
    /// Upper end of the pass band as a fraction of the local Nyquist frequency (the stop band
    /// starts at 1).
    public let passBand: Double
    /// Table rows per input sample at unit speed.
    public let phasesPerSample: Int

    /// `(A, passBand, phases)` per level.
    private static let designs: [(Double, Double, Int)] = [
        (60, 0.60, 128), (70, 0.65, 128), (80, 0.70, 256), (90, 0.75, 256), (100, 0.80, 256),
        (105, 0.82, 256), (110, 0.84, 512), (115, 0.86, 512), (120, 0.88, 512), (130, 0.89, 1024),
        (140, 0.90, 1024),
    ]

    /// The design for `level`, clamped to `range`.
    public init(_ level: Int) {
        let q = min(max(level, Self.range.lowerBound), Self.range.upperBound)
        self.level = q
        (stopBandAttenuation, passBand, phasesPerSample) = Self.designs[q]
    }

    /// The -6 dB point of the kernel as a fraction of the (local) Nyquist frequency.
    public var cutoff: Double { (passBand + 1) / 2 }

    /// Kaiser's window shape parameter for the stop-band attenuation.
    public var kaiserBeta: Double { 0.1102 * (stopBandAttenuation - 8.7) }

    /// `L`: the kernel's half-width in input samples at unit speed.
    public var halfWidth: Int {
        let dw = Double.pi * (1 - passBand)
        return Int(((stopBandAttenuation - 7.95) / (2 * 2.285 * dw)).rounded(.up))
    }

    /// Taps per output sample per channel at unit speed or slower (`2L`).
    public var taps: Int { 2 * halfWidth }
}
