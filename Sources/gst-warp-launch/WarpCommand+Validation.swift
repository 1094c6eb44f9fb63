import ArgumentParser
import TimeWarpMap
import WarpLaunchKit

/// `warp`'s usage errors (status 2), all before any file is looked at: contradictions, values
/// out of range, an output extension it cannot write, and options that would do nothing,
/// refused alike ("--X has no effect with --Y (why): give one of them"). Each text option is
/// parsed here, once, into the typed `WarpJob`.
extension WarpCommand {
    /// Checks the command line and, for one input, keeps its typed job for `run()`.
    mutating func validate() throws {
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
                _ = try typedJob(input: input, output: out)
            }
            return
        }
        if jobs != nil { throw ValidationError("-j has no effect without -o DIR (one file is warped): give one of them") }
        guard paths.count == 2 else {
            throw ValidationError(paths.count < 2 ? "give INPUT and OUTPUT (or several inputs with -o DIR)"
                                                  : "\(paths.count) files given: give INPUT OUTPUT, or the inputs with -o DIR")
        }
        job.value = try typedJob(input: input, output: output)
        try chunking.validate(self)
    }

    /// The job of `input` into `output`, every option checked and typed, in the order the
    /// checks have always run.
    private func typedJob(input: String, output: String) throws -> WarpJob {
        let (frameMode, frameRate) = try frameChoice()
        if let shutterAngle {
            guard flow else { throw ValidationError("--shutter-angle needs --flow (the blur follows the optical flow)") }
            guard (0...360).contains(shutterAngle) else {
                throw ValidationError("--shutter-angle must be between 0 and 360 degrees")
            }
        }
        if pitchEngine != nil, pitch != .preserve {
            throw noEffect("--pitch-engine", "--pitch \((pitch ?? .propertyDefault).nick)", "only the pitch-preserving stretcher has engines")
        }
        if interpolation != nil, pitch == .preserve {
            throw noEffect("--interpolation", "--pitch preserve", "the pitch-preserving stretcher does not resample")
        }
        if let duration, !(duration.isFinite && duration > 0) { throw ValidationError("--duration must be a positive number of seconds") }
        let trim = try trimRange()
        let selection: StreamSelection
        do { selection = try self.selection } catch { throw ValidationError(error.message) }
        if let contradiction = Overwrite.contradiction(replace: overwrite, never: neverOverwrite) {
            throw ValidationError(contradiction)
        }
        let progressTarget = try progressTarget(output: output)
        if quiet && verbose { throw ValidationError("-q and -v contradict each other: give one") }
        let format = try outputFormat(input: input, output: output)
        try checkStreamOptions(for: format.container)
        return WarpJob(input: input, output: output, outputFormat: format, curve: curve.options, frameRate: frameRate,
                       frameMode: frameMode, shutterAngle: shutterAngle, interpolation: interpolation, pitch: pitch, pitchEngine: pitchEngine, encoder: encoder,
                       overwrite: Overwrite(replace: overwrite, never: neverOverwrite), duration: duration, reverse: reverse,
                       writePlot: plot, quiet: quiet, verbose: verbose, trim: trim, selection: selection,
                       progressTarget: progressTarget)
    }

    /// "--X has no effect with --Y (why): give one of them".
    private func noEffect(_ option: String, _ with: String, _ why: String) -> ValidationError {
        ValidationError("\(option) has no effect with \(with) (\(why)): give one of them")
    }

    /// `--blend`, `--flow` and `--reverse` together, and `--fps`: the frame mode and rate.
    private func frameChoice() throws -> (FrameMode, FrameRateChoice?) {
        if reverse && blend { throw noEffect("--blend", "--reverse", "reversed frames are shown nearest") }
        if reverse && flow { throw noEffect("--flow", "--reverse", "reversed frames are shown nearest") }
        if blend && flow { throw ValidationError("--blend and --flow are two frame modes: give one") }
        let frameMode: FrameMode = blend ? .blend : flow ? .flow : .propertyDefault
        guard let fps else { return (frameMode, nil) }
        guard let rate = FrameRateChoice(argument: fps) else {
            throw ValidationError(FrameRateChoice.refusal(fps) ?? "--fps \(fps) is not a frame rate")
        }
        if blend, rate == .any {
            throw noEffect("--blend", "--fps any", "every frame is kept as it is, none is made by blending")
        }
        if flow, rate == .any {
            throw noEffect("--flow", "--fps any", "every frame is kept as it is, none is made along the motion")
        }
        return (frameMode, rate)
    }

    /// `-ss`, `-to`, `-t`: times, consistent, and not with `--reverse`.
    private func trimRange() throws -> TrimRange {
        var seconds: [Double?] = []
        for (name, value) in [("-ss", ss), ("-to", to), ("-t", t)] {
            guard let value else { seconds.append(nil); continue }
            guard let time = TrimRange.seconds(value) else {
                throw ValidationError("\(name) '\(value)' is not a time: give seconds (5, 2.5) or [hh:]mm:ss[.frac] (1:30, 00:01:30.5)")
            }
            seconds.append(time)
        }
        let trim = TrimRange(start: seconds[0], end: seconds[1], length: seconds[2])
        if let problem = trim.usageError { throw ValidationError(problem) }
        if reverse, trim.isGiven { throw ValidationError("--reverse with -ss/-to/-t is not supported: trim first, then reverse") }
        return trim
    }

    /// `-progress`: where the feed goes (not stdout when the output is stdout).
    private func progressTarget(output: String) throws -> ProgressFeed.Target? {
        guard let progressURL else { return nil }
        guard let target = ProgressFeed.Target(progressURL) else {
            throw ValidationError("-progress '\(progressURL)': give -, pipe:N, file:PATH or a path (no network URLs)")
        }
        if target == .descriptor(1), output == "-" {
            throw ValidationError("-progress - and the output - both write to stdout: give -progress pipe:2 or a file")
        }
        return target
    }

    /// `-f`, `-c:v`, `-c:a` and the encoder options against the container; `--plot` and
    /// `--reverse` against stdout and stdin.
    private func outputFormat(input: String, output: String) throws -> OutputFormat {
        let format: OutputFormat
        do {
            format = try OutputFormat.resolve(output: output, format: self.format, videoCodec: videoCodec, audioCodec: audioCodec)
        } catch {
            throw ValidationError(error.message)
        }
        if output == "-", plot { throw ValidationError("--plot writes beside the output file, and the output is stdout: give a file name") }
        if input == "-", reverse { throw ValidationError("--reverse reads the input twice, which stdin cannot: give a file") }
        do { try encoder.check(for: format.container) } catch { throw ValidationError(error.message) }
        return format
    }

    /// Video options for a container or a command line without video, audio options without
    /// audio.
    private func checkStreamOptions(for container: OutputContainer) throws {
        let ext = ".\(container.fileExtension)"
        if container.isAudioOnly {
            if fps != nil { throw noEffect("--fps", ext, "it holds audio only") }
            if blend { throw noEffect("--blend", ext, "it holds audio only") }
            if flow { throw noEffect("--flow", ext, "it holds audio only") }
            if noVideo { throw noEffect("-vn", ext, "it holds audio only") }
            if noAudio { throw ValidationError("-an leaves nothing to write in \(ext), which holds audio only") }
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
}
