/// A parsed `keyframes` property (`"u:s[:ease], u:s[:ease], ..."`), not yet bound to a duration.
///
/// Parsing checks everything that does not depend on the media duration; `makeCurve` converts
/// positions written in seconds (when mixed with fractions) and checks the rest.
public struct KeyframeSpec: Sendable, Equatable {
    /// The keys in the order written (at least two).
    public let keys: [Keyframe]

    /// Creates a spec from already-validated keys (used by the parser).
    init(keys: [Keyframe]) {
        self.keys = keys
    }

    /// `.seconds` when every position after the first is written in seconds (the first is 0,
    /// the same in either unit), so the curve needs no duration; `.normalized` otherwise.
    public var domain: CurveDomain {
        keys.dropFirst().allSatisfy { $0.position.isSeconds } ? .seconds : .normalized
    }

    /// True when `makeCurve` needs the media duration: whenever a position (after the first)
    /// is a fraction of it.
    public var needsMediaDuration: Bool { domain == .normalized }

    /// Builds the curve. A spec all in seconds gives a `.seconds` curve on `0...lastKey` and
    /// ignores `mediaDuration`. Any other spec needs `mediaDuration` (seconds, finite, positive)
    /// and gives a `.normalized` curve on `0...1`: positions in seconds are converted to
    /// fractions, then positions must still ascend and end at 1 (a last key in seconds must
    /// equal the duration to 1e-9 relative).
    public func makeCurve(mediaDuration: Double?) throws(CurveParseError) -> KeyframeCurve {
        var positions = keys.map { $0.position.number }
        if needsMediaDuration {
            // needsMediaDuration guarantees a fractional key after the first; fall back to key 1 anyway.
            let fraction = keys.indices.dropFirst().first(where: { !keys[$0].position.isSeconds }) ?? keys.startIndex
            let key = keys[fraction]
            guard let d = mediaDuration else {
                throw CurveParseError(
                    "fractional position \(key.position.number) needs the media duration, which is unknown (write positions in seconds, like 2.5s, for streams of unknown duration)",
                    column: key.column, keyframe: fraction + 1)
            }
            guard d.isFinite, d > 0 else {
                throw CurveParseError(
                    "fractional position \(key.position.number) needs the media duration, but \(d) s is not a positive duration",
                    column: key.column, keyframe: fraction + 1)
            }
            for (i, key) in keys.enumerated() where key.position.isSeconds {
                positions[i] = key.position.number / d
            }
            let last = positions.count - 1
            if keys[last].position.isSeconds {
                // Accept a last key written as the duration in seconds, up to rounding.
                let p = positions[last]
                guard abs(p - 1) <= 1e-9 else {
                    throw CurveParseError(
                        "the last position must be the end of the media (1), got \(keys[last].position.number)s = \(p) of \(d) s",
                        column: keys[last].column, keyframe: last + 1)
                }
                positions[last] = 1
            }
            for i in 1..<positions.count where !(positions[i] > positions[i - 1]) {
                throw CurveParseError(
                    "position \(Self.render(keys[i].position)) is not after \(Self.render(keys[i - 1].position)) for a duration of \(d) s",
                    column: keys[i].column, keyframe: i + 1)
            }
        }
        return KeyframeCurve(positions: positions, values: keys.map(\.value),
                             eases: keys.map(\.ease), domain: domain)
    }

    /// Renders a position as written (`0.5` or `2.5s`).
    static func render(_ position: KeyframePosition) -> String {
        switch position {
        case .fraction(let v): return "\(v)"
        case .seconds(let v): return "\(v)s"
        }
    }
}
