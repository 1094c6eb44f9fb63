import Foundation
import GStreamerBinding
import GStreamerDiscovery
import TimeWarpMap
import WarpLaunchKit

/// One chunk of `warp --hosts/--chunks`, run on a host by GNU parallel: the input's video
/// decoded, the chunk's window (`ChunkSpan.inputWindow`) warped with the WHOLE file's map (the
/// same `videotimewarp` settings and `D` as the one-machine run, so a frame at `t` lands at
/// `T(t)`), only the chunk's output slots encoded (so the part starts with a keyframe) with the
/// one-machine run's encoder settings, and written as GStreamer buffers (`gdppay`: timestamps,
/// flags and caps exactly as they left the encoder) to PART, under a temporary name renamed
/// when complete. Prints `chunk=I out_time_us=N` lines (progress, about four a second).
struct ChunkWorker {
    var input: String
    var part: String
    var span: ChunkSpan
    var curve: CurveOptions
    var frameRate: FrameRateChoice?
    var duration: Double?
    var encoder: EncoderSettings
    var videoCodec: String?
    var frameMode: FrameMode
    var shutterAngle: Double?

    /// Runs the chunk; throws a one-line `CLIError`, leaving no part behind.
    func run() throws {
        if let fail = ProcessInfo.processInfo.environment["GST_WARP_LAUNCH_TEST_FAIL_CHUNK"], fail == String(span.index) {
            throw CLIError("chunk \(span.index + 1) failed on purpose (GST_WARP_LAUNCH_TEST_FAIL_CHUNK, for the tests)")
        }
        try Gst.initialize()
        Interrupts.begin()
        defer { Interrupts.end() }
        var media = try MediaInfo.discover(path: input)
        if let duration { media.duration = UInt64((duration * 1e9).rounded()) }
        guard let video = media.video, media.duration != UInt64.max else {
            throw CLIError("chunk \(span.index + 1): '\(input)' has no video or no duration")
        }
        let rate = frameRate ?? (video.fpsN > 0 && video.fpsD > 0 ? .fixed(video.fpsN, video.fpsD) : .any)
        let container = try CodecChoice.apply(video: videoCodec, audio: nil, to: OutputContainer.resolve(output: "part.mkv", format: nil))
        guard let codec = container.video else { throw CLIError("internal error: no video codec for the chunk") }
        let file = try TemporaryFile.create(beside: part)
        var kept = false
        defer { if !kept { file.remove() } }
        let pipeline = try buildPipeline(media: media, rate: rate, codec: codec, descriptor: file.descriptor)
        let tracker = PositionTracker()
        if let pad = pipeline.child("pay")?.staticPad("sink") {
            tracker.attach(to: pad)
            pad.makeEventsSerializable()
        }
        var runner = PipelineRunner(options: .init(quiet: true, brief: true))
        let index = span.index, start = span.outputStart
        runner.onTick = { _, _ in
            let done = tracker.position > start ? tracker.position - start : 0
            print("chunk=\(index) out_time_us=\(done / 1000)")
            fflush(nil)
        }
        let outcome = runner.run(pipeline: pipeline)
        if let sig = outcome.signal { throw CLIError("chunk \(index + 1) interrupted by \(Interrupts.name(sig))", exitCode: Interrupts.exitCode(sig)) }
        if let error = outcome.error { throw CLIError("chunk \(index + 1) failed: \(error)") }
        guard file.close(), rename(file.path, part) == 0 else {
            throw CLIError("chunk \(index + 1): writing '\(part)' failed: \(SystemError.text(errno))")
        }
        kept = true
    }

    /// The parsed video (`urisourcebin ! parsebin`) decoded from the chunk's keyframe
    /// (`decodebin`) into the one-machine run's video branch, ending in `gdppay ! fdsink`, with
    /// the chunk's probes around `videotimewarp`.
    private func buildPipeline(media: MediaInfo, rate: FrameRateChoice, codec: VideoCodec, descriptor: Int32) throws -> Element {
        let size = media.video.map { (width: $0.width, height: $0.height) }
        let crop = EncoderSettings.evenCropFragment(codec, size)
        let fps = rate != .any ? rate.framesPerSecond
            : WarpGraph.variableRatePeak(media: media, curve: curve, durationNs: media.duration)
        let pipeline = try Gst.parseLaunch("urisourcebin name=src ! parsebin name=parse  decodebin name=dec  queue name=in ! videoconvert ! \(crop)"
                                           + "\(WarpGraph.turnFragment(media))videotimewarp name=vwarp ! video/x-raw,framerate=\(rate.capsFraction) ! "
                                           + encoder.videoEncoder(codec, size: size, fps: fps, cropsOddSides: false)
                                           + " ! gdppay name=pay ! fdsink name=sink")
        guard let src = pipeline.child("src"), let parse = pipeline.child("parse"), let dec = pipeline.child("dec"),
              let warp = pipeline.child("vwarp"), let sink = pipeline.child("sink"),
              let decIn = dec.staticPad("sink"), let inPad = pipeline.child("in")?.staticPad("sink"),
              let warpIn = warp.staticPad("sink"), let warpOut = warp.staticPad("src") else {
            throw CLIError("internal pipeline error: the chunk pipeline is incomplete")
        }
        src.set("uri", try Gst.uri(forPath: input))
        dec.avoidFrameThreadLossesInFFmpegDecoders()
        sink.set("fd", String(descriptor))
        // The one-machine run's videotimewarp settings, over the whole file's D.
        var settings = WarpElementSettings(curve: curve, durationNs: media.duration)
        settings.frameMode = frameMode
        settings.shutterAngle = shutterAngle
        for property in settings.properties(for: .video) { warp.set(property.name, property.value) }
        let margin = ChunkSpan.margin(fpsN: media.video?.fpsN ?? 0, fpsD: media.video?.fpsD ?? 0)
        ChunkProbes.attachInput(to: warpIn, window: span.inputWindow(margin: margin))
        ChunkProbes.attachOutput(to: warpOut, span: span)
        // The parsed video from its keyframe into the decoder; the decoded frames into the warp.
        let from = span.decodeFrom
        let parsed = BranchLinker(video: decIn, audio: [:], videoIndex: 0)
        parse.onPadAdded { pad in
            if pad.mediaType.hasPrefix("video/"), !decIn.isLinked { ChunkProbes.attachDecodeStart(to: pad, from: from) }
            parsed.link(pad)
        }
        let decoded = BranchLinker(video: inPad, audio: [:], videoIndex: 0)
        dec.onPadAdded { pad in decoded.link(pad) }
        return pipeline
    }
}
