import CGStreamer
import Foundation
import GstTimeWarp
import Synchronization
import WarpLaunchKit

/// `warp INPUT OUTPUT`: decode, warp video and audio with the same map, encode, mux; print the
/// plan first, a progress bar while it runs and a summary at the end. The file is written under
/// a temporary name and renamed when complete, so a failed run leaves nothing under OUTPUT.
struct WarpJob {
    var input: String
    var output: String
    var curve: CurveOptions
    var frameRate: FrameRateChoice = .fixed(30)
    var interpolation: String?
    var writePlot = false
    var quiet = false
    var verbose = false
    /// A name for the input in messages (the demo calls its generated clip "the test clip").
    var inputLabel: String?

    struct Result {
        var plan: WarpPlan
        var measuredDuration: Double?
        var counters: (input: UInt64, output: UInt64, dropped: UInt64, duplicated: UInt64)?
        var plotPath: String?
    }

    private func say(_ text: String) { if !quiet { print(text) } }

    /// Runs the job; throws a `CLIError` (one line) on any failure, with no file left behind.
    func run() throws -> Result {
        try Gst.initialize()
        // 1. The output: a known extension, an existing directory, the encoders at hand.
        let container = try OutputContainer.forPath(output)
        let dir = OutputPaths.directory(of: output)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CLIError("the output directory '\(dir)' does not exist")
        }
        guard FileManager.default.isWritableFile(atPath: dir) else {
            throw CLIError("the output directory '\(dir)' is not writable")
        }
        if let a = try? FileManager.default.attributesOfItem(atPath: input)[.systemFileNumber] as? Int,
           let b = try? FileManager.default.attributesOfItem(atPath: output)[.systemFileNumber] as? Int, a == b {
            throw CLIError("the output '\(output)' is the input: choose another name")
        }
        for element in container.requiredElements where !Gst.hasElement(element) {
            throw CLIError("the GStreamer element '\(element)' is missing, needed for .\(container.fileExtension) "
                           + "(install gstreamer1.0-plugins-good, -ugly and gstreamer1.0-libav)")
        }
        // 2. The input: its duration D (the container's) and its streams.
        let media = try MediaInfo.discover(path: input)
        guard media.duration != UInt64.max, media.duration > 0 else {
            throw CLIError("cannot tell the duration of '\(input)', which the time map needs")
        }
        guard media.videoStreams > 0 || media.audioStreams > 0 else {
            throw CLIError("'\(input)' has neither video nor audio")
        }
        // 3. The map, refused before anything is written.
        let d = media.seconds
        let map = try curve.makeMap(duration: d)
        let plan = WarpPlan(map: map, inputDuration: d, inputFrames: media.estimatedFrames, frameRate: frameRate)
        printPlan(plan, media: media, container: container)

        // 4. The pipeline, into a temporary file.
        let temporary = OutputPaths.temporary(for: output, pid: getpid())
        var keepTemporary = false
        defer { if !keepTemporary { try? FileManager.default.removeItem(atPath: temporary) } }
        let graph = try WarpGraph(uri: try Gst.uri(forPath: input), location: temporary, media: media,
                                  container: container, curve: curve, durationNs: media.duration,
                                  frameRate: frameRate, interpolation: interpolation)
        defer { graph.release() }

        let progress = quiet ? nil : ProgressReporter()
        var runner = PipelineRunner(options: .init(verbose: verbose, quiet: quiet, eosOnShutdown: false,
                                                   progress: !quiet, brief: true))
        runner.onTick = { _, finished in
            progress?.update(position: Double(graph.position) / 1e9,
                             duration: plan.outputDuration, finished: finished)
        }
        var counters: (input: UInt64, output: UInt64, dropped: UInt64, duplicated: UInt64)?
        runner.afterRun = { _ in counters = graph.counters() }
        let outcome = runner.run(pipeline: graph.pipeline)
        if outcome.interrupted { throw CLIError("interrupted: nothing was written to '\(output)'", exitCode: 130) }
        if let error = outcome.error {
            throw CLIError("warping '\(input)' failed: \(error); nothing was written to '\(output)'")
        }
        // A damaged or truncated input decodes without an error but ends early.
        let reached = Double(graph.position) / 1e9
        if reached < plan.outputDuration - 0.5 {
            throw CLIError("'\(input)' ends early: decoding stopped at \(Format.seconds(map.unwarp(reached))) s "
                           + "of its \(Format.seconds(d)) s (the file is truncated or damaged); "
                           + "nothing was written to '\(output)'")
        }

