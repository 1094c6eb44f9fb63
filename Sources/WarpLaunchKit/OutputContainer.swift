/// The container and codecs `warp` writes, chosen by the output file's extension.
public struct OutputContainer: Sendable, Equatable {
    /// Lower-case extension without the dot.
    public let fileExtension: String
    /// The video codec, or nil for an audio-only container (`.wav`, `.m4a`, ...).
    public let video: VideoCodec?
    /// The audio codec.
    public let audio: AudioCodec
    /// The container's name in messages: `MP4`, `Matroska`, `WAV`.
    public let containerName: String
    /// The muxer factory and its properties (`identity` for a codec that is its own file: FLAC).
    public let muxer: String

    /// Whether the container holds audio only.
    public var isAudioOnly: Bool { video == nil }

    /// For messages: `H.264/AAC in MP4`, `AAC in MP4` for an audio-only container.
    public var label: String { label(video: video != nil, audio: true) }

    /// The label for what is actually written: `AAC in MP4` for audio only.
    public func label(video hasVideo: Bool, audio hasAudio: Bool) -> String {
        let v = video?.name, a = audio.name
        switch (hasVideo ? v : nil, hasAudio) {
        case (let v?, true): return "\(v)/\(a) in \(containerName)"
        case (let v?, false): return "\(v) in \(containerName)"
        default: return "\(a) in \(containerName)"
        }
    }

    /// Elements that must exist for this container (checked before starting).
    public var requiredElements: [String] {
        (video.map { [$0.encoderFactory] } ?? []) + [audio.encoderFactory, muxer.split(separator: " ").first.map(String.init) ?? muxer]
    }

    /// Audio frames of encoder delay ("priming") that `warp` signals in the MP4 edit list (the
    /// AAC encoder of libav, avenc_aac, primes with 1024 frames; mp4mux of GStreamer 1.22 writes
    /// an edit list that starts at 0, which `MP4EditList` then moves past the priming).
    public var primingFrames: Int? { audio == .aac && isQuickTime ? 1024 : nil }
    /// Whether the muxer is GStreamer's MP4/QuickTime one (mp4mux or qtmux), whose 1.22 quirks
    /// the tool works around (the last text cue, fine video timestamps, tags).
    public var isQuickTime: Bool { muxer.hasPrefix("mp4mux") || muxer.hasPrefix("qtmux") }
    /// Whether SSA/ASS subtitles are written as they are (Matroska holds them, styles and
    /// positions included); other containers take their text.
    public var keepsSSA: Bool { muxer.hasPrefix("matroskamux") && !isAudioOnly }

    /// The supported containers.
    public static let all: [OutputContainer] = [
        OutputContainer(fileExtension: "mp4", video: .h264, audio: .aac, containerName: "MP4", muxer: "mp4mux faststart=true"),
        OutputContainer(fileExtension: "m4v", video: .h264, audio: .aac, containerName: "MP4", muxer: "mp4mux faststart=true"),
        OutputContainer(fileExtension: "mov", video: .h264, audio: .aac, containerName: "QuickTime", muxer: "qtmux"),
        OutputContainer(fileExtension: "mkv", video: .h264, audio: .opus, containerName: "Matroska", muxer: "matroskamux"),
        OutputContainer(fileExtension: "webm", video: .vp8, audio: .opus, containerName: "WebM", muxer: "webmmux"),
        // Audio only: the input's audio track alone.
        OutputContainer(fileExtension: "m4a", video: nil, audio: .aac, containerName: "MP4", muxer: "mp4mux faststart=true"),
        OutputContainer(fileExtension: "wav", video: nil, audio: .pcm, containerName: "WAV", muxer: "wavenc"),
        OutputContainer(fileExtension: "flac", video: nil, audio: .flac, containerName: "FLAC", muxer: "identity"),
        OutputContainer(fileExtension: "opus", video: nil, audio: .opus, containerName: "Ogg", muxer: "oggmux"),
        OutputContainer(fileExtension: "ogg", video: nil, audio: .opus, containerName: "Ogg", muxer: "oggmux"),
    ]

