import GStreamerBinding
import Synchronization
import WarpLaunchKit

/// The two probes of a chunk worker (`ChunkWorker`) around its `videotimewarp`: the frames of
/// the chunk's input window go in (the rest are dropped, and decoding stops past the window),
/// and only the chunk's own output slots come out.
enum ChunkProbes {
    /// On the warp's sink pad: lets through the decoded frames whose stream time lies in
    /// `window`; the first frame past it ends the stream (EOS into the pad, so the decoder stops).
    static func attachInput(to pad: Pad, window: ClosedRange<UInt64>) {
        let segment = Mutex(SegmentInfo()), ended = Atomic<Bool>(false)
        pad.addProbe([.buffers, .downstreamEvents]) { item in
            switch item {
            case .segment(let s):
                segment.withLock { $0 = s }
            case .buffer(let b):
                guard b.pts != UInt64.max else { return .drop }
                let t = segment.withLock { $0.streamTime(of: b.pts) }
                if t < window.lowerBound { return .drop }
                if t > window.upperBound {
                    if !ended.exchange(true, ordering: .relaxed) { pad.sendEndOfStream() }
                    return .drop
                }
            default:
                break
            }
            return .pass
        }
    }

    /// On the parsed (not yet decoded) video: drops what comes before the keyframe at `from`
    /// (ns of stream time), so the decoder starts there rather than at the file's start.
    static func attachDecodeStart(to pad: Pad, from: UInt64) {
        let segment = Mutex(SegmentInfo()), started = Atomic<Bool>(from == 0)
        pad.addProbe([.buffers, .downstreamEvents]) { item in
            switch item {
            case .segment(let s):
                segment.withLock { $0 = s }
            case .buffer(let b):
                if started.load(ordering: .relaxed) { return .pass }
                guard b.pts != UInt64.max, !b.flags.contains(.deltaUnit) else { return .drop }
                let t = segment.withLock { $0.streamTime(of: b.pts) }
                guard t + 1_000_000 >= from else { return .drop }
                started.store(true, ordering: .relaxed)
            default:
                break
            }
            return .pass
        }
    }

    /// On the warp's source pad: lets through the output slots the chunk owns (by output stream time).
    static func attachOutput(to pad: Pad, span: ChunkSpan) {
        let segment = Mutex(SegmentInfo())
        pad.addProbe([.buffers, .downstreamEvents]) { item in
            switch item {
            case .segment(let s):
                segment.withLock { $0 = s }
            case .buffer(let b):
                guard b.pts != UInt64.max else { return .drop }
                let t = segment.withLock { $0.streamTime(of: b.pts) }
                return span.ownsOutput(t) ? .pass : .drop
            default:
                break
            }
            return .pass
        }
    }
}
