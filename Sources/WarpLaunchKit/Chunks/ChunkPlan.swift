/// `warp --chunks/--hosts`: where the input's video is cut (pure arithmetic on stream times, ns).
public enum ChunkPlan {
    /// The shortest chunk planned, 2 s: a chunk costs a pipeline start and, for the join, one
    /// keyframe more than the one-machine run would write.
    public static let minimumLength: UInt64 = 2_000_000_000

    /// Chunks of `[0, duration)` that start at keyframes, about `count` of them, none shorter
    /// than `minimumLength` (fewer when the keyframes or the duration allow fewer), with the
    /// output bounds through `warp` (the whole file's map, input ns to output ns). A last chunk
    /// shorter than `minimumLength` is merged into the one before it. Each is decoded from the
    /// last keyframe at or before its input window (`margin` before it). In input order.
    public static func spans(keyframes: [UInt64], duration: UInt64, count: Int, minimumLength: UInt64 = minimumLength,
                             margin: UInt64 = 0, warp: (UInt64) -> UInt64) -> [ChunkSpan] {
        let target = max(minimumLength, count > 0 ? duration / UInt64(count) : duration)
        var starts: [UInt64] = [0]
        for k in keyframes.filter({ $0 > 0 && $0 < duration }).sorted() where k >= starts[starts.count - 1] + target {
            starts.append(k)
        }
        if starts.count > 1, duration - starts[starts.count - 1] < minimumLength { starts.removeLast() }
        let sorted = keyframes.sorted()
        return starts.enumerated().map { i, start in
            let end = i + 1 < starts.count ? starts[i + 1] : UInt64.max
            let from = start > margin ? start - margin : 0
            return ChunkSpan(index: i, start: start, end: end, outputStart: i == 0 ? 0 : warp(start),
                             outputEnd: end == UInt64.max ? UInt64.max : warp(end),
                             decodeFrom: sorted.last { $0 <= from } ?? 0)
        }
    }
}
