/// What the audio remap engine needs of a remap curve `p(τ)` (output time `τ`, input time `t`,
/// both in seconds): the audio core does not see the time-map target, the element hands the curve
/// over through this protocol.
public protocol RemapAudioCurve: Sendable {
    /// `τ_end`: where the output ends (s).
    var outputDuration: Double { get }
    /// `p(τ)`, the input time heard at output time `τ` (s), and `p'(τ)`, the speed (input seconds
    /// per output second; negative backwards), with one lookup.
    func inputTimeAndSpeed(at τ: Double) -> (time: Double, speed: Double)
    /// The earliest input time (s) heard from `τ` on: what the engine must still keep.
    func earliestInput(from τ: Double) -> Double
    /// The output times (s) where the sound stops: freezes (spans) and cuts (single instants).
    var silentSpans: [ClosedRange<Double>] { get }
}

/// Where the sound stops along a curve, read once (`RemapAudioCurve.silentSpans`), and how loud
/// the output is at any instant.
struct RemapSilences: Sendable {
    /// The freezes and cuts, in output time (s).
    let spans: [ClosedRange<Double>]
    /// The fades' length (s).
    let fade: Double

    /// How loud the output is at `τ`: 0 inside a freeze and at a cut, rising and falling over
    /// `fade` seconds around them, so that nothing clicks; 1 elsewhere.
    func gain(at τ: Double) -> Double {
        var g = 1.0
        for span in spans {
            let distance = τ < span.lowerBound ? span.lowerBound - τ : (τ > span.upperBound ? τ - span.upperBound : 0)
            if distance < fade { g = min(g, RemapAudioFade.shape(distance / fade)) }
        }
        return g
    }
}

/// The shape of the fades around freezes and cuts.
enum RemapAudioFade {
    /// A raised cosine from 0 (at 0) to 1 (at 1): no step, and no corner in the envelope.
    static func shape(_ x: Double) -> Double {
        let c = min(max(x, 0), 1)
        return 0.5 - 0.5 * _cosPi(c)
    }

    /// `cos(πx)`.
    private static func _cosPi(_ x: Double) -> Double { RemapKernel.cos(Double.pi * x) }
}
