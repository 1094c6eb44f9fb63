import Foundation
import GStreamerBinding
import GStreamerDiscovery
import TimeWarpMap
import WarpLaunchKit

/// `warp INPUT OUTPUT`: decode, warp video and audio with the same map, encode, mux; print the
/// plan first, a progress bar while it runs and a summary at the end. The file is written under
/// a temporary name and renamed when complete, so a failed run leaves nothing under OUTPUT.
/// Every option is typed here (`WarpCommand.validate` parsed them); values become GStreamer
/// strings only as the pipeline is built (`WarpElementSettings`, `EncoderSettings`).
struct WarpJob {
    /// The input file (`-`: stdin).
    var input: String
    /// The output file (`-`: stdout).
    var output: String
    /// `-f`, `-c:v`, `-c:a`: the container and the codecs asked for.
    var outputFormat: OutputFormat
    /// The curve (`--speed`, `--function`, ...).
    var curve: CurveOptions
    /// The output frame rate; nil keeps the input's (variable when the input's is).
    var frameRate: FrameRateChoice?
    /// videotimewarp's frame mode: `--blend`, `--flow`, else nearest.
    var frameMode = FrameMode.propertyDefault
    /// `--shutter-angle`: with `--flow`, the share of a speed-up's span blurred along the motion
    /// (nil: the element's default).
    var shutterAngle: Double?
    /// `--interpolation` (nil: the element's default).
    var interpolation: AudioInterpolation?
    /// `--pitch` (nil: the element's default, follow).
    var pitch: AudioPitch?
    /// `--pitch-engine` (nil: the element's default, wsola).
    var pitchEngine: AudioPitchEngine?
    /// `--crf`, `--preset`, `--audio-bitrate`.
    var encoder = EncoderSettings()
    /// What to do with an existing output (and plot).
    var overwrite = Overwrite.refuse
    /// `--duration`: D in seconds, for an input whose container cannot tell it.
    var duration: Double?
    /// `--reverse`: the result is written backwards.
    var reverse = false
    /// `--plot`: the plot of the curve beside the output.
    var writePlot = false
    /// `-q`: only errors.
    var quiet = false
    /// `-v`: warnings and the debug details of errors.
    var verbose = false
    /// A name for the input in messages (the demo calls its generated clip "the test clip").
    var inputLabel: String?
    /// `-ss`, `-to`, `-t`: the part of the input to warp.
    var trim = TrimRange()
    /// `-vn`, `-an`, `-sn`, `--audio-track`, `-map`.
    var selection = StreamSelection()
    /// `-progress`: where the machine-readable progress goes.
    var progressTarget: ProgressFeed.Target?

    /// `-` as the output: the file goes to stdout, and every message to stderr.
    var toStdout: Bool { output == "-" }
    /// The input's name in messages.
    var inputName: String { input == "-" ? "stdin" : input }

    /// What a run did: its plan, the written file's measured duration, the video counters and
    /// the plot written.
    struct Result {
        /// The plan the run followed.
        var plan: WarpPlan
        /// The written file's duration, measured (nil for stdout).
        var measuredDuration: Double?
        /// videotimewarp's counters (nil without video).
        var counters: WarpCounters?
        /// The plot written (`--plot`).
        var plotPath: String?
    }

    /// Prints a line of the plan or summary (to stderr when the file goes to stdout), unless `-q`.
    func say(_ text: String) {
        guard !quiet else { return }
        if toStdout { printError(text) } else { print(text) }
    }

