/// Frames lost to damaged media, counted from the decoded video's timestamps: a gap of more than
/// half a frame between one frame's end and the next frame's start is frames that the
/// decoder could not give (damaged packets); a jump the medium cannot contain (longer than it)
/// is one corrupt timestamp. Gaps are measured against the stream's cadence, which starts at the
/// nominal frame and follows the spacing whenever it holds for two steps: a clip that drops from
/// 30 to 15 fps (as web and phone clips do) changes rate, and the step into the new rate is taken
/// back. Frames past the input the map reads (a remap curve that shows only the start of its
/// input: the element ends the input there, and the frames already on their way arrive with a
/// gap) are not counted. Reported after the run as one line (`damaged: 7 frames near 1.6 s`).
public struct DamageTally: Sendable, Equatable {
    /// Frames missing (or corrupt timestamps) so far.
    public private(set) var frames = 0
    /// Where the first damage is, seconds from the first frame.
    public private(set) var firstAt: Double?
    private var firstPTS: Double?
    /// The previous frame's start, the spacing before it, the cadence, and what the last step counted.
    private var lastPTS: Double?, lastInterval: Double?, cadence: Double
    private var lastCounted = 0, lastSetFirstAt = false
    /// The nominal frame duration, the medium's length, and how much of it the map reads from
    /// the first frame on, seconds.
    private let frame: Double, medium: Double, needed: Double

    /// For video of `frameDuration` seconds per frame, in a medium `mediumSeconds` long, of which
    /// the map reads `neededSeconds` from the first frame on (all of it by default).
    public init(frameDuration: Double, mediumSeconds: Double, neededSeconds: Double = .infinity) {
        frame = frameDuration
        medium = mediumSeconds
        needed = neededSeconds
        cadence = frameDuration
    }

    /// One decoded frame at `pts` (its `duration` is not used: decoders stamp the nominal one
    /// even when the frames come further apart).
    public mutating func add(pts: Double, duration: Double?) {
        // Past what the map reads: not part of the output, whatever the spacing.
        if let firstPTS, pts - firstPTS > needed + frame / 2 { return }
        let interval = lastPTS.map { pts - $0 }
        var counted = 0, setFirstAt = false
        defer {
            lastPTS = pts
            lastInterval = interval
            lastCounted = counted
            lastSetFirstAt = setFirstAt
        }
        if firstPTS == nil { firstPTS = pts }
        guard let interval, let lastPTS, frame > 0 else { return }
        // The same spacing as the step before: a steady cadence (the step into it was a change
        // of rate, not frames lost).
        if let lastInterval, interval > frame / 2, interval < medium, abs(interval - lastInterval) < frame / 4 {
            cadence = interval
            if lastCounted > 0 {
                frames -= lastCounted
                if lastSetFirstAt { firstAt = nil }
            }
            return
        }
        let gap = interval - cadence
        if interval > medium || interval < -frame / 2 {
            counted = 1
        } else if gap > cadence / 2 {
            counted = max(1, Int((gap / cadence).rounded()))
        } else {
            return
        }
        frames += counted
        if firstAt == nil {
            firstAt = lastPTS + cadence - (firstPTS ?? 0)
            setFirstAt = true
        }
    }

    /// A new segment that maps timestamps to stream time differently (matroskademux re-sends
    /// ffmpeg's MKV segment from 0 after a first one from the first frame): the next frame's
    /// spacing from the previous one is not measured, since the two times are on different
    /// scales. The cadence and the count stay.
    public mutating func restartSpacing() {
        lastPTS = nil
        lastInterval = nil
        lastCounted = 0
        lastSetFirstAt = false
    }

    /// The report line, nil when nothing was damaged.
    public var line: String? {
        guard frames > 0, let firstAt else { return nil }
        return "damaged: \(frames) frame\(frames == 1 ? "" : "s") lost or out of place near \(Format.fixed(firstAt, 1)) s "
            + "(damaged packets in the input; the gaps were filled by repeating frames)"
    }
}
