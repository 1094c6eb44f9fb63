import CGStreamer
import GStreamerBinding

/// The raw audio layouts audiotimewarp handles (interleaved).
enum AudioSampleFormat: Equatable {
    case s16, s32, f32, f64

    /// The format of a `GstAudioFormat`, if supported.
    init?(_ format: GstAudioFormat) {
        switch format {
        case GST_AUDIO_FORMAT_S16LE: self = .s16
        case GST_AUDIO_FORMAT_S32LE: self = .s32
        case GST_AUDIO_FORMAT_F32LE: self = .f32
        case GST_AUDIO_FORMAT_F64LE: self = .f64
        default: return nil
        }
    }
}

/// Rate, channels and sample format of the negotiated audio caps.
struct AudioStreamFormat: Equatable {
    var sampleFormat: AudioSampleFormat
    var rate: Int
    var channels: Int
    /// Bytes per frame (all channels of one sample instant).
    var bytesPerFrame: Int

    /// The format described by `caps`, `nil` when unsupported.
    init?(caps: borrowing Caps) {
        guard let info = caps.audioInfo, let finfo = info.finfo,
              let format = AudioSampleFormat(finfo.pointee.format),
              info.rate > 0, info.channels > 0, info.bpf > 0,
              info.layout == GST_AUDIO_LAYOUT_INTERLEAVED else { return nil }
        sampleFormat = format
        rate = Int(info.rate)
        channels = Int(info.channels)
        bytesPerFrame = Int(info.bpf)
    }
}
