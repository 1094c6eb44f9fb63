import Foundation
import GStreamerBinding
import GStreamerDiscovery
import Synchronization
import TimeWarpMap
import WarpLaunchKit

/// Step 4 of `WarpJob.run`, while it runs: the pipeline, the plan it follows, the
/// machine-readable progress and when it started.
struct WarpRun {
    /// The pipeline.
    let graph: WarpGraph
    /// The plan, with the expected output duration.
    let plan: WarpPlan
    /// `-progress`: the feed, if any.
    let feed: ProgressWriter?
    /// D in seconds.
    let inputSeconds: Double
    /// When the pipeline was built.
    let started = Date()

    /// Writes one `-progress` block: the output time and frames reached so far.
    func writeProgress(frames: UInt64?, finished: Bool) {
        feed?.write(ProgressFeed.block(outputSeconds: Double(graph.position) / 1e9, frames: frames,
                                       elapsed: Date().timeIntervalSince(started), finished: finished,
                                       expectedSeconds: plan.outputDuration, inputSeconds: inputSeconds))
    }
}

extension WarpJob {
    /// Step 4 for `--reverse`: the tool's own reader (`ReverseReader`) reads the input forwards
    /// one keyframe interval at a time, last first, from a bounded store, into the warp
    /// pipeline; nil otherwise.
    func makeReverseReader(_ source: WarpSource, remux: ReverseRemux?, map: TimeMap, beside destination: String) throws -> ReverseReader? {
        guard reverse else { return nil }
        let media = source.media, streams = source.streams
        let reader = try ReverseReader(uri: try Gst.uri(forPath: remux?.path ?? source.path),
                                       videoIndex: media.videoStreams > 0 ? (remux == nil ? streams.videoIndex : 0) : nil,
                                       audioIndices: media.audioStreams > 0 ? streams.audioIndices : [],
                                       subtitleIndices: streams.subtitleIndices, subtitleURI: try Gst.uri(forPath: source.path),
                                       keepsSSA: source.container.keepsSSA,
                                       warp: { ns in UInt64(max(0, (map.warp(Double(ns) / 1e9) * 1e9).rounded())) },
                                       duration: media.duration, memoryLimit: ReverseReader.memoryLimit,
                                       beside: toStdout ? NSTemporaryDirectory() + "/gst-warp-launch" : destination)
        say("Reverse:  read in \(reader.chunks.count) chunk\(reader.chunks.count == 1 ? "" : "s") (keyframe intervals), last first; "
            + "decoded frames past \(Format.fixed(Double(reader.store.memoryLimit) / 1_048_576, 1)) MB wait in a temporary file")
        return reader
    }

    /// Step 4: the warp pipeline writing to `descriptor`, each element set from the typed
    /// options (`WarpElementSettings`).
    func makeGraph(_ source: WarpSource, _ mapping: WarpMapping, plan: WarpPlan, part: (start: Double, end: Double)?,
                   descriptor: Int32, reader: ReverseReader?) throws -> WarpGraph {
        let media = source.media
        var settings = WarpElementSettings(curve: mapping.curve, durationNs: media.duration)
        settings.reverse = reverse
        settings.frameMode = frameMode
        settings.shutterAngle = shutterAngle
        settings.interpolation = interpolation
        settings.pitch = pitch
        let graph = try WarpGraph(uri: try Gst.uri(forPath: source.path), descriptor: descriptor, media: media,
                                  container: source.container, encoder: source.encoder, settings: settings,
                                  frameRate: mapping.frameRate, streams: source.streams,
                                  part: part.map { (UInt64(($0.start * 1e9).rounded()), UInt64(($0.end * 1e9).rounded())) },
                                  reader: reader)
        if toStdout { writeExpectedDuration(into: graph, seconds: plan.outputDuration, container: source.container) }
        return graph
    }

    /// A pipe's Matroska: the muxer writes no Duration when streamable; the expected one goes
    /// into the header it writes first.
    private func writeExpectedDuration(into graph: WarpGraph, seconds: Double, container: OutputContainer) {
        guard container.muxer.hasPrefix("matroskamux") || container.muxer.hasPrefix("webmmux"),
              let pad = graph.pipeline.child("mux")?.staticPad("src") else { return }
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

    /// Step 4: runs the pipeline (and the reverse reader) to the end with the progress bar and
    /// feed; refuses an interrupted, failed or early-ending run. Returns the video counters.
    func runPipeline(_ run: WarpRun, reader: ReverseReader?, map: TimeMap) throws -> WarpCounters? {
        let graph = run.graph, plan = run.plan
        let progress = quiet ? nil : ProgressReporter()
        var runner = PipelineRunner(options: .init(verbose: verbose, quiet: quiet, eosOnShutdown: false,
                                                   progress: !quiet, brief: true))
        runner.onTick = { _, finished in
            progress?.update(position: Double(graph.position) / 1e9, duration: plan.outputDuration, finished: finished)
            // The last block (progress=end) is written once the file is complete.
            if !finished { run.writeProgress(frames: graph.framesOut, finished: false) }
        }
        var counters: WarpCounters?
        runner.afterRun = { _ in counters = graph.counters() }
        reader?.start()
        let outcome = runner.run(pipeline: graph.pipeline)
        if let sig = outcome.signal { throw interrupted(by: sig) }
        if let reader { try finishReading(reader) }
        if let error = outcome.error {
            throw CLIError("warping '\(inputName)' failed: \(error)" + (toStdout ? "" : "; nothing was written to '\(output)'"))
        }
        // A damaged or truncated input decodes without an error but ends early.
        let reached = Double(graph.position) / 1e9
        if reached < plan.outputDuration - 0.5 {
            throw CLIError("'\(inputName)' ends early: decoding stopped at \(Format.seconds(map.unwarp(reached))) s "
                           + "of its \(Format.seconds(run.inputSeconds)) s (the file is truncated or damaged); "
                           + "nothing was written to '\(output)'")
        }
        return counters
    }

    /// Stops the reverse reader after the run and refuses its failure; says how much it spilled.
    private func finishReading(_ reader: ReverseReader) throws {
        reader.stop()
        if let sig = Interrupts.take() { throw interrupted(by: sig) }
        if let failure = reader.failure {
            throw CLIError("reversing '\(inputName)' failed: \(failure)" + (toStdout ? "" : "; nothing was written to '\(output)'"))
        }
        if reader.spilledBytes > 0 {
            say("Reverse:  \(Format.fixed(Double(reader.spilledBytes) / 1_048_576, 1)) MB of decoded frames spilled to the temporary file (removed)")
        }
    }
}

/// How many of the muxer's buffers the header probe has looked at.
private final class BuffersLooked: Sendable {
    let count = Mutex(0)
}
