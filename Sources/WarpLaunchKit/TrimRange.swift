/// `-ss`, `-to` and `-t`: the part of the input that `warp` reads, with ffmpeg's names. The
/// curve spans the trimmed part (its length is the D of the map).
public struct TrimRange: Sendable, Equatable {
    /// `-ss`: where the part starts, seconds of input stream time (0 when not given).
    public var start: Double?
    /// `-to`: where it ends, seconds of input stream time.
    public var end: Double?
    /// `-t`: how long it lasts, seconds.
    public var length: Double?

    public init(start: Double? = nil, end: Double? = nil, length: Double? = nil) {
        self.start = start
        self.end = end
        self.length = length
    }

    /// Whether any of the three was given.
    public var isGiven: Bool { start != nil || end != nil || length != nil }

    /// A time as ffmpeg writes it: seconds (`90`, `2.5`) or `[[hh:]mm:]ss[.frac]` (`1:30`,
    /// `00:01:30.5`). Nil for anything else, negative or not finite.
    public static func seconds(_ text: String) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var total = 0.0
        for (i, part) in parts.enumerated() {
            guard let x = Double(part), x.isFinite, x >= 0, !part.contains("e"), !part.contains("E") else { return nil }
            if i < parts.count - 1 { guard x == x.rounded() else { return nil } }
            if i > 0 { guard x < 60 else { return nil } }
            total = total * 60 + x
        }
        return total
    }

    /// Usage errors of the options alone (status 2): `-to` with `-t`, an end not after the start,
    /// a zero length.
    public var usageError: String? {
        if end != nil && length != nil { return "-to and -t both set where the part ends: give one" }
        if let end, end <= (start ?? 0) {
            return "-to \(Format.seconds(end)) is not after -ss \(Format.seconds(start ?? 0)): the part would be empty"
        }
        if let length, length <= 0 { return "-t must be more than 0 seconds" }
        return nil
    }

    /// The part of an input of `duration` seconds: (start, end) in seconds, the end clamped to
    /// the input's end. Throws an input error when the part starts at or past the end.
    public func resolve(duration: Double) throws(CLIError) -> (start: Double, end: Double) {
        let s = start ?? 0
        guard s < duration else {
            throw CLIError("-ss \(Format.seconds(s)) is past the end of the input, which lasts \(Format.seconds(duration)) s")
        }
        let e = min(end ?? length.map { s + $0 } ?? duration, duration)
        return (s, e)
    }

    /// What a trimming probe does with a buffer of `pts`...`pts + duration` (ns, in stream time
    /// once `streamOffset` = segment.start - segment.time is taken off) for the part
    /// `startNs..<endNs`: drop it, keep it moved back by `startNs`, or (raw audio, with
    /// `nsPerByte` known) keep its tail from the byte where the part starts.
    public enum Cut: Equatable {
        case drop
        case keep(pts: UInt64)
        case trimStart(bytes: Int, pts: UInt64, duration: UInt64)
    }

    /// The cut for one buffer; `bytesPerFrame` and `rate` describe raw audio (nil for video,
    /// which is cut by whole frames: a frame is kept when it starts inside the part).
    public static func cut(pts: UInt64, duration: UInt64, streamOffset: Int64, startNs: UInt64, endNs: UInt64,
                           bytesPerFrame: Int?, rate: Int?, size: Int) -> Cut {
        let st = Int64(clamping: pts) &- streamOffset
        let start = Int64(clamping: startNs), end = Int64(clamping: endNs)
        let moved = { (t: Int64) in UInt64(max(0, t - start + (Int64(clamping: pts) - st))) }
        guard let bpf = bytesPerFrame, let rate, bpf > 0, rate > 0, duration != UInt64.max else {
            return st >= start && st < end ? .keep(pts: moved(st)) : .drop
        }
        let stEnd = st + Int64(clamping: duration)
        if stEnd <= start || st >= end { return .drop }
        if st >= start { return .keep(pts: moved(st)) }
        // The part starts inside this buffer: skip whole frames up to it.
        let frames = Int((Double(start - st) * Double(rate) / 1e9).rounded())
        let bytes = min(frames * bpf, size)
        let skipped = Int64((Double(frames) * 1e9 / Double(rate)).rounded())
        return .trimStart(bytes: bytes, pts: moved(st + skipped), duration: UInt64(max(0, Int64(clamping: duration) - skipped)))
    }
}