    /// The container for `path`'s extension, or a `CLIError` listing the supported ones.
    public static func forPath(_ path: String) throws -> OutputContainer {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            throw CLIError("cannot tell the container from '\(path)': give the output an extension "
                           + "(\(supportedList))")
        }
        let ext = name[name.index(after: dot)...].lowercased()
        guard let container = all.first(where: { $0.fileExtension == ext }) else {
            throw CLIError("unsupported output extension '.\(ext)': use \(supportedList)")
        }
        return container
    }

    static var supportedList: String { all.map { "." + $0.fileExtension }.joined(separator: ", ") }

    /// `-f`/`--format` names, ffmpeg's (`matroska`, `ipod` for .m4a) or an extension.
    public static let formatNames: [String: String] = [
        "mp4": "mp4", "m4v": "m4v", "mov": "mov", "matroska": "mkv", "mkv": "mkv", "webm": "webm", "ipod": "m4a",
        "m4a": "m4a", "wav": "wav", "flac": "flac", "ogg": "ogg", "opus": "opus",
    ]

    /// The container of `-f NAME`, or a usage error listing the names (with a did-you-mean).
    public static func forFormat(_ name: String) throws(CLIError) -> OutputContainer {
        guard let ext = formatNames[name.lowercased()], let container = all.first(where: { $0.fileExtension == ext }) else {
            let names = formatNames.keys.sorted()
            throw CLIError("unknown format '\(name)'" + (Suggestion.closest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? "")
                           + " (choose one of: \(names.joined(separator: ", ")))", exitCode: 2)
        }
        return container
    }

    /// The container for an output: `-f` when given, else the extension; `-` (stdout) needs
    /// `-f` and a container that is written front to back (`streaming`). Usage errors.
    public static func resolve(output: String, format: String?) throws(CLIError) -> OutputContainer {
        var container: OutputContainer
        if let format {
            container = try forFormat(format)
        } else if output == "-" {
            throw CLIError("writing to stdout ('-') needs -f FORMAT, e.g. -f matroska (or webm, ogg, flac)", exitCode: 2)
        } else {
            do { container = try forPath(output) } catch { throw CLIError((error as? CLIError)?.message ?? "\(error)", exitCode: 2) }
        }
        if output == "-" {
            guard let streaming = container.streaming else {
                throw CLIError("the \(container.containerName) container (.\(container.fileExtension)) seeks back in its output, which stdout "
                               + "cannot: use -f matroska, webm, ogg or flac for '-'", exitCode: 2)
            }
            container = streaming
        }
        return container
    }

    /// The same container written strictly front to back (for a pipe): Matroska and WebM with
    /// `streamable=true`, Ogg and FLAC as they are; nil for MP4, QuickTime and WAV, whose
    /// headers are rewritten at the end.
    public var streaming: OutputContainer? {
        switch muxer {
        case "matroskamux", "webmmux":
            return OutputContainer(fileExtension: fileExtension, video: video, audio: audio, containerName: containerName,
                                   muxer: muxer + " streamable=true")
        case "oggmux", "identity": return self
        default: return nil
        }
    }
}

/// The video codecs `warp` encodes to (`-c:v`).
public enum VideoCodec: String, Sendable, Equatable, CaseIterable {
    case h264, h265, vp8, vp9, av1

    /// The codec's name in messages.
    public var name: String {
        switch self {
        case .h264: return "H.264"
        case .h265: return "H.265"
        case .vp8: return "VP8"
        case .vp9: return "VP9"
        case .av1: return "AV1"
        }
    }
    /// The encoder element.
    var encoderFactory: String {
        switch self {
        case .h264: return "x264enc"
        case .h265: return "x265enc"
        case .vp8: return "vp8enc"
        case .vp9: return "vp9enc"
        case .av1: return "av1enc"
        }
    }
    /// The names `-c:v` takes for it: ours and ffmpeg's.
    public var aliases: [String] {
        switch self {
        case .h264: return ["h264", "x264", "libx264", "avc"]
        case .h265: return ["h265", "x265", "libx265", "hevc"]
        case .vp8: return ["vp8", "libvpx"]
        case .vp9: return ["vp9", "libvpx-vp9"]
        case .av1: return ["av1", "libaom-av1", "aom"]
        }
    }
}

/// The audio codecs `warp` encodes to (`-c:a`).
public enum AudioCodec: String, Sendable, Equatable, CaseIterable {
    case aac, opus, pcm, flac

    /// The codec's name in messages.
    public var name: String {
        switch self {
        case .aac: return "AAC"
        case .opus: return "Opus"
        case .pcm: return "PCM"
        case .flac: return "FLAC"
        }
    }

