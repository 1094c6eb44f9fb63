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
/// warped by videotimewarp, each kept audio stream by its own audiotimewarp, each kept text
/// subtitle stream by its own texttimewarp; a stream not kept is not decoded at all, and one that
/// cannot be carried is named in `dropped` (never left out silently).
public struct StreamChoice: Sendable, Equatable {
    /// Whether the output has a warped video stream.
    public var keepsVideo: Bool
    /// Whether the output has a warped audio stream.
    public var keepsAudio: Bool
    /// Which video and audio stream of the input (counting from 0, in the demuxer's order).
    public var videoIndex = 0, audioIndex = 0
    /// The audio streams kept, counting from 0 among the audio streams (all of them, unless
    /// `-map 0:a:N` or `--audio-track` chose one, or the container holds only one).
    public var audioIndices: [Int] = []
    /// The text subtitle streams kept, counting from 0 among the input's text subtitle streams
    /// (the order in which the decoder adds their pads).
    public var subtitleIndices: [Int] = []
    /// One line for each stream that cannot be carried (`stream 3 (dvd_subtitle): not supported`),
    /// printed as `dropped: LINE` before encoding.
    public var dropped: [String] = []
    /// Why the input cannot give this output (`INPUT` stands for the quoted input name), an
    /// input error; nil when it can.
    public var refusal: String?

    /// Decides from what the input holds (`videoStreams`, `audioStreams`, and `streamTypes`:
    /// every stream's caps media type in the container's order), the container and the selection.
    public static func decide(videoStreams: Int, audioStreams: Int, container: OutputContainer,
                              selection: StreamSelection = StreamSelection(),
                              streamTypes: [String] = []) -> StreamChoice {
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
        guard choice.refusal == nil else { return choice }
        choice.decideOthers(streamTypes: streamTypes, audioStreams: audioStreams, container: container, selection: selection)
        return choice
    }

    /// Text subtitle formats that texttimewarp warps and the decoder gives as text.
    public static let textSubtitleTypes: Set<String> = ["text/x-raw", "application/x-ssa", "application/x-ass",
                                                 "application/x-subtitle-vtt", "application/x-subtitle", "text/x-tx3g"]
    /// ffprobe's names for the formats people meet, for the `dropped:` line.
    static let codecNames = ["subpicture/x-dvd": "dvd_subtitle", "subpicture/x-pgs": "hdmv_pgs_subtitle",
                             "subpicture/x-dvb": "dvb_subtitle", "application/x-teletext": "dvb_teletext",
                             "closedcaption/x-cea-608": "eia_608", "application/x-subtitle-unknown": "subtitle"]

    /// The muxers that hold several audio tracks and text subtitles.
    private static func holdsManyTracks(_ container: OutputContainer) -> Bool {
        ["matroskamux", "webmmux", "mp4mux", "qtmux"].contains { container.muxer.hasPrefix($0) }
    }

    /// The audio tracks, subtitles and other streams beyond the one video.
    private mutating func decideOthers(streamTypes: [String], audioStreams: Int, container: OutputContainer,
                                       selection: StreamSelection) {
        if keepsAudio {
            if let i = selection.audioIndex { audioIndices = [i] }
            else { audioIndices = Array(0..<(Self.holdsManyTracks(container) ? audioStreams : min(audioStreams, 1))) }
        }
        var audio = 0, text = 0
        for (index, type) in streamTypes.enumerated() {
            let name = Self.codecNames[type] ?? type
            if type.hasPrefix("video/") || type.hasPrefix("image/") { continue }
            if type.hasPrefix("audio/") {
                defer { audio += 1 }
                if keepsAudio && selection.audioIndex == nil && !audioIndices.contains(audio) {
                    dropped.append("stream \(index) (\(name)): .\(container.fileExtension) holds one audio track")
                }
                continue
            }
            let isText = Self.textSubtitleTypes.contains(type)
            let isSubtitle = isText || type.hasPrefix("subpicture/") || type.hasPrefix("closedcaption/")
                || type == "application/x-teletext" || type == "application/x-subtitle-unknown"
            if isSubtitle && !selection.subtitles { if isText { text += 1 }; continue }
            if isText {
                // Matroska holds text subtitles as they are, MP4 and QuickTime as timed text
                // (tx3g, mov_text); WebM and the others are not written with them.
                if ["matroskamux", "mp4mux", "qtmux"].contains(where: container.muxer.hasPrefix) {
                    subtitleIndices.append(text)
                }
                else { dropped.append("stream \(index) (\(name)): not supported in .\(container.fileExtension) output") }
                text += 1
            } else {
                dropped.append("stream \(index) (\(name)): not supported")
            }
        }
    }
}
