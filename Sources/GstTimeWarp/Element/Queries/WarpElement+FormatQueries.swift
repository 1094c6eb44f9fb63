import CGStreamer
import GStreamerBinding
import TimeWarpMap

/// Queries in formats other than TIME, answered in output terms (issue 21): DEFAULT position and
/// duration in output frames (video at a fixed rate) or samples (audio), CONVERT between output
/// time, output units and upstream's formats through `T`, and SEGMENT with its start and stop
/// mapped. None of them takes the streaming lock.
extension WarpElement where S: ~Copyable {
    /// Output units per second on the source pad: the sample rate, or a fixed frame rate as a
    /// fraction; nil before caps or for variable-rate video (framerate 0/1).
    func outputUnitRate() -> (numerator: UInt64, denominator: UInt64)? {
        guard let caps = srcPad.currentCaps() else { return nil }
        if let info = caps.audioInfo, info.rate > 0 { return (UInt64(info.rate), 1) }
        if let fps = caps.framerate, fps.numerator > 0, fps.denominator > 0 {
            return (UInt64(fps.numerator), UInt64(fps.denominator))
        }
        return nil
    }

    /// Output time (ns) to output units, rounded to nearest.
    func units(ofOutputTime ns: Int64) -> Int64? {
        guard ns >= 0, let rate = outputUnitRate() else { return nil }
        let scaled = (Double(ns) * Double(rate.numerator) / (Double(rate.denominator) * 1e9)).rounded()
        return scaled < 9.2e18 ? Int64(scaled) : nil
    }

    /// Output units to output time (ns), rounded to nearest.
    func outputTime(ofUnits units: Int64) -> Int64? {
        guard units >= 0, let rate = outputUnitRate() else { return nil }
        let ns = (Double(units) * Double(rate.denominator) * 1e9 / Double(rate.numerator)).rounded()
        return ns < 9.2e18 ? Int64(ns) : nil
    }

    /// A DEFAULT-format position or duration query: the TIME answer of this pad, in output units.
    func answerInOutputUnits(_ query: Query) -> Bool {
        let time = query.kind == .position ? srcPad.positionTime() : srcPad.durationTime()
        guard let time, let units = units(ofOutputTime: time) else { return false }
        if query.kind == .position { query.setPosition(units, format: GST_FORMAT_DEFAULT) } else {
            query.setDuration(units, format: GST_FORMAT_DEFAULT)
        }
        return true
    }

    /// A CONVERT query on the source pad. Values in TIME and DEFAULT are output time and output
    /// units; they are taken to input time through `T⁻¹` before upstream converts them (and an
    /// answer in TIME comes back through `T`). Between TIME and DEFAULT alone, upstream is not
    /// asked.
    func answerConvert(_ query: Query) -> Bool {
        let (source, value, destination) = query.convertRequest
        let answer = { (result: Int64) -> Bool in
            query.setConvert(source: source, value: value, destination: destination, result: result)
            return true
        }
        if source == destination || value == -1 { return answer(value) }
        let local = [GST_FORMAT_TIME, GST_FORMAT_DEFAULT]
        guard local.contains(source) || local.contains(destination) else {
            return srcPad.queryDefault(query, parent: element)
        }
        // The value in output time when it is ours; in `source` otherwise.
        var outputTime: Int64? = nil
        if source == GST_FORMAT_TIME { outputTime = value }
        if source == GST_FORMAT_DEFAULT {
            guard let t = self.outputTime(ofUnits: value) else { return false }
            outputTime = t
        }
        let resultTime: Int64
        if let outputTime, local.contains(destination) {
            resultTime = outputTime  // TIME <-> DEFAULT: both ours
        } else {
            guard let map = currentMap() else { return false }
            let upstreamSource = outputTime == nil ? source : GST_FORMAT_TIME
            let upstreamValue = outputTime.map { Self.unwarp($0, map) } ?? value
            let upstreamDestination = local.contains(destination) ? GST_FORMAT_TIME : destination
            guard let converted = sinkPad.peerConvert(upstreamValue, from: upstreamSource, to: upstreamDestination)
            else { return false }
            guard local.contains(destination) else { return answer(converted) }
            guard converted >= 0 else { return answer(converted) }
            resultTime = Self.warpSigned(converted, map)
        }
        if destination == GST_FORMAT_TIME { return answer(resultTime) }
        guard let units = units(ofOutputTime: resultTime) else { return false }
        return answer(units)
    }

    /// A SEGMENT query: upstream's segment with its start and stop (TIME) mapped through `T`.
    func answerSegment(_ query: Query) -> Bool {
        guard sinkPad.peerQuery(query) else { return false }
        let answer = query.segmentAnswer
        guard answer.format == GST_FORMAT_TIME, let map = currentMap() else { return true }
        query.setSegment(rate: answer.rate, format: answer.format,
                         start: answer.start >= 0 ? Self.warpSigned(answer.start, map) : answer.start,
                         stop: answer.stop >= 0 ? Self.warpSigned(answer.stop, map) : answer.stop)
        return true
    }

    /// `T` on non-negative nanoseconds.
    static func warpSigned(_ ns: Int64, _ map: TimeMap) -> Int64 {
        Int64(clamping: ClockTime.fromSeconds(map.warp(ClockTime.seconds(signed: ns))))
    }

    /// `T⁻¹` on non-negative nanoseconds.
    static func unwarp(_ ns: Int64, _ map: TimeMap) -> Int64 {
        Int64(clamping: ClockTime.fromSeconds(map.unwarp(ClockTime.seconds(signed: ns))))
    }
}
