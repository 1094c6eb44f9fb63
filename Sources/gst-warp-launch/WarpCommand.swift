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

    @Flag(help: "Move frames along their motion (videotimewarp frame-mode=flow, optical flow): the smoothest slow motion; speed-ups as --blend.")
    var flow = false

    @Option(help: ArgumentHelp("Audio pitch: \(AudioPitch.follow.nick) (moves with the speed, as tape) or \(AudioPitch.preserve.nick) (only the tempo follows the curve) (default \(AudioPitch.propertyDefault.nick)).",
                               valueName: "mode"),
            completion: .list(AudioPitch.allValueStrings),
            transform: AudioPitch.parser { AudioPitch.mustBe("--pitch", $0) })
    var pitch: AudioPitch?

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
        opt("--speed", curve.speed)
        opt("--function", curve.function?.nick)
        opt("--factor", curve.factor.map(CurveOptions.number))
        opt("--modifier", curve.modifier.map(CurveOptions.number))
        opt("--keyframes", curve.keyframes)
        opt("--expression", curve.expression)
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
        opt("--pitch", pitch?.nick)
        flag("--plot", plot)
        return a
    }

    var encoder: EncoderSettings { EncoderSettings(crf: crf, preset: preset, audioBitrate: audioBitrate, keyint: keyint) }

    /// `-ss`, `-to`, `-t` (checked in `validate`).
    var trim: TrimRange {
        TrimRange(start: ss.flatMap(TrimRange.seconds), end: to.flatMap(TrimRange.seconds), length: t.flatMap(TrimRange.seconds))
    }

    /// `-vn`, `-an`, `-sn`, `--audio-track`, `-map`.
    var selection: StreamSelection {
        get throws(CLIError) {
            try StreamSelection(noVideo: noVideo, noAudio: noAudio, noSubtitles: noSubtitles, audioTrack: audioTrack, maps: map)
        }
    }

    /// Usage errors (status 2), all before any file is looked at: contradictions, values out of
    /// range, an output extension it cannot write, and options that would do nothing, refused
    /// alike ("--X has no effect with --Y (why): give one of them").
    func validate() throws {
        if chunking.chunkSpan != nil { return try chunking.validateWorker(paths: paths) }
        if isBatch {
            guard !paths.isEmpty else { throw ValidationError("-o DIR warps the inputs given before it: give at least one") }
            if paths.contains("-") { throw ValidationError("a batch (-o DIR) reads files: stdin (-) is for one input") }
            if let jobs, jobs < 1 { throw ValidationError("-j must be at least 1, got \(jobs)") }
            if progressURL != nil { throw ValidationError("-progress follows one file: a batch draws one bar for all (give one input)") }
            var seen: [String: String] = [:]
            for input in paths {
                let out = batchOutput(for: input)
                if let other = seen[out] {
                    throw ValidationError("'\(other)' and '\(input)' would both be written to '\(out)': rename one, or warp them in two batches")
                }
                seen[out] = input
                try validateOne(output: out)
            }
            return
        }
        if jobs != nil { throw ValidationError("-j has no effect without -o DIR (one file is warped): give one of them") }
        guard paths.count == 2 else {
            throw ValidationError(paths.count < 2 ? "give INPUT and OUTPUT (or several inputs with -o DIR)"
                                                  : "\(paths.count) files given: give INPUT OUTPUT, or the inputs with -o DIR")
        }
        try validateOne(output: output)
        try chunking.validate(self)
    }

    private func validateOne(output: String) throws {
        func noEffect(_ option: String, _ with: String, _ why: String) -> ValidationError {
            ValidationError("\(option) has no effect with \(with) (\(why)): give one of them")
        }
        if reverse && blend { throw noEffect("--blend", "--reverse", "reversed frames are shown nearest") }
        if reverse && flow { throw noEffect("--flow", "--reverse", "reversed frames are shown nearest") }
        if blend && flow { throw ValidationError("--blend and --flow are two frame modes: give one") }
        if let fps {
            if let refusal = FrameRateChoice.refusal(fps) { throw ValidationError(refusal) }
            if blend, FrameRateChoice(argument: fps) == .any {
                throw noEffect("--blend", "--fps any", "every frame is kept as it is, none is made by blending")
            }
            if flow, FrameRateChoice(argument: fps) == .any {
                throw noEffect("--flow", "--fps any", "every frame is kept as it is, none is made along the motion")
            }
        }
        if interpolation != nil, pitch == .preserve {
            throw noEffect("--interpolation", "--pitch preserve", "the pitch-preserving stretcher does not resample")
        }
        if let duration, !(duration.isFinite && duration > 0) { throw ValidationError("--duration must be a positive number of seconds") }
        for (name, value) in [("-ss", ss), ("-to", to), ("-t", t)] {
            if let value, TrimRange.seconds(value) == nil {
                throw ValidationError("\(name) '\(value)' is not a time: give seconds (5, 2.5) or [hh:]mm:ss[.frac] (1:30, 00:01:30.5)")
            }
        }
        if let problem = trim.usageError { throw ValidationError(problem) }
        if reverse, trim.isGiven { throw ValidationError("--reverse with -ss/-to/-t is not supported: trim first, then reverse") }
        do { _ = try selection } catch { throw ValidationError(error.message) }
        if overwrite && neverOverwrite { throw ValidationError("-y and -n contradict each other: give one") }
        if let progressURL {
            guard let target = ProgressFeed.Target(progressURL) else {
                throw ValidationError("-progress '\(progressURL)': give -, pipe:N, file:PATH or a path (no network URLs)")
            }
            if target == .descriptor(1), output == "-" {
                throw ValidationError("-progress - and the output - both write to stdout: give -progress pipe:2 or a file")
            }
        }
        if quiet && verbose { throw ValidationError("-q and -v contradict each other: give one") }
        let container: OutputContainer
        do {
            container = try CodecChoice.apply(video: videoCodec, audio: audioCodec,
                                              to: OutputContainer.resolve(output: output, format: format))
        } catch {
            throw ValidationError(error.message)
        }
        if output == "-", plot { throw ValidationError("--plot writes beside the output file, and the output is stdout: give a file name") }
        if input == "-", reverse { throw ValidationError("--reverse reads the input twice, which stdin cannot: give a file") }
        do { try encoder.check(for: container) } catch { throw ValidationError(error.message) }
        if container.isAudioOnly {
            if fps != nil { throw noEffect("--fps", ".\(container.fileExtension)", "it holds audio only") }
            if blend { throw noEffect("--blend", ".\(container.fileExtension)", "it holds audio only") }
            if flow { throw noEffect("--flow", ".\(container.fileExtension)", "it holds audio only") }
            if noVideo { throw noEffect("-vn", ".\(container.fileExtension)", "it holds audio only") }
            if noAudio { throw ValidationError("-an leaves nothing to write in .\(container.fileExtension), which holds audio only") }
        }
        if noVideo {
            if fps != nil { throw noEffect("--fps", "-vn", "no video is written") }
            if blend { throw noEffect("--blend", "-vn", "no video is written") }
            if flow { throw noEffect("--flow", "-vn", "no video is written") }
        }
        if noAudio {
            if interpolation != nil { throw noEffect("--interpolation", "-an", "no audio is written") }
            if pitch != nil { throw noEffect("--pitch", "-an", "no audio is written") }
        }
    }

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
        let job = WarpJob(input: input, output: output, curve: curve.options,
                          frameRate: fps.flatMap { FrameRateChoice(argument: $0) }, interpolation: interpolation?.nick,
                          pitch: pitch?.nick, encoder: encoder, overwrite: overwrite ? .replace : neverOverwrite ? .never : .refuse,
                          duration: duration, reverse: reverse, blend: blend, flow: flow, writePlot: plot, quiet: quiet, verbose: verbose,
                          trim: trim, selection: (try? selection) ?? StreamSelection(), format: format,
                          videoCodec: videoCodec, audioCodec: audioCodec,
                          progressTarget: progressURL.flatMap(ProgressFeed.Target.init))
        do {
            _ = try job.run()
        } catch {
            exitWithError(error)
        }
    }
}

