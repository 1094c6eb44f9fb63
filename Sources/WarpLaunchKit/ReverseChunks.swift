/// `warp --reverse`: how the input is cut into chunks that are read forwards, one at a time,
/// and written in reverse order (pure arithmetic on stream times, ns).
public enum ReverseChunks {
    /// Chunks of the stream `[0, duration)` that start at keyframes: each begins at a keyframe
    /// (the first at 0) and the next begins where it ends, so every frame and sample belongs to
    /// exactly one chunk; the last is open-ended (`UInt64.max`), so nothing past the container's
    /// duration is lost. Keyframes closer than `minimumLength` after a chunk's start are merged
    /// into it (fewer pipelines for all-intra input). Without keyframes (audio only, or an
    /// index that tells none), chunks are `fallbackLength` long; one keyframe (at 0) is one chunk. In forward order.
    public static func plan(keyframes: [UInt64], duration: UInt64, minimumLength: UInt64,
                            fallbackLength: UInt64) -> [Range<UInt64>] {
        var starts: [UInt64] = [0]
        let sorted = keyframes.filter { $0 > 0 && $0 != UInt64.max }.sorted()
        if keyframes.isEmpty {
            let step = max(fallbackLength, 1)
            if duration != UInt64.max {
                var t = step
                while t < duration { starts.append(t); t += step }
            }
        } else {
            for k in sorted where k >= starts[starts.count - 1] + minimumLength {
                starts.append(k)
            }
        }
        var chunks: [Range<UInt64>] = []
        for (i, start) in starts.enumerated() {
            chunks.append(start..<(i + 1 < starts.count ? starts[i + 1] : UInt64.max))
        }
        return chunks
    }

    /// Whether a container of media type `containerType` (as GstDiscoverer names it) seeks
    /// exactly enough to be read in chunks: MPEG-TS and MPEG-PS do not (their demuxers land
    /// near a seek target, by bitrate and PCR, not on it), so `warp --reverse` remuxes them into
    /// Matroska first.
    public static func seeksExactly(containerType: String?) -> Bool {
        guard let type = containerType else { return true }
        return !["video/mpegts", "video/mpeg", "video/x-mpegts"].contains(type)
    }

    /// Where a subtitle cue `[start, end)` of a `duration`-long input (ns) goes in the reversed
    /// output: `[T(D) - T(end), T(D) - T(start))`, `end` held to `D`; nil when the cue starts at
    /// or after `D`, or is empty. `warp` is `T` in ns.
    public static func reversed(start: UInt64, end: UInt64, duration: UInt64,
                                warp: (UInt64) -> UInt64) -> Range<UInt64>? {
        guard start < duration else { return nil }
        let total = warp(duration)
        let first = warp(start), last = warp(min(end, duration))
        guard first < last, last <= total else { return nil }
        return (total - last)..<(total - first)
    }

    /// Where a chapter (a TOC entry) `[start, stop]` of a `duration`-long input goes in the
    /// reversed output: `[T(D) - T(stop), T(D) - T(start)]`, an unset stop (-1) taken as `D`;
    /// an entry without a start (-1) is left as it is, one from `D` on becomes `[0, 0]`.
    public static func reversedChapter(start: Int64, stop: Int64, duration: UInt64,
                                       warp: (UInt64) -> UInt64) -> (start: Int64, stop: Int64) {
        guard start >= 0 else { return (start, stop) }
        let end = stop < 0 ? duration : UInt64(stop)
        guard let range = reversed(start: UInt64(start), end: max(end, UInt64(start) + 1), duration: duration, warp: warp) else {
            return (0, 0)
        }
        return (Int64(clamping: range.lowerBound), Int64(clamping: range.upperBound))
    }

    /// The first of the ascending `times` after `t`, nil when none: where a decoded frame ends.
    public static func successor(of t: UInt64, in times: [UInt64]) -> UInt64? {
        var low = 0, high = times.count
        while low < high {
            let mid = (low + high) / 2
            if times[mid] <= t { low = mid + 1 } else { high = mid }
        }
        return low < times.count ? times[low] : nil
    }

    /// The frames in each chunk, from the frames counted in each keyframe interval (`counts[i]`
    /// frames from `keyframes[i]` to the next): what decoding the chunk must give.
    public static func frames(in chunks: [Range<UInt64>], keyframes: [UInt64], counts: [Int]) -> [Int] {
        chunks.map { chunk in
            var total = 0
            for (time, count) in zip(keyframes, counts) where chunk.contains(time) || (time < chunk.lowerBound && chunk.lowerBound == 0) {
                total += count
            }
            return total
        }
    }

    /// The first sample index at or after stream time `t` (ns) at `rate` Hz: a chunk boundary
    /// in samples. The same function bounds both neighbours of a boundary, so each sample
    /// belongs to exactly one chunk.
    public static func sampleBoundary(_ t: UInt64, rate: Int) -> Int64 {
        guard t != UInt64.max else { return Int64.max }
        let (product, overflow) = t.multipliedReportingOverflow(by: UInt64(rate))
        if overflow { return Int64((Double(t) * Double(rate) / 1e9).rounded(.up)) }
        return Int64((product + 999_999_999) / 1_000_000_000)
    }

    /// The sample index of stream time `t` (ns), to the nearest sample.
    public static func sampleIndex(at t: UInt64, rate: Int) -> Int64 {
        Int64((Double(t) * Double(rate) / 1e9).rounded())
    }

    /// The stream time (ns) of sample `index` at `rate` Hz, rounded down.
    public static func time(ofSample index: Int64, rate: Int) -> UInt64 {
        guard index > 0 else { return 0 }
        let (product, overflow) = UInt64(index).multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? UInt64(Double(index) * 1e9 / Double(rate)) : product / UInt64(rate)
    }

    /// The part of a decoded audio buffer that belongs to a chunk: the buffer holds `frames`
    /// samples from index `first`, the chunk the samples `[lower, upper)`. Returns the range of
    /// the buffer's frames to keep (empty when none).
    public static func keep(first: Int64, frames: Int, lower: Int64, upper: Int64) -> Range<Int> {
        let from = max(first, lower), to = min(first + Int64(frames), upper)
        guard to > from else { return 0..<0 }
        return Int(from - first)..<Int(to - first)
    }

    /// Where a decoded audio buffer starts, in samples: `counted` (the previous buffer's end)
    /// when its timestamp says it continues it within `tolerance` samples (Matroska stores
    /// milliseconds, so a timestamp may be off by a few samples), else its own timestamp.
    public static func bufferStart(timestampIndex: Int64, counted: Int64?, tolerance: Int64) -> Int64 {
        if let counted, abs(timestampIndex - counted) <= tolerance { return counted }
        return timestampIndex
    }
}
