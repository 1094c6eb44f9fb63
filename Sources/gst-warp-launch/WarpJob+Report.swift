import Foundation
import GStreamerDiscovery
import WarpLaunchKit

extension WarpJob {
    /// Prints the plan: the input and the part warped, the curve, the output, frames, encoding,
    /// conversions, pitch and the expected duration.
    func printPlan(_ plan: WarpPlan, curve: CurveOptions, source: WarpSource, part: (start: Double, end: Double)?,
                   inputSeconds: Double) {
        let media = source.media, container = source.container, encoder = source.encoder
        say("Input:    \(inputLabel ?? inputName): \(Format.seconds(inputSeconds)) s\(duration != nil ? " (--duration)" : ""), "
            + Self.streamsText(media))
        if let part {
            say("Part:     \(Format.seconds(part.start)) s to \(Format.seconds(part.end)) s of the input (-ss/-to/-t): "
                + "the curve spans it, D = \(Format.seconds(part.end - part.start)) s")
        }
        say("Curve:    \(curve.summary)" + (reverse ? ", then the whole result reversed (played backwards)" : ""))
        if let history = plan.historyText {
            say("History:  \(history)")
        } else {
            say("          s ranges over [\(Format.fixed(plan.minimumScale, 2)), \(Format.fixed(plan.maximumScale, 2))] (s > 1 slows down, s < 1 speeds up)")
        }
        var out = "Output:   \(toStdout ? "stdout" : output): \(container.label(video: media.videoStreams > 0, audio: media.audioStreams > 0))"
        if media.videoStreams > 0 { out += ", \(plan.frameRate)" }
        if media.audioStreams == 0 { out += ", no audio (the input has none)" }
        if container.video != nil && media.videoStreams == 0 { out += ", no video (the input has none)" }
        say(out)
        if media.videoStreams > 0 { say("Frames:   \(plan.framesText)") }
        var codecs: [String] = []
        if let v = container.video, media.videoStreams > 0 { codecs.append(encoder.videoText(v)) }
        if media.audioStreams > 0 { codecs.append(encoder.audioText(container.audio)) }
        say("Encoding: \(codecs.joined(separator: "; "))")
        if let codec = container.video, let v = media.uprightVideoSize, media.videoStreams > 0 {
            let format = SourceFormat(videoCaps: media.videoCaps)
            for line in format.videoConversions(to: codec, width: v.width, height: v.height) { say("Converted: \(line)") }
        }
        // The default (follow) is not mentioned: plans without --pitch read as before.
        if media.audioStreams > 0, plan.preservesPitch { say("Pitch:    \(plan.pitchText)") }
        say("Expected output duration: \(plan.expectedDurationText)")
    }

    /// Prints the summary: the counters, the measured duration against the expected one, the
    /// file written and the plot.
    func printSummary(_ r: Result, media: MediaInfo, frameRate: FrameRateChoice) {
        if let c = r.counters {
            say("Frames:   \(c.input) in, \(c.output) out, \(c.dropped) dropped, \(c.duplicated) duplicated")
        }
        if let m = r.measuredDuration {
            let diff = m - r.plan.outputDuration
            var line = "Output duration: \(Format.seconds(m)) s measured from the written file "
                + "(expected \(Format.seconds(r.plan.outputDuration)) s, "
                + "\(diff >= 0 ? "+" : "")\(Format.fixed(diff * 1000, 1)) ms)"
            if case .fixed = frameRate, media.videoStreams > 0 {
                line += abs(diff) <= 1.0 / frameRate.framesPerSecond + 1e-6 ? ", within one frame" : ", MORE than one frame off"
            }
            say(line)
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: OutputPaths.resolvingLinks(output))[.size] as? Int)
            .flatMap { $0 }
        say("Wrote:    \(toStdout ? "stdout" : output)" + (size.map { " (\(Format.fixed(Double($0) / 1_048_576, 1)) MB)" } ?? ""))
        if let p = r.plotPath { say("Plot:     \(p)") }
    }

    /// The input's streams for the plan: `video 640x360 at 30.00 fps (~300 frames); audio 48000 Hz, 2 ch`.
    static func streamsText(_ media: MediaInfo) -> String {
        var streams: [String] = []
        if let v = media.video {
            var text = "video \(v.width)x\(v.height)"
            if v.fpsN > 0 {
                text += " at \(Format.fixed(Double(v.fpsN) / Double(v.fpsD), 2)) fps"
                if let frames = media.estimatedFrames { text += " (~\(frames) frames)" }
            } else {
                text += " at a variable frame rate"
            }
            streams.append(text)
        }
        if let a = media.audio {
            streams.append("audio \(a.rate) Hz, \(a.channels) ch" + (media.audioStreams > 1 ? " (\(media.audioStreams) tracks)" : ""))
        }
        return streams.joined(separator: "; ")
    }
}