/// `gst-warp-launch plot [curve options] [--duration S] [-o FILE.svg]`.
struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Plot a curve: the scale s(u) with its minimum and maximum, the map T(t), the expected duration.",
        discussion: """
            Without -o the plot is drawn in the terminal; with -o FILE.svg it is written as SVG \
            (an existing file is replaced only with -y). Without a curve option the curve is the \
            elements' default, constant 1.

              gst-warp-launch plot --function cosine --factor 0.5 --duration 10
              gst-warp-launch plot --speed '0:100%, 0.5:25%:smooth, 1:100%' --duration 10
            """
    )

    @OptionGroup(title: "Curve")
    var curve: CurveArguments

    @Option(help: ArgumentHelp("The media duration D in seconds (for T(t) in seconds and the expected duration).",
                               valueName: "seconds"))
    var duration: Double?

    @Option(help: ArgumentHelp("The number of input frames, for the average frame rate of a variable-rate output.",
                               valueName: "n"))
    var frames: Int?

    @Option(name: .shortAndLong, help: ArgumentHelp("Write an SVG file instead of drawing in the terminal.",
                                                    valueName: "file.svg"))
    var output: String?

    @Option(help: "Terminal plot width in characters.")
    var width = 60

    @Flag(name: .customShort("y"), help: "Overwrite the -o file if it exists.")
    var overwrite = false

    @Flag(name: .customShort("n"), help: "Never overwrite: fail if the -o file exists.")
    var neverOverwrite = false

    @Flag(help: "Draw with ASCII characters instead of Braille dots.")
    var ascii = false

    func validate() throws {
        if let duration, !(duration.isFinite && duration > 0) { throw ValidationError("--duration must be positive") }
        if let frames, frames <= 0 { throw ValidationError("--frames must be positive") }
        if !(10...TerminalPlot.maximumSize).contains(width) {
            throw ValidationError("--width must be between 10 and \(TerminalPlot.maximumSize)")
        }
        if overwrite && neverOverwrite { throw ValidationError("-y and -n contradict each other: give one") }
        if let output {
            let name = output.split(separator: "/").last.map(String.init) ?? output
            let ext = name.lastIndex(of: ".").map { name[name.index(after: $0)...].lowercased() }
            guard ext == "svg" else {
                throw ValidationError("plot writes SVG only: give -o a name ending in .svg (got '\(output)')")
            }
        } else if overwrite || neverOverwrite {
            throw ValidationError("\(overwrite ? "-y" : "-n") has no effect without -o (the plot is drawn in the terminal): give one of them")
        }
    }

    func run() throws {
        do {
            let plot = try CurvePlot(options: curve.options, duration: duration, frames: frames)
            if let output {
                // Plot reads no file: the guard refuses a directory; a link is written through;
                // an existing file is replaced only with -y.
                try OutputGuard.check(output)
                if FileIdentity(path: output) != nil {
                    if neverOverwrite { throw CLIError("the output '\(output)' exists, and -n says not to overwrite it") }
                    if !overwrite { throw CLIError("the output '\(output)' exists: give -y to overwrite it (or -n never to)") }
                }
                let dir = OutputPaths.directory(of: OutputPaths.resolvingLinks(output))
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDirectory), isDirectory.boolValue else {
                    throw CLIError("the output directory '\(dir)' does not exist")
                }
                // A signal while writing still removes the temporary file (then ends the process).
                Interrupts.begin()
                defer { Interrupts.end() }
                try TextFile.write(SVGPlot(plot: plot).render(), to: output)
                print("Wrote \(output)")
                plot.caption.forEach { print($0) }
            } else {
                print(TerminalPlot(plot: plot, columns: width, ascii: ascii || !terminalSupportsUTF8).render(),
                      terminator: "")
            }
        } catch {
            exitWithError(error)
        }
    }
}
