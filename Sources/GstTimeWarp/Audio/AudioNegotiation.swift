import GStreamerBinding
import TimeWarpAudioCore

/// Caps pass through audiotimewarp unchanged: what one side's peer accepts is what the other
/// side may use.
extension AudioState {
    mutating func handleCaps(_ event: consuming Event, _ out: StreamOutput) -> Bool {
        guard let caps = event.parseCaps(), let newFormat = AudioStreamFormat(caps: caps) else {
            out.postError(.core, code: ErrorCode.negotiation, "Unsupported audio caps")
            return false
        }
        if let format, format != newFormat {
            // An ordinary renegotiation: logged at debug level, not posted (as identity does).
            out.log(.debug, "audio caps changed mid-stream to \(caps.description)")
            try? drain(out)
        }
        format = newFormat
        // The interpolation kernel's lookahead, or the stretcher's window and search, in time.
        let settings = out.settings
        let frames = settings.pitch == .preserve
            ? WarpStretchGeometry(rate: newFormat.rate).latencyFrames
            : settings.interpolation.nominalLookahead(quality: settings.sincQuality)
        let latency = ClockTime.scale(UInt64(frames), ClockTime.second, UInt64(newFormat.rate)) ?? 0
        out.publishLatency(latency)
        return out.push(event)
    }
}

extension AudioElementKind {
    /// Caps queries: what the other side's peer accepts, within the template.
    static func answerCapsQuery(_ query: Query, on pad: Pad, sinkPad: Pad, srcPad: Pad,
                                settings: ElementSettings) -> Bool {
        PassThroughCaps.answer(query, on: pad, sinkPad: sinkPad, srcPad: srcPad)
    }
}
