/// What the input's coded streams are (their caps, as GstDiscoverer reads them), and what
/// `warp` keeps of them: the video codec family in WebM (VP9 in gives VP9 out), and the WAV
/// sample format (the input's integer depth).
public struct SourceFormat: Sendable, Equatable {
    /// The caps of the first video and audio stream (`video/x-vp9, profile=(string)2, ...`).
    public var videoCaps: String?
    public var audioCaps: String?
    /// GstDiscoverer's audio depth (bits per sample; 0 when unknown).
    public var audioDepth: Int

    /// From the discovered caps strings and audio depth.
    public init(videoCaps: String? = nil, audioCaps: String? = nil, audioDepth: Int = 0) {
        self.videoCaps = videoCaps
        self.audioCaps = audioCaps
        self.audioDepth = audioDepth
    }

    /// The media type of caps: `video/x-vp9`.
    static func mediaType(_ caps: String?) -> String? {
        caps?.split(separator: ",").first.map { String($0.filter { $0 != " " }) }
    }

    /// The video codec to write when `-c:v` is not given: the input's own when the container
    /// takes it and its default is an older codec of the same family (VP9 in WebM, not VP8);
    /// nil keeps the container's default.
    public func preferredVideoCodec(for container: OutputContainer) -> VideoCodec? {
        guard container.fileExtension == "webm", container.video == .vp8 else { return nil }
        switch Self.mediaType(videoCaps) {
        case "video/x-vp9": return .vp9
        case "video/x-av1": return .av1
        default: return nil
        }
    }

    /// `-c:a` names that choose a PCM sample format (ffmpeg's), and the GStreamer format.
    public static let pcmFormats: [String: String] = [
        "pcm_u8": "U8", "pcm_s16le": "S16LE", "pcm_s24le": "S24LE", "pcm_s32le": "S32LE", "pcm_f32le": "F32LE",
    ]

    /// The GStreamer sample format of PCM output: the one `-c:a` names (`pcm_s24le`), else
    /// the input's integer depth when it has one (PCM, WAV and AIFF files, FLAC, ALAC, WavPack:
    /// 8, 16, 24 or 32 bits), float for float PCM in a container that says so (Matroska), and 16-bit for lossy codecs (AAC, MP3, Vorbis, Opus), whose
    /// decoders give float.
    public func pcmFormat(requested: String?) -> String {
        if let requested, let format = Self.pcmFormats[requested.lowercased()] { return format }
        let type = Self.mediaType(audioCaps) ?? ""
        if type == "audio/x-raw" {
            if audioCaps?.contains("format=(string)F") == true { return "F32LE" }
        } else if !["audio/x-wav", "audio/x-aiff", "audio/x-flac", "audio/x-alac", "audio/x-wavpack"].contains(type) {
            return "S16LE"
        }
        switch audioDepth {
        case 1...8: return "U8"
        case 17...24: return "S24LE"
        case 25...32: return "S32LE"
        default: return "S16LE"
        }
    }

    /// The value of `name` in caps text (`chroma-format=(string)4:4:4` → `4:4:4`).
    static func field(_ name: String, in caps: String?) -> String? {
        guard let caps else { return nil }
        for part in caps.split(separator: ",") {
            let kv = part.split(separator: "=", maxSplits: 1)
            guard kv.count == 2, kv[0].filter({ $0 != " " }) == name else { continue }
            var value = Substring(kv[1])
            if value.hasPrefix("("), let close = value.firstIndex(of: ")") { value = value[value.index(after: close)...] }
            return String(value.filter { $0 != " " && $0 != "\"" })
        }
        return nil
    }

    /// The conversions that the video undergoes before `codec` takes it (`width`×`height`, the
    /// decoded size), one line each for the plan: an odd side cropped to even for x264 and
    /// x265 (`EncoderSettings.evenCrop`), 4:2:2 or 4:4:4 chroma written as 4:2:0 (what every player
    /// decodes), and a depth the codec lacks (VP8 and AV1 are written 8-bit here, the others
    /// at most 10-bit).
    public func videoConversions(to codec: VideoCodec, width: Int, height: Int) -> [String] {
        var lines: [String] = []
        if EncoderSettings.evenCrop(codec, (width, height)) != nil {
            lines.append("\(width)x\(height) has an odd side, which \(codec.encoderFactory) refuses in 4:2:0: cropped to "
                         + "\(width & ~1)x\(height & ~1) (the last column or row is left out)")
        }
        if let chroma = Self.field("chroma-format", in: videoCaps), chroma == "4:2:2" || chroma == "4:4:4" {
            lines.append("\(chroma) chroma is written as 4:2:0, which every player decodes")
        }
        if let bits = Self.field("bit-depth-luma", in: videoCaps).flatMap({ Int($0) }), bits > 8 {
            let most = codec == .vp8 || codec == .av1 ? 8 : 10
            if bits > most {
                lines.append("\(bits)-bit video is written \(most)-bit: the most \(codec.name) takes here"
                             + (most == 8 ? " (-c:v h264, h265 or vp9 keep 10 bits)" : ""))
            }
        }
        return lines
    }
}