        // 5. Complete: move into place, measure, plot.
        guard rename(temporary, output) == 0 else {
            throw CLIError("could not rename '\(temporary)' to '\(output)': \(String(cString: strerror(errno)))")
        }
        keepTemporary = true
        let measured = try? MediaInfo.discover(path: output)
        var plotPath: String?
        if writePlot {
            let path = OutputPaths.plot(for: output)
            let plot = CurvePlot(title: curve.summary, map: map, duration: d,
                                 frames: frameRate == .any ? media.estimatedFrames : nil)
            try SVGPlot(plot: plot).render().write(toFile: path, atomically: true, encoding: .utf8)
            plotPath = path
        }
        let result = Result(plan: plan, measuredDuration: measured?.seconds, counters: counters, plotPath: plotPath)
        printSummary(result, media: media, container: container)
        return result
    }

    private func printPlan(_ plan: WarpPlan, media: MediaInfo, container: OutputContainer) {
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
        if let a = media.audio { streams.append("audio \(a.rate) Hz, \(a.channels) ch") }
        say("Input:    \(inputLabel ?? input): \(Format.seconds(plan.inputDuration)) s, \(streams.joined(separator: "; "))")
        say("Curve:    \(curve.summary)")
        say("          s ranges over [\(Format.fixed(plan.minimumScale, 2)), \(Format.fixed(plan.maximumScale, 2))] (s > 1 slows down, s < 1 speeds up)")
        var out = "Output:   \(output): \(container.label(video: media.videoStreams > 0, audio: media.audioStreams > 0))"
        if media.videoStreams > 0 { out += ", \(plan.frameRate)" }
        if media.audioStreams == 0 { out += ", no audio (the input has none)" }
        say(out)
        say("Expected output duration: \(plan.expectedDurationText)")
    }

    private func printSummary(_ r: Result, media: MediaInfo, container: OutputContainer) {
        if let c = r.counters {
            say("Frames:   \(c.input) in, \(c.output) out, \(c.dropped) dropped, \(c.duplicated) duplicated")
        }
        if let m = r.measuredDuration {
            let diff = m - r.plan.outputDuration
            var line = "Output duration: \(Format.seconds(m)) s measured from the written file "
                + "(expected \(Format.seconds(r.plan.outputDuration)) s, "
                + "\(diff >= 0 ? "+" : "")\(Format.fixed(diff * 1000, 1)) ms)"
            if case .fixed(let n) = frameRate, media.videoStreams > 0 {
                line += abs(diff) <= 1.0 / Double(n) + 1e-6 ? ", within one frame" : ", MORE than one frame off"
            }
            say(line)
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int).flatMap { $0 }
        say("Wrote:    \(output)" + (size.map { " (\(Format.fixed(Double($0) / 1_048_576, 1)) MB)" } ?? ""))
        if let p = r.plotPath { say("Plot:     \(p)") }
    }
}

/// The warp pipeline: `uridecodebin` whose pads are linked (pad-added) to a video bin
/// (`videotimewarp` ! frame rate ! encoder) and an audio bin (`audiotimewarp` ! encoder), both
/// into the muxer and a `filesink`.
final class WarpGraph: @unchecked Sendable {
    let pipeline: UnsafeMutablePointer<GstElement>
    private var videoWarp: UnsafeMutablePointer<GstElement>?
    private var videoSink: UnsafeMutablePointer<GstPad>?
    private var audioSink: UnsafeMutablePointer<GstPad>?
    private let linkLock = Mutex(())
    /// One per branch: the output stream time reached.
    private var trackers: [PositionTracker] = []
    /// How far the output has got (the furthest branch), ns of output stream time.
    var position: UInt64 { trackers.map(\.position).max() ?? 0 }
    private var primingTrimmer: PrimingTrimmer?
    private var released = false

