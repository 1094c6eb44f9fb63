/// The quality settings of `warp` (`--crf`, `--preset`, `--audio-bitrate`) and the encoder
/// launch fragments they give for each codec.
public struct EncoderSettings: Sendable, Equatable {
    /// `--crf`: x264's constant rate factor (0 to 51, lower is better) for H.264, libvpx's
    /// constrained quality level `cq-level` (0 to 63) for VP8. Nil: the codec's default.
    public var crf: Int?
    /// `--preset`: x264's speed preset. Nil: `defaultPreset`.
    public var preset: String?
    /// `--audio-bitrate` in kbit/s for AAC and Opus. Nil: the codec's default.
    public var audioBitrate: Int?
    /// `-g`/`--keyint`: the most frames between two keyframes. Nil: `defaultKeyint`.
    public var keyint: Int?
    /// The GStreamer sample format of PCM output (`S24LE`; `SourceFormat.pcmFormat`). Nil: 16-bit.
    public var pcmFormat: String?

    /// Settings as typed; nil: the codec's default.
    public init(crf: Int? = nil, preset: String? = nil, audioBitrate: Int? = nil, keyint: Int? = nil, pcmFormat: String? = nil) {
        self.pcmFormat = pcmFormat
        self.crf = crf
        self.preset = preset
        self.audioBitrate = audioBitrate
        self.keyint = keyint
    }