    /// Runs the job; throws a `CLIError` (one line) on any failure, with no file left behind.
    /// The checks run in one order: the input (status 1), then the curve on its duration
    /// (status 2), then the output (status 1); the options were checked while parsing (status 2).
    func run() throws -> Result {
        // --reverse holds a keyframe interval of decoded frames at a time: their blocks are
        // mapped on their own and returned on free (LargeBlockAllocation).
        if reverse { LargeBlockAllocation.mapLargeBlocks() }
        try Gst.initialize()
        // From here SIGINT, SIGTERM, SIGHUP and SIGPIPE stop the run and remove the temporary
        // file (this `end` runs after the removal below).
        Interrupts.begin()
        defer { Interrupts.end() }
        // 1. The input: its duration D (the container's, or --duration) and its streams; stdin
        // copied to a temporary file first, an MPEG-TS/PS input remuxed for --reverse, the part.
        let spool = try spoolStandardInput()
        defer { spool?.remove() }
        var source = try discoverInput(at: spool?.path ?? input)
        let remux = try remuxForReverse(&source)
        defer { remux?.close() }
        let inputSeconds = source.media.seconds
        let part = try cutPart(&source)
        // 2. The map on that duration, refused before anything is written.
        let mapping = try mapOnDuration(of: source)
        // 3. The output, checked; the plan printed and each stream that cannot be carried named.
        let target = try checkOutput(for: source)
        let plan = makePlan(source, mapping)
        printPlan(plan, curve: mapping.curve, source: source, part: part, inputSeconds: inputSeconds)
        try reportDropped(source)
        // 4. The pipeline, into a temporary file created exclusively beside the output and
        // written through its descriptor (stdout: written as it comes, in a streaming container).
        let file = toStdout ? nil : try TemporaryFile.create(beside: target.destination)
        var keepTemporary = false
        var closed = false
        defer {
            if !closed { file?.close() }
            if !keepTemporary { file?.remove() }
        }
        let reader = try makeReverseReader(source, remux: remux, map: mapping.map, beside: target.destination)
        defer { reader?.stop() }
        let graph = try makeGraph(source, mapping, plan: plan, part: part, descriptor: file?.descriptor ?? STDOUT_FILENO, reader: reader)
        defer { graph.release() }
        let feed = try progressTarget.map { try ProgressWriter(target: $0) }
        defer { feed?.close() }
        defer { if let line = graph.damageLine { printError(line) } }
        let run = WarpRun(graph: graph, plan: plan, feed: feed, inputSeconds: mapping.seconds)
        let counters = try runPipeline(run, reader: reader, map: mapping.map)
        // 5. Complete (unless a signal came at the very end): the AAC priming signalled, moved
        // into place, measured, plotted.
        if let sig = Interrupts.take() { throw interrupted(by: sig) }
        guard let file else {
            return finish(Result(plan: plan, counters: counters), run: run, source: source, frameRate: mapping.frameRate)
        }
        closed = true
        guard file.close() else {
            throw CLIError("writing '\(output)' failed: \(SystemError.text(errno)); nothing was written to it")
        }
        try complete(file.path, as: target.destination, graph: graph, container: source.container)
        keepTemporary = true
        let measured = Self.measureDuration(of: target.destination)
        if let plotPath = target.plotPath { try writePlotFile(plotPath, mapping: mapping, media: source.media) }
        return finish(Result(plan: plan, measuredDuration: measured, counters: counters, plotPath: target.plotPath),
                      run: run, source: source, frameRate: mapping.frameRate)
    }

    /// The written file's duration in seconds, as its container states it: read by the demuxer
    /// alone (`ContainerDuration`), the discoverer only when that finds none; nil if neither does.
    static func measureDuration(of path: String) -> Double? {
        if let ns = ContainerDuration.read(path: path) { return Double(ns) / 1e9 }
        return (try? MediaInfo.discover(path: path))?.seconds
    }

    /// The error after a signal: exit status 128 + the signal (130 for Ctrl-C).
    func interrupted(by sig: Int32) -> CLIError {
        let how = sig == SIGINT ? "interrupted" : "interrupted by \(Interrupts.name(sig))"
        return CLIError("\(how): nothing was written to '\(output)'", exitCode: Interrupts.exitCode(sig))
    }
}