    init(uri: String, location: String, media: MediaInfo, container: OutputContainer, curve: CurveOptions,
         durationNs: UInt64, frameRate: FrameRateChoice, interpolation: String?) throws {
        pipeline = try Gst.parseLaunch("uridecodebin name=src  \(container.muxer) name=mux ! filesink name=sink")
        let src = Gst.child(pipeline, "src")!, sink = Gst.child(pipeline, "sink")!, mux = Gst.child(pipeline, "mux")!
        defer { gst_object_unref(src); gst_object_unref(sink); gst_object_unref(mux) }
        Gst.set(src, "uri", uri)
        Gst.set(sink, "location", location)
        if container.muxer.hasPrefix("mp4mux") || container.muxer.hasPrefix("qtmux") {
            // Fine timestamps for variable frame rates (the default derives them from the rate).
            if frameRate == .any { Gst.set(mux, "trak-timescale", "90000") }
        }
        let bin = UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstBin.self)
        func addBranch(_ description: String, warpName: String, audio: Bool) throws -> UnsafeMutablePointer<GstPad> {
            let branch = try Gst.parseBin(description)
            let warp = Gst.child(branch, warpName)!
            defer { gst_object_unref(warp) }
            for (name, value) in curve.elementProperties() { Gst.set(warp, name, value) }
            Gst.set(warp, "duration", String(durationNs))
            if audio, let interpolation { Gst.set(warp, "interpolation", interpolation) }
            if !audio { videoWarp = UnsafeMutablePointer(mutating: gst_object_ref(warp).assumingMemoryBound(to: GstElement.self)) }
            gst_bin_add(bin, branch)
            guard gst_element_link(branch, mux) != 0 else {
                throw CLIError("cannot connect the \(audio ? "audio" : "video") encoder to \(container.muxer)")
            }
            // Progress: the output time of what leaves the warp element.
            if let pad = gst_element_get_static_pad(warp, "src") {
                let tracker = PositionTracker()
                tracker.attach(to: pad)
                trackers.append(tracker)
                gst_object_unref(pad)
            }
            if audio, let frames = container.primingFrames, let encoder = Gst.child(branch, "aenc") {
                if let pad = gst_element_get_static_pad(encoder, "sink") {
                    primingTrimmer = PrimingTrimmer(frames: frames)
                    primingTrimmer?.attach(to: pad)
                    gst_object_unref(pad)
                }
                gst_object_unref(encoder)
            }
            return gst_element_get_static_pad(branch, "sink")!
        }
        if media.videoStreams > 0 {
            let rate = frameRate.capsNumerator
            videoSink = try addBranch("queue ! videoconvert ! videotimewarp name=vwarp ! video/x-raw,framerate=\(rate)/1 ! "
                                      + container.videoEncoder + " ! queue max-size-buffers=0 max-size-bytes=0 max-size-time=0",
                                      warpName: "vwarp", audio: false)
        }
        if media.audioStreams > 0 {
            audioSink = try addBranch("queue ! audioconvert ! audioresample ! audiotimewarp name=awarp ! "
                                      + container.audioEncoder + " ! queue max-size-buffers=0 max-size-bytes=0 max-size-time=0",
                                      warpName: "awarp", audio: true)
        }
        let callback: @convention(c) (UnsafeMutablePointer<GstElement>?, UnsafeMutablePointer<GstPad>?, gpointer?) -> Void = {
            _, pad, data in
            guard let pad, let data else { return }
            Unmanaged<WarpGraph>.fromOpaque(data).takeUnretainedValue().padAdded(pad)
        }
        g_signal_connect_data(UnsafeMutableRawPointer(src), "pad-added", unsafeBitCast(callback, to: GCallback.self),
                              Unmanaged.passUnretained(self).toOpaque(), nil, GConnectFlags(rawValue: 0))
    }

    /// Links a decoded pad to the branch of its kind (the first stream of each kind).
    private func padAdded(_ pad: UnsafeMutablePointer<GstPad>) {
        let caps = gst_pad_get_current_caps(pad) ?? gst_pad_query_caps(pad, nil)
        defer { if let caps { gst_caps_unref(caps) } }
        let type = Gst.mediaType(of: caps)
        linkLock.withLock { _ in
            let target = type.hasPrefix("video/") ? videoSink : type.hasPrefix("audio/") ? audioSink : nil
            guard let target, gst_pad_is_linked(target) == 0 else { return }
            _ = gst_pad_link(pad, target)
        }
    }

    /// The video counters after the run.
    func counters() -> (input: UInt64, output: UInt64, dropped: UInt64, duplicated: UInt64)? {
        guard let v = videoWarp else { return nil }
        return (Gst.uint64Property(v, "in") ?? 0, Gst.uint64Property(v, "out") ?? 0,
                Gst.uint64Property(v, "drop") ?? 0, Gst.uint64Property(v, "duplicate") ?? 0)
    }

    func release() {
        guard !released else { return }
        released = true
        gst_element_set_state(pipeline, GST_STATE_NULL)
        if let videoWarp { gst_object_unref(videoWarp) }
        if let videoSink { gst_object_unref(videoSink) }
        if let audioSink { gst_object_unref(audioSink) }
        gst_object_unref(pipeline)
    }
}

