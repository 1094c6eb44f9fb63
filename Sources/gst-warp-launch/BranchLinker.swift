import GStreamerBinding
import Synchronization
import WarpLaunchKit

/// Links each decoded pad to the branch of its kind: the `videoIndex`-th video pad, and the
/// audio and text pads whose ordinal (counting from 0 among pads of their kind, in the order the
/// decoder adds them, which is the demuxer's stream order) has a branch, as `StreamChoice`
/// decided; called on streaming threads.
final class BranchLinker: Sendable {
    private let video: Pad?
    private let audio: [Int: Pad], text: [Int: Pad]
    private let videoIndex: Int
    private let seen = Mutex((video: 0, audio: 0, text: 0))

    /// The branches' sink pads: the video branch for the `videoIndex`-th video pad, the audio
    /// and text branches by the ordinal of their stream.
    init(video: Pad?, audio: [Int: Pad], text: [Int: Pad] = [:], videoIndex: Int = 0) {
        self.video = video
        self.audio = audio
        self.text = text
        self.videoIndex = videoIndex
    }

    /// Links a pad the decoder added to its branch, if it has one that is not linked yet.
    func link(_ pad: Pad) {
        let type = pad.mediaType
        seen.withLock { seen in
            let target: Pad?
            if type.hasPrefix("video/") {
                target = seen.video == videoIndex ? video : nil
                seen.video += 1
            } else if type.hasPrefix("audio/") {
                target = audio[seen.audio]
                seen.audio += 1
            } else if type.hasPrefix("text/") || type == "application/x-ssa" || type == "application/x-ass" {
                target = text[seen.text]
                seen.text += 1
            } else {
                target = nil
            }
            guard let target, !target.isLinked else { return }
            pad.link(to: target)
        }
    }
}