    /// The encoder element (audioconvert for PCM).
    var encoderFactory: String {
        switch self {
        case .aac: return "avenc_aac"
        case .opus: return "opusenc"
        case .pcm: return "audioconvert"
        case .flac: return "flacenc"
        }
    }

    /// The names `-c:a` takes for it: ours and ffmpeg's.
    public var aliases: [String] {
        switch self {
        case .aac: return ["aac"]
        case .opus: return ["opus", "libopus"]
        case .pcm: return ["pcm", "pcm_s16le", "pcm_s24le", "pcm_s32le", "pcm_u8", "pcm_f32le"]
        case .flac: return ["flac"]
        }
    }

    /// Whether a bitrate applies (lossy codecs).
    public var hasBitrate: Bool { self == .aac || self == .opus }
}

/// `-c:v` and `-c:a`: codecs asked for, checked against the container.
public enum CodecChoice {
    /// Which codecs each container's muxer takes (GStreamer 1.22's pad templates; the first is
    /// the default).
    static let videoCodecs: [String: [VideoCodec]] = [
        // VP9 in MP4 is left out: mp4mux of 1.22 crashes on the warped VP9 stream (use .mkv or .webm).
        "mp4": [.h264, .h265, .av1], "m4v": [.h264, .h265, .av1], "mov": [.h264, .h265],
        "mkv": [.h264, .h265, .vp8, .vp9, .av1], "webm": [.vp8, .vp9, .av1],
    ]
    static let audioCodecs: [String: [AudioCodec]] = [
        "mp4": [.aac], "m4v": [.aac], "mov": [.aac], "mkv": [.opus, .aac, .flac, .pcm], "webm": [.opus],
        "m4a": [.aac], "ogg": [.opus], "opus": [.opus], "flac": [.flac], "wav": [.pcm],
    ]

    static func refusedCopy(_ option: String) -> CLIError {
        CLIError("\(option) copy is refused: warped streams are re-timed sample by sample and frame by frame, so they "
                 + "must be re-encoded (choose a codec, or leave \(option) out for the container's default)", exitCode: 2)
    }

    /// `container` with the codecs named by `video` and `audio` (nil: its defaults); usage
    /// errors name what the container takes.
    public static func apply(video: String?, audio: String?, to container: OutputContainer) throws(CLIError) -> OutputContainer {
        var v = container.video, a = container.audio
        let ext = container.fileExtension
        if let video {
            if video.lowercased() == "copy" { throw refusedCopy("-c:v") }
            let all = VideoCodec.allCases.flatMap(\.aliases)
            guard let codec = VideoCodec.allCases.first(where: { $0.aliases.contains(video.lowercased()) }) else {
                throw CLIError("unknown video codec '\(video)'" + (Suggestion.closest(to: video, in: all).map { "; did you mean '\($0)'?" } ?? "")
                               + " (choose one of: h264, h265, vp8, vp9, av1)", exitCode: 2)
            }
            guard let allowed = videoCodecs[ext] else {
                throw CLIError("-c:v sets the video codec, and .\(ext) holds audio only", exitCode: 2)
            }
            guard allowed.contains(codec) else {
                throw CLIError("the \(container.containerName) container (.\(ext)) does not take \(codec.name) video: it takes "
                               + allowed.map(\.rawValue).joined(separator: ", ") + " (.mkv takes every codec)", exitCode: 2)
            }
            v = codec
        }
        if let audio {
            if audio.lowercased() == "copy" { throw refusedCopy("-c:a") }
            let all = AudioCodec.allCases.flatMap(\.aliases)
            guard let codec = AudioCodec.allCases.first(where: { $0.aliases.contains(audio.lowercased()) }) else {
                throw CLIError("unknown audio codec '\(audio)'" + (Suggestion.closest(to: audio, in: all).map { "; did you mean '\($0)'?" } ?? "")
                               + " (choose one of: aac, opus, flac, pcm)", exitCode: 2)
            }
            let allowed = audioCodecs[ext] ?? [container.audio]
            guard allowed.contains(codec) else {
                throw CLIError("the \(container.containerName) container (.\(ext)) does not take \(codec.name) audio: it takes "
                               + allowed.map(\.rawValue).joined(separator: ", ") + " (.mkv takes every codec)", exitCode: 2)
            }
            a = codec
        }
        return OutputContainer(fileExtension: ext, video: v, audio: a, containerName: container.containerName, muxer: container.muxer)
    }
}