/// The largest output stream time (end of a buffer: PTS + duration, in stream time, ns) seen
/// on the pad it is attached to.
final class PositionTracker: Sendable {
    private let value = Atomic<UInt64>(0)
    /// `segment.start - segment.time` of the current segment (stream time = PTS - offset).
    private let offset = Atomic<Int64>(0)

    var position: UInt64 { value.load(ordering: .relaxed) }

    func attach(to pad: UnsafeMutablePointer<GstPad>) {
        let callback: GstPadProbeCallback = { _, info, data in
            guard let info, let data else { return GST_PAD_PROBE_OK }
            let tracker = Unmanaged<PositionTracker>.fromOpaque(data).takeUnretainedValue()
            if info.pointee.type.rawValue & GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue != 0 {
                if let event = gst_pad_probe_info_get_event(info), event.pointee.type == GST_EVENT_SEGMENT {
                    var segment: UnsafePointer<GstSegment>?
                    gst_event_parse_segment(event, &segment)
                    if let segment {
                        let start = Int64(clamping: UInt64(segment.pointee.start))
                        let time = Int64(clamping: UInt64(segment.pointee.time))
                        tracker.offset.store(start &- time, ordering: .relaxed)
                    }
                }
                return GST_PAD_PROBE_OK
            }
            guard let buffer = gst_pad_probe_info_get_buffer(info) else { return GST_PAD_PROBE_OK }
            let pts = UInt64(buffer.pointee.pts), dur = UInt64(buffer.pointee.duration)
            guard pts != UInt64.max else { return GST_PAD_PROBE_OK }
            let end = Int64(clamping: dur == UInt64.max ? pts : pts &+ dur) &- tracker.offset.load(ordering: .relaxed)
            let streamEnd = UInt64(max(end, 0))
            var current = tracker.value.load(ordering: .relaxed)
            while streamEnd > current {
                let (exchanged, original) = tracker.value.compareExchange(expected: current, desired: streamEnd, ordering: .relaxed)
                if exchanged { break }
                current = original
            }
            return GST_PAD_PROBE_OK
        }
        let mask = GstPadProbeType(rawValue: GST_PAD_PROBE_TYPE_BUFFER.rawValue | GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue)
        let retained = Unmanaged.passRetained(self).toOpaque()
        gst_pad_add_probe(pad, mask, callback, retained) { data in
            guard let data else { return }
            Unmanaged<PositionTracker>.fromOpaque(data).release()
        }
    }
}

