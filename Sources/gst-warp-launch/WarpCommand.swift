import ArgumentParser
import Foundation
import GstTimeWarp
import TimeWarpAudioCore
import WarpLaunchKit

/// `gst-warp-launch warp INPUT OUTPUT [curve options] [--fps ...] [--plot]`.
struct WarpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "warp",
        abstract: "Warp a media file: decode, re-time video and audio with one time map, encode.",
        discussion: """
            The five most common recipes: half speed; twice as fast with voices at their \
            pitch; a ramp to quarter speed and back; smooth slow motion; backwards.

              gst-warp-launch warp in.mp4 slow.mp4 --speed 0.5
              gst-warp-launch warp in.mp4 fast.mp4 --speed 2 --pitch preserve
              gst-warp-launch warp in.mp4 ramp.mp4 --speed '0:100%, 0.5:25%:smooth, 1:100%'
              gst-warp-launch warp in.mp4 slowmo.mp4 --speed 0.25 --blend
              gst-warp-launch warp in.mp4 back.mp4 --reverse

            --speed X plays X times as fast; --factor is the elements' time scale, its inverse \
            (--factor 2 is half speed). Without a curve the curve is the elements' default, \
            constant 1. Decodes anything GStreamer can read, warps video (videotimewarp) and audio \
            (audiotimewarp) with the same map over the container's duration D, and encodes to \
            the container of OUTPUT's extension: .mp4/.m4v/.mov (H.264/AAC), .mkv (H.264/Opus), \
            .webm (VP8/Opus), or audio only: .m4a (AAC), .ogg/.opus (Opus), .flac, .wav. Each \
            track the input has is kept (an audio-only input writes audio only). The frame rate \
            stays the input's unless --fps. In MP4 the AAC priming is signalled in the edit list \
            (as ffmpeg does), so the first warped sample plays at 0. The checks come in one \
            order: the options (status 2), the input (status 1), the curve on the input's \
            duration (status 2), then the output (status 1: an existing OUTPUT is refused unless \
            -y). The file is written under a temporary name created exclusively beside OUTPUT and \
            renamed when complete; on any error or signal (SIGPIPE included) nothing is left. \
            Negative numbers: --factor=-0.5 or --factor -0.5.

              gst-warp-launch warp in.mov out.mp4 --fps 24000/1001 --crf 18 --preset slow -y
              gst-warp-launch warp in.mp4 out.m4a --function triangle --factor 2
            """
    )

    @Argument(help: ArgumentHelp("INPUT OUTPUT: the input file (- for stdin) and the output file, whose extension chooses the container (- writes to stdout, with -f). With -o DIR: the inputs, as many as wanted.",
                                 valueName: "files"))
    var paths: [String] = []

    @Option(name: [.customShort("o"), .customLong("output-dir")],
            help: ArgumentHelp("Batch: warp every input with the same curve into DIR (same names; the extension of -f when given).",
                               valueName: "dir"))
    var outputDir: String?

    @Option(name: .customShort("j"),
            help: ArgumentHelp("Batch: files warped at once (default: the number of cores, \(ProcessInfo.processInfo.activeProcessorCount)).",
                               valueName: "n"))
    var jobs: Int?

    /// The input (single mode).
    var input: String { paths.first ?? "" }
    /// The output (single mode).
    var output: String { paths.count > 1 ? paths[1] : "" }
    /// Batch mode: `-o DIR`.
    var isBatch: Bool { outputDir != nil }

    /// Where a batch writes `input`: DIR/name, with the extension of `-f` when given.
    func batchOutput(for input: String) -> String {
        let dir = outputDir ?? "."
        var name = input.split(separator: "/").last.map(String.init) ?? input
        if let format, let ext = OutputContainer.formatNames[format.lowercased()] {
            if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
            name += "." + ext
        }
        return (dir.hasSuffix("/") ? dir : dir + "/") + name
    }

    @Option(name: [.customShort("f"), .customLong("format")],
            help: ArgumentHelp("The output container when the name has no extension or is -: matroska, webm, mp4, mov, ipod (m4a), ogg, opus, flac, wav.",
                               valueName: "name"))
    var format: String?

    @OptionGroup(title: "Curve")
    var curve: CurveArguments

    @Option(name: .customLong("ss", withSingleDash: true), parsing: .unconditional,
            help: ArgumentHelp("Start of the part of the input to warp: seconds (5, 2.5) or [hh:]mm:ss[.frac]. The curve spans the part: its length is D.",
                               valueName: "time"))
    var ss: String?

    @Option(name: .customLong("to", withSingleDash: true), parsing: .unconditional,
            help: ArgumentHelp("End of the part, in input time (as -ss).", valueName: "time"))
    var to: String?

    @Option(name: .customShort("t"), parsing: .unconditional,
            help: ArgumentHelp("Length of the part (instead of -to).", valueName: "time"))
    var t: String?

    @Flag(name: .customLong("vn", withSingleDash: true), help: "No video: write the audio alone.")
    var noVideo = false

    @Flag(name: .customLong("an", withSingleDash: true), help: "No audio: write the video alone.")
    var noAudio = false

    @Flag(name: .customLong("sn", withSingleDash: true), help: "No subtitles: leave the subtitle tracks out (they are written, warped, by default).")
    var noSubtitles = false

    @Option(name: .customLong("audio-track"), help: ArgumentHelp("Warp only this audio track, counting from 1 (default: every audio track is kept).", valueName: "n"))
    var audioTrack: Int?

    @Option(name: .customLong("map", withSingleDash: true), parsing: .singleValue,
            help: ArgumentHelp("Streams to keep, ffmpeg's simple forms: 0, 0:v, 0:a, 0:s, 0:v:N, 0:a:N (N from 0); repeat for several. Only the streams named are kept.",
                               valueName: "spec"))
    var map: [String] = []

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Output frame rate, 0.01 to 1000: any rational or decimal (25, 24000/1001, 23.976, 29.97, 120), or any (variable: every frame kept with its warped time). Default: the input's.",
                               valueName: "rate"))
    var fps: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Input duration D in seconds, for an input whose container cannot tell it (it is the D of the map).",
                               valueName: "seconds"))
    var duration: Double?

    @Flag(name: .customShort("y"), help: "Overwrite OUTPUT (and the plot) if it exists.")
    var overwrite = false

    @Flag(name: .customShort("n"), help: "Never overwrite: fail if OUTPUT (or the plot) exists.")
    var neverOverwrite = false

    @Option(help: ArgumentHelp("Video quality, lower is better and larger: CRF for H.264 (0-51, default \(EncoderSettings.defaultH264CRF)) and H.265 (0-51, default \(EncoderSettings.defaultH265CRF)), libvpx's cq-level for VP8 (0-63, default \(EncoderSettings.defaultVP8CRF)) and VP9 (default \(EncoderSettings.defaultVP9CRF)), libaom's quantizer for AV1 (0-63, default \(EncoderSettings.defaultAV1CRF)).",
                               valueName: "n"))
    var crf: Int?

    @Option(help: ArgumentHelp("x264/x265 speed preset for H.264 and H.265: \(EncoderSettings.x264Presets.joined(separator: ", ")) (default \(EncoderSettings.defaultPreset)).",
                               valueName: "name"))
    var preset: String?

    @Option(name: [.customLong("c:v", withSingleDash: true), .customLong("video-codec")],
            help: ArgumentHelp("Video codec: h264 (x264), h265 (x265, hevc), vp8, vp9 or av1, each with its own quality default; copy is refused (a warped stream is re-encoded). Default: the container's (H.264, VP8 for .webm).",
                               valueName: "codec"))
    var videoCodec: String?

    @Option(name: [.customLong("c:a", withSingleDash: true), .customLong("audio-codec")],
            help: ArgumentHelp("Audio codec: aac, opus, flac or pcm, as the container takes. Default: the container's.",
                               valueName: "codec"))
    var audioCodec: String?

    @Option(name: [.customShort("g"), .customLong("keyint")],
            help: ArgumentHelp("The most frames between two keyframes (\(EncoderSettings.keyintRange.lowerBound) to \(EncoderSettings.keyintRange.upperBound); default \(EncoderSettings.defaultKeyint)).",
                               valueName: "frames"))
    var keyint: Int?

    @Option(name: .customLong("audio-bitrate"),
            help: ArgumentHelp("AAC or Opus bitrate in kbit/s (default \(EncoderSettings.defaultAACBitrate) for AAC, \(EncoderSettings.defaultOpusBitrate) for Opus).",
                               valueName: "kbps"))
    var audioBitrate: Int?

    @Option(help: ArgumentHelp("Audio interpolation: \(AudioInterpolation.choicesText) (default \(AudioInterpolation.propertyDefault.nick)).",
                               valueName: "kind"),
            completion: .list(AudioInterpolation.allValueStrings),
            transform: AudioInterpolation.parser { AudioInterpolation.mustBe("--interpolation", $0) })
    var interpolation: AudioInterpolation?

    @Flag(help: "Write the clip backwards (video and audio), with the curve applied in forward input time.")
    var reverse = false

    @Flag(help: "Blend frames (videotimewarp frame-mode=blend): smooth slow motion, motion-blurred speed-ups.")
    var blend = false

    @Flag(help: "Move frames along their motion (videotimewarp frame-mode=flow, optical flow): the smoothest slow motion; speed-ups blurred along the motion.")
    var flow = false

    @Option(name: .customLong("shutter-angle"),
            help: ArgumentHelp("With --flow: the share of its input a speed-up's frame blurs along the motion, in degrees of a camera's shutter (0 to 360; default 180, the film look; 0 a sharp frame).",
                               valueName: "degrees"))
    var shutterAngle: Double?

    @Option(help: ArgumentHelp("Audio pitch: \(AudioPitch.follow.nick) (moves with the speed, as tape) or \(AudioPitch.preserve.nick) (only the tempo follows the curve) (default \(AudioPitch.propertyDefault.nick)).",
                               valueName: "mode"),
            completion: .list(AudioPitch.allValueStrings),
            transform: AudioPitch.parser { AudioPitch.mustBe("--pitch", $0) })
    var pitch: AudioPitch?

    @Option(help: ArgumentHelp("How --pitch preserve keeps the pitch: \(AudioPitchEngine.wsola.nick) (overlap-add) or \(AudioPitchEngine.spectral.nick) (phase vocoder: steadier tones, transients kept whole) (default \(AudioPitchEngine.propertyDefault.nick)).",
                               valueName: "engine"),
            completion: .list(AudioPitchEngine.allValueStrings),
            transform: AudioPitchEngine.parser { AudioPitchEngine.mustBe("--pitch-engine", $0) })
    var pitchEngine: AudioPitchEngine?

    @Flag(help: "Also write the plot of the curve beside the output (OUTPUT with .svg).")
    var plot = false

    @Flag(name: .shortAndLong, help: "Print only errors.")
    var quiet = false

    @Option(name: .customLong("progress", withSingleDash: true),
            help: ArgumentHelp("Progress for machines, as ffmpeg: key=value blocks (frame, fps, out_time_us, out_time, speed, progress=continue or end) to - (stdout), pipe:N, file:PATH or PATH.",
                               valueName: "url"))
    var progressURL: String?

    @Flag(name: .shortAndLong, help: "Print warnings and debug details of errors.")
    var verbose = false

    @OptionGroup(title: "Several hosts (docs/scale.md)")
    var chunking: ChunkArguments

    /// The options of this command line as a child `warp` takes them (a batch runs one
    /// process per file with these).
    func forwardedArguments() -> [String] {
        var a: [String] = []
        func opt(_ name: String, _ value: String?) { if let value { a += [name, value] } }
        func flag(_ name: String, _ on: Bool) { if on { a.append(name) } }
        opt("-f", format)
        a += curve.forwardedArguments()
        opt("-ss", ss); opt("-to", to); opt("-t", t)
        flag("-vn", noVideo); flag("-an", noAudio); flag("-sn", noSubtitles)
        opt("--audio-track", audioTrack.map(String.init))
        for m in map { opt("-map", m) }
        opt("--fps", fps)
        opt("--duration", duration.map(CurveOptions.number))
        flag("-y", overwrite); flag("-n", neverOverwrite)
        opt("--crf", crf.map(String.init)); opt("--preset", preset)
        opt("-c:v", videoCodec); opt("-c:a", audioCodec); opt("-g", keyint.map(String.init))
        opt("--audio-bitrate", audioBitrate.map(String.init))
        opt("--interpolation", interpolation?.nick)
        flag("--reverse", reverse); flag("--blend", blend); flag("--flow", flow)
        opt("--shutter-angle", shutterAngle.map(CurveOptions.number))
        opt("--pitch", pitch?.nick)
        opt("--pitch-engine", pitchEngine?.nick)
        flag("--plot", plot)
        return a
    }

    /// `--crf`, `--preset`, `--audio-bitrate`, `-g`.
    var encoder: EncoderSettings { EncoderSettings(crf: crf, preset: preset, audioBitrate: audioBitrate, keyint: keyint) }

    /// `-vn`, `-an`, `-sn`, `--audio-track`, `-map`.
    var selection: StreamSelection {
        get throws(CLIError) {
            try StreamSelection(noVideo: noVideo, noAudio: noAudio, noSubtitles: noSubtitles, audioTrack: audioTrack, maps: map)
        }
    }

    /// The typed job of one input, made by `validate()` (single mode).
    var job = Validated<WarpJob>()

    func run() throws {
        // Up front, before any file is read or written: --flow where the flow module or OpenCV is
        // missing (the tool loads them as the plugin does, and runs without them).
        if flow, let problem = TimeWarpPlugin.flowModuleProblem() {
            exitWithError(CLIError("--flow cannot run here: \(problem)"))
        }
        if chunking.chunkSpan != nil || chunking.isChunked {
            do { try chunking.chunkSpan != nil ? chunkWorker().run() : ChunkedWarp(warp: self, chunking: chunking).run() } catch {
                exitWithError(error)
            }
            return
        }
        if isBatch {
            let code = BatchRunner(inputs: paths, outputs: paths.map(batchOutput(for:)), arguments: forwardedArguments(),
                                   jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, quiet: quiet).run()
            if code != 0 { throw ExitCode(code) }
            return
        }
        guard let job = job.value else { exitWithError(CLIError("internal error: the options were not validated")) }
        do {
            _ = try job.run()
        } catch {
            exitWithError(error)
        }
    }
}
