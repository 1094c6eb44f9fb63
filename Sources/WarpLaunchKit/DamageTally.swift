/// Frames lost to damaged media, counted from the decoded video's timestamps: a gap of more than
/// half a frame between one frame's end and the next frame's start is frames that the
/// decoder could not give (damaged packets); a jump the medium cannot contain (longer than it)
/// is one corrupt timestamp. Reported after the run as one line (`damaged: 7 frames near 1.6 s`).
public struct DamageTally: Sendable, Equatable {
    /// Frames missing (or corrupt timestamps) so far.
    public private(set) var frames = 0
    /// Where the first damage is, seconds from the first frame.
    public private(set) var firstAt: Double?
    private var lastEnd: Double?, firstPTS: Double?
    /// The nominal frame duration and the medium's length, seconds.
    private let frame: Double, medium: Double

    /// For video of `frameDuration` seconds per frame, in a medium `mediumSeconds` long.
    public init(frameDuration: Double, mediumSeconds: Double) {
        frame = frameDuration
        medium = mediumSeconds
    }

    /// One decoded frame at `pts` lasting `duration` seconds (nil: the nominal frame).
    public mutating func add(pts: Double, duration: Double?) {
        defer { lastEnd = pts + (duration.map { $0 > 0 ? $0 : frame } ?? frame) }
        if firstPTS == nil { firstPTS = pts }
        guard let lastEnd, frame > 0 else { return }
        let gap = pts - lastEnd
        guard gap > frame / 2 || gap < -frame / 2 else { return }
        if gap > medium || gap < -frame / 2 {
            frames += 1
        } else if gap > frame / 2 {
            frames += max(1, Int((gap / frame).rounded()))
        }
        if firstAt == nil { firstAt = lastEnd - (firstPTS ?? 0) }
    }

    /// The report line, nil when nothing was damaged.
    public var line: String? {
        guard frames > 0, let firstAt else { return nil }
        return "damaged: \(frames) frame\(frames == 1 ? "" : "s") lost or out of place near \(Format.fixed(firstAt, 1)) s "
            + "(damaged packets in the input; the gaps were filled by repeating frames)"
    }
}
