import GStreamerBinding
import TimeWarpMap

/// `function=remap` with a curve that stops, jumps or goes back: the element keeps the identity
/// map on the input side and answers segments, seeks and queries in output time `τ` from the
/// curve (`RemapSegment`). A remap that only moves forward is a forward map and never comes here.
extension WarpElement where S: ~Copyable {
    /// The settings' non-forward remap curve, checked against the medium's duration when known.
    func currentRemap() -> RemapCurve? {
        let settings = shared.withLock { $0.settings.timeMap }
        guard settings.function == .remap, settings.customCurve == nil else { return nil }
        return settings.nonForwardRemap(mediaDuration: currentMap()?.mediaDuration)
    }

    /// The remapped side of the segment about to go out for `input`: from output time 0, or
    /// from the output position a seek of this stream asked for.
    func remapSegment(_ curve: RemapCurve, for input: Segment, answering seek: PendingSeek?) -> RemapSegment {
        let firstTau = seek?.start.map { ClockTime.seconds($0.output) } ?? 0
        return RemapSegment(curve: curve, outputStart: input.start, firstTau: min(max(firstTau, 0), curve.outputDuration))
    }

    /// The input position (ns, input stream time as upstream counts it) a seek to output time
    /// `τ` (ns) must start reading from: the earliest input the curve shows from `τ` on.
    func remapSeekInput(_ curve: RemapCurve, forOutput τ: Int64) -> Int64 {
        let earliest = curve.earliestInput(from: ClockTime.seconds(signed: τ))
        return currentOrigin.inputStreamTime(Int64(clamping: ClockTime.fromSeconds(earliest)))
    }
}