    /// x264's speed presets, fastest first.
    public static let x264Presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium",
                                     "slow", "slower", "veryslow", "placebo"]
    public static let defaultH264CRF = 20
    public static let defaultVP8CRF = 12
    /// x265's CRF giving about the quality of x264's 20.
    public static let defaultH265CRF = 24
    /// libvpx's cq-level for VP9, about the quality of x264's 20.
    public static let defaultVP9CRF = 30
    /// libaom's quantizer for AV1 (0 to 63).
    public static let defaultAV1CRF = 30
    /// A keyframe every 60 frames at most (two seconds at 30 fps), for seeking.
    public static let defaultKeyint = 60
    /// What `-g` takes.
    public static let keyintRange = 1...10000

    /// The default quality of a codec (`--crf` when not given).
    public static func defaultCRF(_ codec: VideoCodec) -> Int {
        switch codec {
        case .h264: return defaultH264CRF
        case .h265: return defaultH265CRF
        case .vp8: return defaultVP8CRF
        case .vp9: return defaultVP9CRF
        case .av1: return defaultAV1CRF
        }
    }
    public static let defaultPreset = "faster"
    /// x264's rate-control lookahead at the default preset, in frames (`faster` has 20): each
    /// frame of it holds about 12 MB at 1080p; 15 costs 0.04 dB of PSNR for 0.6 % less size
    /// (docs/cli.md, "Reversing from a bounded store").
    public static let defaultLookahead = 15
    public static let defaultAACBitrate = 160
    public static let defaultOpusBitrate = 128

    /// The `--crf` range of a codec.
    public static func crfRange(_ codec: VideoCodec) -> ClosedRange<Int> { codec == .h264 || codec == .h265 ? 0...51 : 0...63 }

    /// Refuses settings that do nothing for `container` (one line, for a usage error), or that
    /// are out of range.
    public func check(for container: OutputContainer) throws(CLIError) {
        let ext = "." + container.fileExtension
        if let crf {
            guard let video = container.video else {
                throw CLIError("--crf sets the video quality, and \(ext) holds audio only")
            }
            guard Self.crfRange(video).contains(crf) else {
                let r = Self.crfRange(video)
                throw CLIError("--crf \(crf) is out of range for \(video.name): \(r.lowerBound) to \(r.upperBound)")
            }
        }
        if let keyint {
            guard container.video != nil else { throw CLIError("-g sets the video keyframe interval, and \(ext) holds audio only") }
            guard Self.keyintRange.contains(keyint) else {
                throw CLIError("-g must be between \(Self.keyintRange.lowerBound) and \(Self.keyintRange.upperBound) frames, got \(keyint)")
            }
        }
        if let preset {
            guard container.video == .h264 || container.video == .h265 else {
                throw CLIError("--preset is an x264/x265 (H.264/H.265) speed preset, and \(ext) is \(container.label)")
            }
            guard Self.x264Presets.contains(preset) else {
                throw CLIError("unknown --preset '\(preset)'" + (Suggestion.closest(to: preset, in: Self.x264Presets)
                    .map { "; did you mean '\($0)'?" } ?? "") + " (\(Self.x264Presets.joined(separator: ", ")))")
            }
        }
        if let audioBitrate {
            guard container.audio.hasBitrate else {
                throw CLIError("--audio-bitrate does nothing for \(container.audio.name) (\(ext) is lossless)")
            }
            guard (6...510).contains(audioBitrate) else {
                throw CLIError("--audio-bitrate \(audioBitrate) is out of range: 6 to 510 kbit/s")
            }
        }
    }

    /// The launch fragment from raw video (any format) to encoded video. `size` and `fps`
    /// (the output's frame size and rate, when known) set H.264's VBV and so its level
    /// (`H264Level`); unknown: 1080p30's.
    /// `cropsOddSides: false` leaves the odd-side crop (`evenCropFragment`) to the caller, who
    /// puts it where the frame has the size it was decided on (before a rotation).
    /// `boundedMemory` (`warp --reverse`) runs x264's lookahead without a thread of its own.
    public func videoEncoder(_ codec: VideoCodec, size: (width: Int, height: Int)? = nil, fps: Double? = nil,
                             cropsOddSides: Bool = true, boundedMemory: Bool = false) -> String {
        let q = crf ?? Self.defaultCRF(codec), g = keyint ?? Self.defaultKeyint
        // 4:2:0 so every player decodes it; 10 bits where the codec has them (x264 High 10, x265
        // Main 10, VP9 profile 2): videoconvert picks the format losing the least of the input,
        // so 8-bit input stays 8-bit and 10-bit (or more) input gives 10 bits.
        let i420 = "videoconvert ! video/x-raw,format=I420 ! "
        let deep = "videoconvert ! video/x-raw,format={I420,I420_10LE} ! "
        // x264 and x265 refuse an odd side in 4:2:0 ("Can not initialize x264 encoder"): the last
        // column or row is cropped first (the plan says so: SourceFormat.videoConversions).
        let crop = cropsOddSides ? Self.evenCropFragment(codec, size) : ""
        switch codec {
        case .h264:
            // Constant quality (pass=qual is x264's CRF). In that mode x264enc's `bitrate` is the
            // VBV maximum rate (2048 kbit/s by default, which holds the quality down, where
            // ffmpeg has no cap): it is set to the maximum of the level that the size and rate
            // need (4.1 at least), so x264 tags that level.
            // `sync-lookahead=0` (bounded memory only): the lookahead runs on the encoding threads
            // instead of its own thread with a buffer of `threads + bframes` more frames in
            // flight; the pictures are bit-identical, and 1080p needs 55 MB less (docs/cli.md,
            // "Reversing from a bounded store"), but the encoder waits for it: a forward warp
            // keeps x264's thread, 13 % less wall time (issue 33).
            // At the default preset the lookahead is `defaultLookahead` frames (x264's `faster`
            // has 20); a preset given with --preset keeps its own.
            let level = H264Level.needed(width: size?.width ?? 1920, height: size?.height ?? 1080, fps: fps ?? 30)
            let lookahead = (preset ?? Self.defaultPreset) == Self.defaultPreset ? "rc-lookahead=\(Self.defaultLookahead) " : ""
            return crop + deep + "x264enc name=venc speed-preset=\(preset ?? Self.defaultPreset) "
                + "pass=qual quantizer=\(q) bitrate=\(level.highVBVMaxRate) key-int-max=\(g) "
                + lookahead + (boundedMemory ? "sync-lookahead=0 " : "") + "! h264parse"
        case .h265:
            return crop + deep + "x265enc name=venc speed-preset=\(preset ?? Self.defaultPreset) option-string=crf=\(q) "
                + "key-int-max=\(g) ! h265parse"
        case .vp8:
            return i420 + "vp8enc name=venc deadline=1 cpu-used=4 end-usage=cq "
                + "cq-level=\(q) target-bitrate=40000000 keyframe-max-dist=\(g) threads=2"
        case .vp9:
            return deep + "vp9enc name=venc deadline=1 cpu-used=6 end-usage=cq row-mt=true "
                + "cq-level=\(q) target-bitrate=40000000 keyframe-max-dist=\(g) threads=2 ! vp9parse"
        case .av1:
            // Constant quantizer: libaom's q mode held at one quantizer.
            return i420 + "av1enc name=venc usage-profile=realtime cpu-used=8 end-usage=q row-mt=true threads=2 "
                + "min-quantizer=\(q) max-quantizer=\(q) keyframe-max-dist=\(g) ! av1parse"
        }
    }

    /// `videocrop right=… bottom=… ! ` for `evenCrop`, or "" when nothing is cropped.
    public static func evenCropFragment(_ codec: VideoCodec, _ size: (width: Int, height: Int)?) -> String {
        evenCrop(codec, size).map { "videocrop right=\($0.right) bottom=\($0.bottom) ! " } ?? ""
    }

    /// The pixels to crop on the right and at the bottom so that `codec` takes `size` (x264 and
    /// x265 need even sides in 4:2:0; libvpx and libaom take odd ones); nil when none.
    public static func evenCrop(_ codec: VideoCodec, _ size: (width: Int, height: Int)?) -> (right: Int, bottom: Int)? {
        guard codec == .h264 || codec == .h265, let size, size.width % 2 == 1 || size.height % 2 == 1 else { return nil }
        return (size.width % 2, size.height % 2)
    }

    /// The launch fragment from raw audio (any format) to encoded audio (or PCM).
    public func audioEncoder(_ codec: AudioCodec) -> String {
        switch codec {
        case .aac:
            return "audioconvert ! audioresample ! avenc_aac name=aenc bitrate=\((audioBitrate ?? Self.defaultAACBitrate) * 1000) ! aacparse"
        case .opus:
            return "audioconvert ! audioresample ! opusenc name=aenc bitrate=\((audioBitrate ?? Self.defaultOpusBitrate) * 1000) ! opusparse"
        case .pcm:
            return "audioconvert name=aenc ! audio/x-raw,format=\(pcmFormat ?? "S16LE")"
        case .flac:
            return "audioconvert ! flacenc name=aenc ! flacparse"
        }
    }

    /// For the plan: `H.264 crf 20, preset faster` / `VP8 cq-level 12`.
    public func videoText(_ codec: VideoCodec) -> String {
        let q = crf ?? Self.defaultCRF(codec)
        let g = keyint.map { ", keyframe every \($0) frames at most" } ?? ""
        switch codec {
        case .h264: return "H.264 crf \(q), preset \(preset ?? Self.defaultPreset)\(g)"
        case .h265: return "H.265 crf \(q), preset \(preset ?? Self.defaultPreset)\(g)"
        case .vp8: return "VP8 crf (cq-level) \(q)\(g)"
        case .vp9: return "VP9 crf (cq-level) \(q)\(g)"
        case .av1: return "AV1 quantizer \(q)\(g)"
        }
    }

    /// `24-bit` for `S24LE`, `32-bit float` for `F32LE`.
    static func pcmText(_ format: String) -> String {
        let bits = format.filter(\.isNumber)
        return format.hasPrefix("F") ? "\(bits)-bit float" : "\(bits)-bit"
    }

    /// For the plan: `AAC 160 kbit/s`, `FLAC (lossless)`.
    public func audioText(_ codec: AudioCodec) -> String {
        switch codec {
        case .aac: return "AAC \(audioBitrate ?? Self.defaultAACBitrate) kbit/s"
        case .opus: return "Opus \(audioBitrate ?? Self.defaultOpusBitrate) kbit/s"
        case .pcm: return "PCM \(Self.pcmText(pcmFormat ?? "S16LE")) (uncompressed)"
        case .flac: return "FLAC (lossless)"
        }
    }
}
