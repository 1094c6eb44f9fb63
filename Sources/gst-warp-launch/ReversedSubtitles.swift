import CGStreamer
import GStreamerBinding
import Synchronization
import WarpLaunchKit

/// Links the `index`-th text subtitle pad of a `parsebin` (counting the types
/// `StreamChoice.textSubtitleTypes`, as the forward warp counts them) to `target`.
final class SubtitlePicker: Sendable {
    private let target: Pad
    private let index: Int
    private let seen = Mutex(0)

    /// Links the `index`-th text subtitle pad to `target`.
    init(target: Pad, index: Int) {
        self.target = target
        self.index = index
    }

    /// Links `pad` when it is the one.
    func link(_ pad: Pad) {
        guard StreamChoice.textSubtitleTypes.contains(pad.mediaType) else { return }
        seen.withLock { seen in
            if seen == index, !target.isLinked { _ = pad.link(to: target) }
            seen += 1
        }
    }
}

/// The cues of one subtitle track of a reversed output, at their output times, earliest first.
struct ReversedSubtitles {
    /// The caps of the track as decoded.
    var caps: String?
    /// The track's tags (language, title).
    let tags = TagRecorder()
    /// The cues: output time span and text.
    var cues: [(time: Range<UInt64>, bytes: [UInt8])] = []

    /// Pushes every cue into `source` (after its caps and the stream's tags) and ends it.
    func push(into source: Element) {
        if let caps { source.set("caps", caps) }
        tags.send(to: source)
        for cue in cues {
            guard var buffer = Buffer.allocate(size: cue.bytes.count) else { continue }
            _ = buffer.withMutableBytes { target in cue.bytes.withUnsafeBytes { target.copyMemory(from: $0) } }
            buffer.stamp(pts: cue.time.lowerBound, duration: cue.time.upperBound - cue.time.lowerBound, discont: false)
            if source.pushBuffer(buffer) != GST_FLOW_OK { break }
        }
        _ = source.endOfStream()
    }
}
