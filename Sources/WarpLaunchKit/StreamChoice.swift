/// What each input stream becomes in `warp`'s output: the one place that decides it (the
/// output container's kinds, and later the user's stream selection). The first video stream is
/// warped by videotimewarp, the first audio stream by audiotimewarp; a stream not kept is not
/// decoded at all.
public struct StreamChoice: Sendable, Equatable {
    /// Whether the output has a warped video stream.
    public var keepsVideo: Bool
    /// Whether the output has a warped audio stream.
    public var keepsAudio: Bool
    /// Why the input cannot give this output (`INPUT` stands for the quoted input name), an
    /// input error; nil when it can.
    public var refusal: String?

    /// Decides from what the input holds (`videoStreams`, `audioStreams`) and the container.
    public static func decide(videoStreams: Int, audioStreams: Int, container: OutputContainer) -> StreamChoice {
        var choice = StreamChoice(keepsVideo: videoStreams > 0 && container.video != nil,
                                  keepsAudio: audioStreams > 0, refusal: nil)
        if container.isAudioOnly, audioStreams == 0 {
            choice.refusal = "INPUT has no audio, and .\(container.fileExtension) holds audio only"
        } else if !choice.keepsVideo && !choice.keepsAudio {
            choice.refusal = "INPUT has neither video nor audio"
        }
        return choice
    }
}
