import Foundation
import GStreamerBinding
import GStreamerDiscovery
import Synchronization
import WarpLaunchKit

/// `warp INPUT OUTPUT`: decode, warp video and audio with the same map, encode, mux; print the
/// plan first, a progress bar while it runs and a summary at the end. The file is written under
/// a temporary name and renamed when complete, so a failed run leaves nothing under OUTPUT.
struct WarpJob {
    var input: String
    var output: String
    var curve: CurveOptions
    /// The output frame rate; nil keeps the input's (variable when the input's is).
    var frameRate: FrameRateChoice?
    var interpolation: String?
    /// `--pitch`: follow or preserve (nil: the element's default, follow).
    var pitch: String?
    /// `--pitch-engine`: wsola or spectral (nil: the element's default).
    var pitchEngine: String? = nil
    /// `--crf`, `--preset`, `--audio-bitrate`.
    var encoder = EncoderSettings()
    /// What to do with an existing output.
    var overwrite: Overwrite = .refuse
    /// `--duration`: D in seconds, for an input whose container cannot tell it.
    var duration: Double?
    /// `--reverse`: the result is written backwards.
    var reverse = false
    /// videotimewarp frame-mode=blend (`--blend`).
    var blend = false
    /// videotimewarp frame-mode=flow (`--flow`).
    var flow = false
    var writePlot = false
    var quiet = false
    var verbose = false
    /// A name for the input in messages (the demo calls its generated clip "the test clip").
    var inputLabel: String?
    /// `-ss`, `-to`, `-t`: the part of the input to warp.
    var trim = TrimRange()
    /// `-vn`, `-an`, `-sn`, `--audio-track`, `-map`.
    var selection = StreamSelection()
    /// `-f`: the container, when the output's name does not tell it (`-`: stdout).
    var format: String?
    /// `-c:v`, `-c:a`: codecs other than the container's defaults.
    var videoCodec: String?
    var audioCodec: String?
    /// `-progress`: where the machine-readable progress goes.
    var progressTarget: ProgressFeed.Target?

    /// `-` as the output: the file goes to stdout, and every message to stderr.
    private var toStdout: Bool { output == "-" }
    /// The input's name in messages.
    private var inputName: String { input == "-" ? "stdin" : input }

    /// An existing output: refused (the default: say -y), replaced (`-y`), or kept (`-n`).
    enum Overwrite { case refuse, replace, never }

    struct Result {
        var plan: WarpPlan
        var measuredDuration: Double?
        var counters: (input: UInt64, output: UInt64, dropped: UInt64, duplicated: UInt64)?
        var plotPath: String?
    }

    private func say(_ text: String) {
        guard !quiet else { return }
        if toStdout { printError(text) } else { print(text) }
    }