/// Compensates an audio encoder's priming that the container does not signal: drops the first
/// `frames` audio frames before the encoder and moves the rest earlier by as much, so that after
/// the encoder's delay each sample plays at its own time again (in sync with the video).
final class PrimingTrimmer: Sendable {
    private struct State {
        var remaining: Int
        var rate = 0, bpf = 0
        var frames: Int
    }
    private let state: Mutex<State>

    init(frames: Int) { state = Mutex(State(remaining: frames, frames: frames)) }

    func attach(to pad: UnsafeMutablePointer<GstPad>) {
        let callback: GstPadProbeCallback = { _, info, data in
            guard let info, let data else { return GST_PAD_PROBE_OK }
            return Unmanaged<PrimingTrimmer>.fromOpaque(data).takeUnretainedValue().handle(info)
        }
        let mask = GstPadProbeType(rawValue: GST_PAD_PROBE_TYPE_BUFFER.rawValue | GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue)
        let retained = Unmanaged.passRetained(self).toOpaque()
        gst_pad_add_probe(pad, mask, callback, retained) { data in
            guard let data else { return }
            Unmanaged<PrimingTrimmer>.fromOpaque(data).release()
        }
    }

    private func handle(_ info: UnsafeMutablePointer<GstPadProbeInfo>) -> GstPadProbeReturn {
        let isEvent = info.pointee.type.rawValue & GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue != 0
        if isEvent, let event = gst_pad_probe_info_get_event(info) {
            if event.pointee.type == GST_EVENT_CAPS {
                var caps: UnsafeMutablePointer<GstCaps>?
                gst_event_parse_caps(event, &caps)
                var audioInfo = GstAudioInfo()
                if let caps, gst_audio_info_from_caps(&audioInfo, caps) != 0 {
                    let rate = Int(audioInfo.rate), bpf = Int(audioInfo.bpf)
                    state.withLock { $0.rate = rate; $0.bpf = bpf }
                }
            }
            return GST_PAD_PROBE_OK
        }
        guard info.pointee.type.rawValue & GST_PAD_PROBE_TYPE_BUFFER.rawValue != 0,
              let buffer = gst_pad_probe_info_get_buffer(info) else { return GST_PAD_PROBE_OK }
        let s = state.withLock { $0 }
        guard s.rate > 0, s.bpf > 0 else { return GST_PAD_PROBE_OK }
        let shift = UInt64(s.frames) * 1_000_000_000 / UInt64(s.rate)
        let size = Int(gst_buffer_get_size(buffer))
        let available = size / s.bpf
        let drop = min(s.remaining, available)
        if drop == available && drop > 0 {
            state.withLock { $0.remaining -= drop }
            return GST_PAD_PROBE_DROP
        }
        let raw = gst_mini_object_make_writable(UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: GstMiniObject.self))
        guard let raw else { return GST_PAD_PROBE_OK }
        let out = UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GstBuffer.self)
        if drop > 0 {
            gst_buffer_resize(out, gssize(drop * s.bpf), gssize(size - drop * s.bpf))
            state.withLock { $0.remaining = 0 }
        }
        let pts = UInt64(out.pointee.pts)
        if pts != UInt64.max {
            let advanced = pts &+ UInt64(drop) * 1_000_000_000 / UInt64(s.rate)
            out.pointee.pts = GstClockTime(advanced >= shift ? advanced - shift : 0)
            if drop > 0, out.pointee.duration != GstClockTime.max {
                let d = UInt64(out.pointee.duration), cut = UInt64(drop) * 1_000_000_000 / UInt64(s.rate)
                out.pointee.duration = GstClockTime(d > cut ? d - cut : 0)
            }
        }
        info.pointee.data = UnsafeMutableRawPointer(out)
        return GST_PAD_PROBE_OK
    }
}
