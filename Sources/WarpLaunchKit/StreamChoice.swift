/// The streams the user asks for: `-vn`, `-an`, `-sn`, `--audio-track N` and ffmpeg's simple
/// `-map` forms (`0`, `0:v`, `0:a`, `0:s`, `0:v:N`, `0:a:N`).
public struct StreamSelection: Sendable, Equatable {
    public var video = true
    public var audio = true
    public var subtitles = true
    /// The audio track to warp, counting from 0 (nil: the first).
    public var audioIndex: Int?
    /// The video track to warp, counting from 0 (nil: the first).
    public var videoIndex: Int?

    public init() {}

    /// From the options; throws a usage error (one line) for what cannot be honoured.
    /// `audioTrack` counts from 1, as players list tracks; `maps` are `-map` values.
    public init(noVideo: Bool, noAudio: Bool, noSubtitles: Bool, audioTrack: Int?, maps: [String]) throws(CLIError) {
        if noVideo && noAudio { throw CLIError("-vn and -an together leave nothing to warp: give one", exitCode: 2) }
        video = !noVideo
        audio = !noAudio
        subtitles = !noSubtitles
        if let audioTrack {
            guard audioTrack >= 1 else { throw CLIError("--audio-track counts from 1 (the first audio track), got \(audioTrack)", exitCode: 2) }
            if noAudio { throw CLIError("--audio-track has no effect with -an (no audio is written): give one of them", exitCode: 2) }
            audioIndex = audioTrack - 1
        }
        guard !maps.isEmpty else { return }
        if audioTrack != nil { throw CLIError("-map and --audio-track both choose the streams: give one", exitCode: 2) }
        var kinds: [Character: [Int?]] = [:]
        for map in maps {
            let parts = map.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard parts.first == "0", parts.count <= 3,
                  parts.count < 2 || ["v", "a", "s"].contains(parts[1]),
                  parts.count < 3 || Int(parts[2]).map({ $0 >= 0 }) == true else {
                throw CLIError("-map '\(map)' is not one of the forms taken: 0, 0:v, 0:a, 0:s, 0:v:N, 0:a:N (one input, N from 0)",
                               exitCode: 2)
            }
            if parts.count == 1 { for k in "vas" { kinds[k, default: []].append(nil) }; continue }
            kinds[Character(parts[1]), default: []].append(parts.count == 3 ? Int(parts[2]) : nil)
        }
        for (k, name) in [("v", "video"), ("a", "audio")] {
            if let list = kinds[Character(k)], Set(list.map { $0 ?? -1 }).count > 1 || (list.count > 1 && list[0] != nil) {
                throw CLIError("-map chooses more than one \(name) stream, and warp writes one of each", exitCode: 2)
            }
        }
        video = video && kinds["v"] != nil
        audio = audio && kinds["a"] != nil
        subtitles = subtitles && kinds["s"] != nil
        videoIndex = kinds["v"]?.first ?? nil
        audioIndex = kinds["a"]?.first ?? nil
        if !video && !audio { throw CLIError("-map chooses neither video nor audio: nothing to warp", exitCode: 2) }
    }
}

/// What each input stream becomes in `warp`'s output: the one place that decides it (the
/// output container's kinds and the user's `StreamSelection`). The chosen video stream is
/// warped by videotimewarp, the chosen audio stream by audiotimewarp; a stream not kept is not
/// decoded at all. (Subtitles are not written yet: issue 20.)
public struct StreamChoice: Sendable, Equatable {
    /// Whether the output has a warped video stream.
    public var keepsVideo: Bool
    /// Whether the output has a warped audio stream.
    public var keepsAudio: Bool
    /// Which video and audio stream of the input (counting from 0, in the demuxer's order).
    public var videoIndex = 0, audioIndex = 0
    /// Why the input cannot give this output (`INPUT` stands for the quoted input name), an
    /// input error; nil when it can.
    public var refusal: String?

    /// Decides from what the input holds (`videoStreams`, `audioStreams`), the container and
    /// the selection.
    public static func decide(videoStreams: Int, audioStreams: Int, container: OutputContainer,
                              selection: StreamSelection = StreamSelection()) -> StreamChoice {
        var choice = StreamChoice(keepsVideo: selection.video && videoStreams > 0 && container.video != nil,
                                  keepsAudio: selection.audio && audioStreams > 0, refusal: nil)
        choice.videoIndex = selection.videoIndex ?? 0
        choice.audioIndex = selection.audioIndex ?? 0
        func count(_ n: Int, _ kind: String) -> String { n == 1 ? "1 \(kind) track" : "\(n) \(kind) tracks" }
        if selection.audio, let i = selection.audioIndex, i >= audioStreams {
            choice.refusal = "INPUT has \(count(audioStreams, "audio")), so there is no audio track \(i + 1) (0:a:\(i))"
        } else if selection.video, let i = selection.videoIndex, i >= videoStreams {
            choice.refusal = "INPUT has \(count(videoStreams, "video")), so there is no video track \(i + 1) (0:v:\(i))"
        } else if container.isAudioOnly, audioStreams == 0 {
            choice.refusal = "INPUT has no audio, and .\(container.fileExtension) holds audio only"
        } else if !choice.keepsVideo && !choice.keepsAudio {
            choice.refusal = videoStreams + audioStreams == 0 ? "INPUT has neither video nor audio"
                : "INPUT has nothing left to warp once \(selection.video ? "the audio" : "the video") is left out"
        }
        return choice
    }
}