    /// Runs the job; throws a `CLIError` (one line) on any failure, with no file left behind.
    /// The checks run in one order: the input (status 1), then the curve on its duration
    /// (status 2), then the output (status 1); the options were checked while parsing (status 2).
    func run() throws -> Result {
        try Gst.initialize()
        // From here SIGINT, SIGTERM, SIGHUP and SIGPIPE stop the run and remove the temporary
        // file (this `end` runs after the removal below).
        Interrupts.begin()
        defer { Interrupts.end() }
        var container = try CodecChoice.apply(video: videoCodec, audio: audioCodec,
                                              to: OutputContainer.resolve(output: output, format: format))
        var encoder = self.encoder
        // 1. The input: its duration D (the container's, or --duration) and its streams. Stdin
        // is first copied to a temporary file (created exclusively, removed at the end), so
        // that it can be probed and read like a file.
        var spool: TemporaryFile?
        defer { spool?.remove() }
        if input == "-" {
            let file = try TemporaryFile.create(beside: NSTemporaryDirectory() + "/gst-warp-launch-stdin")
            spool = file
            try Self.copyStandardInput(to: file)
            if let sig = Interrupts.take() { throw interrupted(by: sig) }
        }
        let input = spool?.path ?? self.input
        var media = try MediaInfo.discover(path: input)
        if let duration {
            guard let ns = UInt64(exactly: (duration * 1e9).rounded()), ns > 0 else {
                throw CLIError("--duration \(duration) is not a duration GStreamer can hold", exitCode: 2)
            }
            media.duration = ns
        }
        guard media.duration != UInt64.max, media.duration > 0 else {
            throw CLIError("cannot tell the duration of '\(inputName)', which the time map needs: give it with --duration SECONDS"
                           + " (the plan and a curve in fractions of D need it)")
        }
        guard media.videoStreams > 0 || media.audioStreams > 0 else {
            throw CLIError("'\(inputName)' has neither video nor audio")
        }
        // What each stream becomes (StreamChoice decides; a stream not kept is not decoded).
        let streams = StreamChoice.decide(videoStreams: media.videoStreams, audioStreams: media.audioStreams,
                                          container: container, selection: selection, streamTypes: media.streamTypes)
        if let refusal = streams.refusal { throw CLIError(refusal.replacingOccurrences(of: "INPUT", with: "'\(inputName)'")) }
        // Depth and codec family kept (issue 20): VP9 in gives VP9 in WebM; PCM has the input's
        // integer depth.
        let source = SourceFormat(videoCaps: media.videoCaps, audioCaps: media.audioCaps, audioDepth: media.audioDepth)
        if videoCodec == nil, streams.keepsVideo, let codec = source.preferredVideoCodec(for: container) {
            container = try CodecChoice.apply(video: codec.rawValue, audio: audioCodec, to: container)
        }
        if container.audio == .pcm { encoder.pcmFormat = source.pcmFormat(requested: audioCodec) }
        if !streams.keepsVideo { media.videoStreams = 0; media.video = nil }
        if !streams.keepsAudio { media.audioStreams = 0; media.audio = nil }
        // Reverse reads the input in chunks, which an MPEG-TS or MPEG-PS demuxer cannot give
        // exactly: such an input is first remuxed (no re-encoding) into a nameless Matroska file
        // beside the output, read from there, and gone at any exit (ReverseRemux).
        var remux: ReverseRemux?
        defer { remux?.close() }
        if reverse, !ReverseChunks.seeksExactly(containerType: media.containerType) {
            let copy = try ReverseRemux(input: input, videoIndex: media.videoStreams > 0 ? streams.videoIndex : nil,
                                        audioStreams: media.audioStreams,
                                        beside: toStdout ? NSTemporaryDirectory() + "/gst-warp-launch" : OutputPaths.resolvingLinks(output))
            remux = copy
            if duration == nil { media.duration = copy.duration }
            say("Remuxed:  \(inputName) is \(media.containerType == "video/mpegts" ? "MPEG-TS" : "MPEG-PS"), which cannot be read exactly in chunks: "
                + "copied without re-encoding into a temporary Matroska file (\(Format.fixed(Double(copy.size) / 1_048_576, 1)) MB, removed at the end)")
        }
        // The part to warp: its length is D.
        var part: (start: Double, end: Double)?
        let inputSeconds = media.seconds
        if trim.isGiven {
            let p = try trim.resolve(duration: media.seconds)
            part = p
            guard let ns = UInt64(exactly: ((p.end - p.start) * 1e9).rounded()), ns > 0 else {
                throw CLIError("the part from \(Format.seconds(p.start)) to \(Format.seconds(p.end)) s is empty")
            }
            media.duration = ns
        }
        let frameRate = self.frameRate ?? media.video.map { $0.fpsN > 0 && $0.fpsD > 0 ? .fixed($0.fpsN, $0.fpsD) : .any } ?? .any
        // 2. The map on that duration, refused before anything is written.
        let d = media.seconds
        // --boomerang becomes the remap keys it means, now that D is known.
        let curve = self.curve.resolvingBoomerang(duration: d)
        let remap = try curve.remapCurve(duration: d)
        if remap != nil, reverse {
            throw CLIError("--reverse and a remap curve both set the direction: write the backwards part into --remap", exitCode: 2)
        }
        let map = try curve.makeMap(duration: d)
        if let warning = curve.secondsPastEnd(duration: d), !quiet { printError("warning: \(warning)") }

        // 3. The output: not the input (by device and inode, whatever the names and links), not
        // a directory, not an existing file without -y, an existing and writable directory, the
        // encoders at hand.
        var plotPath: String?
        var destination = ""
        if !toStdout {
            try OutputGuard.check(output, against: [("input", input)])
            plotPath = writePlot ? OutputPaths.plot(for: output) : nil
            if let plotPath {
                try OutputGuard.check(plotPath, role: "plot", against: [("input", input), ("output", output)])
            }
            try encoder.check(for: container)
            for (role, path) in [("output", Optional(output)), ("plot", plotPath)] {
                guard let path, FileIdentity(path: path) != nil else { continue }
                switch overwrite {
                case .replace: break
                case .never: throw CLIError("the \(role) '\(path)' exists, and -n says not to overwrite it")
                case .refuse: throw CLIError("the \(role) '\(path)' exists: give -y to overwrite it (or -n never to)")
                }
            }
            // A link is written through: the file it leads to is replaced, the link stays.
            destination = OutputPaths.resolvingLinks(output)
            let dir = OutputPaths.directory(of: destination)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw CLIError("the output directory '\(dir)' does not exist")
            }
            guard FileManager.default.isWritableFile(atPath: dir) else {
                throw CLIError("the output directory '\(dir)' is not writable")
            }
        }
        for element in container.requiredElements where !Gst.hasElement(element) {
            throw CLIError("the GStreamer element '\(element)' is missing, needed for .\(container.fileExtension) "
                           + "(run scripts/install-deps.sh, or install gstreamer1.0-plugins-good, -ugly and gstreamer1.0-libav)")
        }
        var plan = WarpPlan(map: map, inputDuration: d, inputFrames: media.estimatedFrames, frameRate: frameRate, remap: remap)
        plan.blend = blend
        plan.flow = flow
        plan.preservesPitch = pitch == "preserve"
        printPlan(plan, curve: curve, media: media, container: container, encoder: encoder, durationGiven: duration != nil, part: part,
                  inputSeconds: inputSeconds)
        // Each stream that cannot be carried, named (on stderr, even with -q): never left out silently.
        var dropped = streams.dropped
        if reverse, media.chapters > 0, !streams.keepsVideo || media.videoStreams == 0,
           container.muxer.hasPrefix("matroskamux") || container.muxer.hasPrefix("webmmux") {
            dropped.append("chapters: not written in a reversed output without video")
        }
        // Only Matroska and WebM take the (warped) chapters: mp4mux and qtmux (GStreamer 1.22)
        // write none, and the audio formats have no place for them.
        if media.chapters > 0, !container.muxer.hasPrefix("matroskamux"), !container.muxer.hasPrefix("webmmux") {
            dropped.append("\(media.chapters) chapter\(media.chapters == 1 ? "" : "s"): not written in .\(container.fileExtension) output "
                           + "(.mkv and .webm keep them)")
        }
        // mp4mux and qtmux (GStreamer 1.22) write no track names either; the languages stay.
        let named = streams.audioIndices.compactMap { media.audioTitles.indices.contains($0) ? media.audioTitles[$0] : nil }
            .filter { !$0.isEmpty }
        if !named.isEmpty, container.isQuickTime {
            dropped.append("the audio track name\(named.count == 1 ? "" : "s") \(named.map { "\"\($0)\"" }.joined(separator: ", ")): "
                           + "not written in .\(container.fileExtension) output (.mkv and .webm keep them)")
        }
        for line in dropped { printError("dropped: \(line)") }
        fflush(nil)  // a reader that went away (SIGPIPE) stops the run before anything is written
        if let sig = Interrupts.take() { throw interrupted(by: sig) }

        // 4. The pipeline, into a temporary file created exclusively beside the output and
        // written through its descriptor.
        // Stdout: written as it comes (the container is a streaming one).
        let file = toStdout ? nil : try TemporaryFile.create(beside: destination)
        let temporary = file?.path ?? "-"
        var keepTemporary = false
        var closed = false
        defer {
            if !closed { file?.close() }
            if !keepTemporary { file?.remove() }
        }
        // Reverse: the tool's own reader (ReverseReader) reads the input forwards one keyframe
        // interval at a time, last first, from a bounded store, into the warp pipeline.
        let audioURI: String? = nil
        let reader = reverse ? try ReverseReader(uri: try Gst.uri(forPath: remux?.path ?? input),
                                                 videoIndex: media.videoStreams > 0 ? (remux == nil ? streams.videoIndex : 0) : nil,
                                                 audioIndices: media.audioStreams > 0 ? streams.audioIndices : [],
                                                 subtitleIndices: streams.subtitleIndices, subtitleURI: try Gst.uri(forPath: input),
                                                 keepsSSA: container.keepsSSA,
                                                 warp: { ns in UInt64(max(0, (map.warp(Double(ns) / 1e9) * 1e9).rounded())) },
                                                 duration: media.duration, memoryLimit: ReverseReader.memoryLimit,
                                                 beside: toStdout ? NSTemporaryDirectory() + "/gst-warp-launch" : destination) : nil
        defer { reader?.stop() }
        if let reader {
            say("Reverse:  read in \(reader.chunks.count) chunk\(reader.chunks.count == 1 ? "" : "s") (keyframe intervals), last first; "
                + "decoded frames past \(Format.fixed(Double(reader.store.memoryLimit) / 1_048_576, 1)) MB wait in a temporary file")
        }
        let graph = try WarpGraph(uri: try Gst.uri(forPath: input), descriptor: file?.descriptor ?? STDOUT_FILENO, media: media,
                                  container: container, encoder: encoder, curve: curve, durationNs: media.duration,
                                  frameRate: frameRate, interpolation: interpolation, reverse: reverse, audioURI: audioURI,
                                  blend: blend, flow: flow, pitch: pitch, pitchEngine: pitchEngine, streams: streams,
                                  part: part.map { (UInt64(($0.start * 1e9).rounded()), UInt64(($0.end * 1e9).rounded())) },
                                  reader: reader)
        defer { graph.release() }
        // A pipe's Matroska: the muxer writes no Duration when streamable; the expected one goes
        // into the header it writes first.
        if toStdout, container.muxer.hasPrefix("matroskamux") || container.muxer.hasPrefix("webmmux"),
           let pad = graph.pipeline.child("mux")?.staticPad("src") {
            let seconds = plan.outputDuration
            let looked = BuffersLooked()
            pad.addBytesProbe { bytes in
                // The header comes in the first buffers; a few at most are looked at.
                let n = looked.count.withLock { $0 += 1; return $0 }
                switch MatroskaStreamDuration.adding(seconds: seconds, to: bytes) {
                case .added(let patched): return (patched, true)
                case .notYet: return (nil, n >= 8)
                case .stop: return (nil, true)
                }
            }
        }

        let progress = quiet ? nil : ProgressReporter()
        let feed = try progressTarget.map { try ProgressWriter(target: $0) }
        let started = Date()
        var runner = PipelineRunner(options: .init(verbose: verbose, quiet: quiet, eosOnShutdown: false,
                                                   progress: !quiet, brief: true))
        runner.onTick = { _, finished in
            progress?.update(position: Double(graph.position) / 1e9,
                             duration: plan.outputDuration, finished: finished)
            // The last block (progress=end) is written once the file is complete.
            if !finished {
                feed?.write(ProgressFeed.block(outputSeconds: Double(graph.position) / 1e9, frames: graph.framesOut,
                                               elapsed: Date().timeIntervalSince(started), finished: false,
                                               expectedSeconds: plan.outputDuration, inputSeconds: d))
            }
        }
        defer { feed?.close() }
        var counters: (input: UInt64, output: UInt64, dropped: UInt64, duplicated: UInt64)?
        runner.afterRun = { _ in counters = graph.counters() }
        defer { if let line = graph.damageLine { printError(line) } }
        reader?.start()
        let outcome = runner.run(pipeline: graph.pipeline)
        if let sig = outcome.signal { throw interrupted(by: sig) }
        if let reader {
            reader.stop()
            if let sig = Interrupts.take() { throw interrupted(by: sig) }
            if let failure = reader.failure {
                throw CLIError("reversing '\(inputName)' failed: \(failure)" + (toStdout ? "" : "; nothing was written to '\(output)'"))
            }
            if reader.spilledBytes > 0 {
                say("Reverse:  \(Format.fixed(Double(reader.spilledBytes) / 1_048_576, 1)) MB of decoded frames spilled to the temporary file (removed)")
            }
        }
        if let error = outcome.error {
            throw CLIError("warping '\(inputName)' failed: \(error)" + (toStdout ? "" : "; nothing was written to '\(output)'"))
        }
        // A damaged or truncated input decodes without an error but ends early.
        let reached = Double(graph.position) / 1e9
        if reached < plan.outputDuration - 0.5 {
            throw CLIError("'\(inputName)' ends early: decoding stopped at \(Format.seconds(map.unwarp(reached))) s "
                           + "of its \(Format.seconds(d)) s (the file is truncated or damaged); "
                           + "nothing was written to '\(output)'")
        }

        // 5. Complete (unless a signal came at the very end): the AAC priming signalled, moved
        // into place, measured, plotted.
        if let sig = Interrupts.take() { throw interrupted(by: sig) }
        guard let file else {
            let result = Result(plan: plan, measuredDuration: nil, counters: counters, plotPath: nil)
            feed?.write(ProgressFeed.block(outputSeconds: Double(graph.position) / 1e9, frames: counters?.output,
                                           elapsed: Date().timeIntervalSince(started), finished: true,
                                           expectedSeconds: plan.outputDuration, inputSeconds: d))
            printSummary(result, media: media, frameRate: frameRate)
            return result
        }
        closed = true
        guard file.close() else {
            throw CLIError("writing '\(output)' failed: \(SystemError.text(errno)); nothing was written to it")
        }
        if let priming = container.primingFrames, let audio = graph.audioFed, audio.samples > 0 {
            do {
                try MP4EditList.signalPriming(path: temporary, priming: priming, samples: audio.samples, sampleRate: audio.rate)
            } catch {
                throw CLIError("\(error.message); nothing was written to '\(output)'")
            }
        }
        // matroskamux 1.22 writes tag values serialized (`"My\\ Film:\\ a\\ test"`): put back the text.
        if container.muxer.hasPrefix("matroskamux") || container.muxer.hasPrefix("webmmux") {
            MatroskaTagText.unmangle(path: temporary)
        }
        guard rename(temporary, destination) == 0 else {
            throw CLIError("could not rename '\(temporary)' to '\(output)': \(SystemError.text(errno))")
        }
        keepTemporary = true
        let measured = try? MediaInfo.discover(path: destination)
        if let plotPath {
            // The plot was refused up front when it existed without -y.
            if let remap {
                try TextFile.write(RemapSVGPlot(curve: remap, title: curve.summary).render(), to: plotPath)
            } else {
                let plot = CurvePlot(title: curve.summary, map: map, duration: d,
                                     frames: frameRate == .any ? media.estimatedFrames : nil)
                try TextFile.write(SVGPlot(plot: plot).render(), to: plotPath)
            }
        }
        let result = Result(plan: plan, measuredDuration: measured?.seconds, counters: counters, plotPath: plotPath)
        feed?.write(ProgressFeed.block(outputSeconds: Double(graph.position) / 1e9, frames: counters?.output,
                                       elapsed: Date().timeIntervalSince(started), finished: true,
                                           expectedSeconds: plan.outputDuration, inputSeconds: d))
        printSummary(result, media: media, frameRate: frameRate)
        return result
    }

    /// Copies stdin into `file` (stopping at a signal).
    private static func copyStandardInput(to file: TemporaryFile) throws {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if n == 0 { return }
            if n < 0 {
                if errno == EINTR { if Interrupts.pending { return } else { continue } }
                throw CLIError("cannot read stdin: \(SystemError.text(errno))")
            }
            var written = 0
            while written < n {
                let w = buffer.withUnsafeBytes { write(file.descriptor, $0.baseAddress! + written, n - written) }
                if w < 0 {
                    if errno == EINTR { continue }
                    throw CLIError("cannot copy stdin to a temporary file: \(SystemError.text(errno))")
                }
                written += w
            }
        }
    }

    /// The error after a signal: exit status 128 + the signal (130 for Ctrl-C).
    private func interrupted(by sig: Int32) -> CLIError {
        let how = sig == SIGINT ? "interrupted" : "interrupted by \(Interrupts.name(sig))"
        return CLIError("\(how): nothing was written to '\(output)'", exitCode: Interrupts.exitCode(sig))
    }

    private func printPlan(_ plan: WarpPlan, curve: CurveOptions, media: MediaInfo, container: OutputContainer, encoder: EncoderSettings,
                           durationGiven: Bool,
                           part: (start: Double, end: Double)?, inputSeconds: Double) {
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
        say("Input:    \(inputLabel ?? inputName): \(Format.seconds(inputSeconds)) s\(durationGiven ? " (--duration)" : ""), "
            + streams.joined(separator: "; "))
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
            let source = SourceFormat(videoCaps: media.videoCaps)
            for line in source.videoConversions(to: codec, width: v.width, height: v.height) { say("Converted: \(line)") }
        }
        // The default (follow) is not mentioned: plans without --pitch read as before.
        if media.audioStreams > 0, plan.preservesPitch { say("Pitch:    \(plan.pitchText)") }
        say("Expected output duration: \(plan.expectedDurationText)")
    }

    private func printSummary(_ r: Result, media: MediaInfo, frameRate: FrameRateChoice) {
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
}

/// How many of the muxer's buffers the header probe has looked at.
private final class BuffersLooked: Sendable {
    let count = Mutex(0)
}
