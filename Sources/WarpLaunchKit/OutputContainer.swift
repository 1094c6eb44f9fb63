/// The container and encoders `warp` writes, chosen by the output file's extension.
public struct OutputContainer: Sendable, Equatable {
    /// Lower-case extension without the dot.
    public let fileExtension: String
    /// For messages: `H.264/AAC in MP4`.
    public let label: String
    /// The codecs and the container's name, for `label(video:audio:)`.
    public var videoCodec: String { String(label.split(separator: "/").first ?? "") }
    public var audioCodec: String { String(label.split(separator: "/").last?.split(separator: " ").first ?? "") }
    public var containerName: String { String(label.split(separator: " ").last ?? "") }

    /// The label for what is actually written: `AAC in MP4` for audio only.
    public func label(video: Bool, audio: Bool) -> String {
        switch (video, audio) {
        case (true, false): return "\(videoCodec) in \(containerName)"
        case (false, true): return "\(audioCodec) in \(containerName)"
        default: return label
        }
    }
    /// Launch fragment from raw video (any format) to encoded video.
    public let videoEncoder: String
    /// Launch fragment from raw audio (any format) to encoded audio.
    public let audioEncoder: String
    /// The muxer factory and its properties.
    public let muxer: String
    /// Elements that must exist for this container (checked before starting).
    public let requiredElements: [String]
    /// Audio frames of encoder delay ("priming") that the container does not signal, so
    /// players would play the audio that much late: `warp` trims them from the start of the
    /// encoder's input. The AAC encoder of libav (avenc_aac) primes with 1024 frames and mp4mux
    /// writes no edit list for them in GStreamer 1.22; Opus signals its pre-skip itself.
    public var primingFrames: Int? = nil

    // H.264 in 4:2:0 so every player can decode it; constant quality; one keyframe every two
    // seconds at most so seeking in the result is quick.
    static let h264 = "videoconvert ! video/x-raw,format=I420 ! x264enc speed-preset=faster pass=qual quantizer=20 key-int-max=60 ! h264parse"
    static let aac = "audioconvert ! audioresample ! avenc_aac name=aenc bitrate=160000 ! aacparse"
    static let opus = "audioconvert ! audioresample ! opusenc bitrate=128000 ! opusparse"
    static let vp8 = "videoconvert ! video/x-raw,format=I420 ! vp8enc deadline=1 cpu-used=4 end-usage=cq cq-level=12 target-bitrate=4000000 keyframe-max-dist=60 threads=2"

    /// The supported containers.
    public static let all: [OutputContainer] = [
        OutputContainer(fileExtension: "mp4", label: "H.264/AAC in MP4", videoEncoder: h264,
                        audioEncoder: aac, muxer: "mp4mux faststart=true",
                        requiredElements: ["x264enc", "avenc_aac", "mp4mux"], primingFrames: 1024),
        OutputContainer(fileExtension: "m4v", label: "H.264/AAC in MP4", videoEncoder: h264,
                        audioEncoder: aac, muxer: "mp4mux faststart=true",
                        requiredElements: ["x264enc", "avenc_aac", "mp4mux"], primingFrames: 1024),
        OutputContainer(fileExtension: "mov", label: "H.264/AAC in QuickTime", videoEncoder: h264,
                        audioEncoder: aac, muxer: "qtmux",
                        requiredElements: ["x264enc", "avenc_aac", "qtmux"], primingFrames: 1024),
        OutputContainer(fileExtension: "mkv", label: "H.264/Opus in Matroska", videoEncoder: h264,
                        audioEncoder: opus, muxer: "matroskamux",
                        requiredElements: ["x264enc", "opusenc", "matroskamux"]),
        OutputContainer(fileExtension: "webm", label: "VP8/Opus in WebM", videoEncoder: vp8,
                        audioEncoder: opus, muxer: "webmmux",
                        requiredElements: ["vp8enc", "opusenc", "webmmux"]),
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
}

/// Paths `warp` derives from the output path.
public enum OutputPaths {
    /// The directory part of `path` (`.` when none).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `dir/.name.partial-PID.ext`: where the file is written until it is complete, in the same
    /// directory so the final rename is atomic; the extension is kept for tools that look at it.
    public static func temporary(for path: String, pid: Int32) -> String {
        let dir = directory(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let ext = name.lastIndex(of: ".").map { String(name[$0...]) } ?? ""
        let prefix = dir == "." && !path.hasPrefix("./") ? "" : (dir == "/" ? "/" : dir + "/")
        return "\(prefix).\(name).partial-\(pid)\(ext)"
    }

    /// `dir/stem.svg` beside the output, for `--plot`.
    public static func plot(for path: String) -> String {
        let dir = directory(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        let prefix = dir == "." && !path.hasPrefix("./") ? "" : (dir == "/" ? "/" : dir + "/")
        return "\(prefix)\(stem).svg"
    }
}
