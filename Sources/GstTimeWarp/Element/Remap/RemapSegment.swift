import GStreamerBinding
import TimeWarpMap

/// The output side of a segment played through a remap curve that stops, jumps or goes back
/// (`function=remap`): output timestamps count output time `τ` from `firstTau` at `outputStart`.
/// The input side keeps the identity map; each State asks the curve which input to show.
struct RemapSegment: Sendable {
    /// The curve `p(τ)`.
    let curve: RemapCurve
    /// The output timestamp (ns) where the segment starts.
    let outputStart: UInt64
    /// The output time `τ` (s) at `outputStart`: 0, or where a seek asked the output to start.
    let firstTau: Double

    /// `τ` (s) of an output timestamp of this segment.
    func tau(ofTimestamp timestamp: UInt64) -> Double {
        firstTau + (Double(Int64(bitPattern: timestamp &- outputStart))) / 1e9
    }

    /// The output timestamp (ns) of `τ` (s), saturated at the clock's ends.
    func timestamp(ofTau τ: Double) -> UInt64 {
        let offset = ((τ - firstTau) * 1e9).rounded()
        guard offset.isFinite else { return offset > 0 ? ClockTime.end : outputStart }
        if offset <= 0 { return outputStart &- UInt64(min(-offset, Double(outputStart))) }
        return min(outputStart &+ UInt64(min(offset, 9.2e18)), ClockTime.end)
    }

    /// The output timestamp (ns) where the curve ends.
    var endTimestamp: UInt64 { timestamp(ofTau: curve.outputDuration) }

    /// The input stream time (ns, from the map's origin) shown at `τ`.
    func inputStreamTime(at τ: Double) -> UInt64 { ClockTime.fromSeconds(curve.inputTime(at: τ)) }

    /// The output segment for `input` played through the curve from `firstTau`: timestamps from
    /// the input's start, stream time `τ`, stopping where the curve ends; forward at rate 1. After
    /// `previous` (a new segment without a flush: concat, where each part plays the curve) its
    /// running time starts where the previous output's ended.
    func outputSegment(for input: Segment, continuing previous: Segment?) -> Segment {
        var out = input
        if let previous, previous.stop != ClockTime.none, previous.stop >= previous.start {
            out.base = previous.base &+ (previous.stop - previous.start)
        }
        out.time = ClockTime.fromSeconds(firstTau)
        out.start = outputStart
        out.stop = max(outputStart, endTimestamp)
        out.duration = ClockTime.none
        out.position = outputStart
        return out
    }
}
