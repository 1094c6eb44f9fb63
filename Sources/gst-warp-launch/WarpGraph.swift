import Foundation
import GStreamerBinding
import GStreamerDiscovery
import TimeWarpMap
import WarpLaunchKit

/// The warp pipeline: `uridecodebin` whose pads are linked (pad-added) to a video bin
/// (`videotimewarp` ! frame rate ! encoder), one audio bin per kept audio track
/// (`audiotimewarp` ! encoder) and one text bin per kept subtitle track (`texttimewarp`), all
/// into the muxer and a `filesink`. Tags and the TOC (chapters, mapped by each element) flow
/// down every branch into the muxer. `warp --reverse` replaces the decoder with the
/// `ReverseReader`'s sources.
final class WarpGraph {
    /// The whole pipeline, which the `PipelineRunner` runs.
    let pipeline: Element
    private let mux: Element
    private let settings: WarpElementSettings
    private let media: MediaInfo
    private let container: OutputContainer
    private let frameRate: FrameRateChoice
    private let part: (start: UInt64, end: UInt64)?
    private var videoWarp: Element?
    /// One per branch: the output stream time reached.
    private var trackers: [PositionTracker] = []
    /// How far the output has got (the furthest branch), ns of output stream time.
    var position: UInt64 { trackers.map(\.position).max() ?? 0 }
    private var sampleCounter: SampleCounter?
    private var damage: DamageProbe?
    /// `damaged: N frames ... near T s` when the decoded video had gaps (damaged packets).
    var damageLine: String? { damage?.line }
    private var released = false

    /// The audio fed to the encoder (frames, and their rate), for the MP4 edit list.
    var audioFed: (samples: Int, rate: Int)? { sampleCounter?.total }

    /// The sink pads of the branches, by the ordinal of their stream among those of its kind.
    private struct BranchSinks {
        var video: Pad?
        var audio: [Int: Pad] = [:]
        var text: [Int: Pad] = [:]
    }

    /// Builds the pipeline that reads `uri` (or `reader`'s sources), warps each stream that
    /// `streams` keeps with `settings` and writes `container` to `descriptor`; `part` (ns of
    /// input stream time) is the part of the input to warp.
    init(uri: String, descriptor: Int32, media: MediaInfo, container: OutputContainer, encoder: EncoderSettings,
         settings: WarpElementSettings, frameRate: FrameRateChoice, streams: StreamChoice,
         part: (start: UInt64, end: UInt64)? = nil, reader: ReverseReader? = nil) throws {
        self.settings = settings
        self.media = media
        self.container = container
        self.frameRate = frameRate
        self.part = part
        // 1. The skeleton: the decoder (or the reader's sources), the muxer and the sink.
        pipeline = try Self.skeleton(container: container, reader: reader)
        guard let mux = pipeline.child("mux"), let sink = pipeline.child("sink") else {
            throw CLIError("internal pipeline error: no src, mux or sink")
        }
        self.mux = mux
        let src = pipeline.child("src")
        guard reader != nil || src != nil else { throw CLIError("internal pipeline error: no src, mux or sink") }
        sink.set("fd", String(descriptor))
        // 2. The decoder: where decoding stops.
        if let src { configureDecoder(src, uri: uri, streams: streams) }
        // 3. The branches: video, one per audio track, one per subtitle track.
        let sinks = try addBranches(encoder: encoder, streams: streams)
        // 4. The sources linked to the branches.
        if let reader {
            try linkReader(reader, to: sinks)
        } else if let src {
            let linker = BranchLinker(video: sinks.video, audio: sinks.audio, text: sinks.text, videoIndex: streams.videoIndex)
            src.onPadAdded { pad in linker.link(pad) }
        }
    }

    /// Step 1: `uridecodebin`, or for `warp --reverse` one appsrc per stream that the reader
    /// feeds, beside the muxer and the sink.
    private static func skeleton(container: OutputContainer, reader: ReverseReader?) throws -> Element {
        let readerSources = reader.map { r in
            (r.videoIndex == nil ? "" : "  " + ReverseReader.sourceDescription(name: "rsrc-v", audio: false))
                + r.audioIndices.indices.map { "  " + ReverseReader.sourceDescription(name: "rsrc-a\($0)", audio: true) }.joined()
                + r.subtitleIndices.indices.map { "  appsrc name=rsrc-t\($0) format=time is-live=false max-bytes=0 caps=text/x-raw" }.joined()
        }
        return try Gst.parseLaunch((reader == nil ? "uridecodebin name=src  " : "")
                                   + "\(container.muxer) name=mux ! fdsink name=sink" + (readerSources ?? ""))
    }

    /// Step 2: the decoder's input and where its decoding stops.
    private func configureDecoder(_ src: Element, uri: String, streams: StreamChoice) {
        src.set("uri", uri)
        // Every frame of a damaged input, the same on each run (GStreamer 1.26's FFmpeg decoders).
        src.avoidFrameThreadLossesInFFmpegDecoders()
        // A kind of stream the output leaves out is not decoded: its pads come out encoded and
        // stay unlinked (an .m4a from a 720p clip decoded every picture for nothing: issue 33).
        let undecoded = (streams.keepsVideo ? [] : ["Video"]) + (streams.keepsAudio ? [] : ["Audio"])
        if !undecoded.isEmpty { src.leaveUndecoded(Set(undecoded)) }
        // An audio-only output: decoding stops at raw audio; the text
        // subtitles it keeps (MP4's .m4a holds timed text) still stop at text (without them in
        // the caps their pads never came and the muxer waited for them forever).
        if container.isAudioOnly {
            src.set("caps", streams.subtitleIndices.isEmpty ? "audio/x-raw" : Self.audioAndTextCaps)
        }
        // Matroska holds SSA/ASS as it is: the decoder stops there (as for raw media), so the
        // styles and positions stay; other containers take the text that ssaparse gives.
        if container.keepsSSA, !settings.reverse, !streams.subtitleIndices.isEmpty {
            src.set("caps", Self.decodedAndSSACaps)
        }
    }

    /// Step 3: the video branch, one branch per kept audio track and one per kept subtitle
    /// track (none when reversed: the reader writes the cues itself).
    private func addBranches(encoder: EncoderSettings, streams: StreamChoice) throws -> BranchSinks {
        var sinks = BranchSinks()
        let tail = " ! queue name=done max-size-buffers=0 max-size-bytes=0 max-size-time=0"
        if media.videoStreams > 0, let codec = container.video {
            sinks.video = try addBranch(videoDescription(codec, encoder: encoder) + tail, warpName: "vwarp", element: .video)
        }
        for index in media.audioStreams > 0 ? streams.audioIndices : [] {
            sinks.audio[index] = try addBranch("queue ! audioconvert ! audioresample ! audiotimewarp name=awarp ! "
                                               + encoder.audioEncoder(container.audio) + tail, warpName: "awarp", element: .audio)
        }
        // Subtitles: sparse, so not tracked for progress; unbounded queues keep the muxer fed.
        for index in settings.reverse ? [] : streams.subtitleIndices {
            // matroskademux gives SRT as pango markup, which matroskamux does not take: the text is
            // written as it is (its markup is what SRT holds), tagged as UTF-8.
            sinks.text[index] = try addBranch("\(Self.openQueue) ! texttimewarp name=twarp ! capssetter caps=text/x-raw,format=utf8 ! \(Self.openQueue)",
                                              warpName: "twarp", element: .text)
        }
        return sinks
    }

    /// A queue that holds any amount (sparse or reversed streams).
    private static let openQueue = "queue max-size-buffers=0 max-size-bytes=0 max-size-time=0"

    /// The video branch up to the encoder.
    private func videoDescription(_ codec: VideoCodec, encoder: EncoderSettings) -> String {
        // Reverse: a decoder outputs a whole keyframe interval at once; a short queue keeps
        // no more than that in memory (the default holds 200 decoded frames).
        let queue = settings.reverse ? "queue max-size-buffers=2 max-size-bytes=0 max-size-time=0" : "queue"
        // A rotated input (image-orientation tag, as phones write it) is turned upright, as
        // ffmpeg does when it re-encodes: the pixels play upright in every player, with no
        // tag for them to honour or ignore (left out for an unrotated input: `turnFragment`).
        // An odd side that the encoder refuses is cropped before the turn, on the stored
        // size: the frame is even both before and after videoflip applies the orientation
        // tag (which comes after the first caps), and the upright picture loses one row or
        // column as the plan says.
        let size = media.video.map { (width: $0.width, height: $0.height) }
        let crop = EncoderSettings.evenCropFragment(codec, size)
        let fps = frameRate != .any ? frameRate.framesPerSecond
            : Self.variableRatePeak(media: media, curve: settings.curve, durationNs: settings.durationNs)
        return "\(queue) ! videoconvert ! \(crop)\(Self.turnFragment(media))videotimewarp name=vwarp ! video/x-raw,framerate=\(frameRate.capsFraction) ! "
            + encoder.videoEncoder(codec, size: size, fps: fps, cropsOddSides: false, boundedMemory: settings.reverse)
    }

    /// `videoflip video-direction=auto ! ` when the input's orientation tag asks for a turn or
    /// flip, else "": videoflip copies every frame even when it has nothing to turn (GStreamer
    /// 1.22), which cost as much as the rest of the tool's own steps together (issue 33).
    static func turnFragment(_ media: MediaInfo) -> String {
        media.videoTurned ? "videoflip video-direction=auto ! " : ""
    }

    /// Adds one branch (`description`, whose warp element is `warpName`) linked to the muxer;
    /// returns its sink pad.
    private func addBranch(_ description: String, warpName: String, element: WarpElementSettings.Element) throws -> Pad {
        let branch = try Gst.parseBin(description)
        guard let warp = branch.child(warpName) else { throw CLIError("internal pipeline error: no \(warpName)") }
        for property in settings.properties(for: element) { warp.set(property.name, property.value) }
        watchWarp(warp, element: element)
        pipeline.add(branch)
        // -ss/-to/-t: only the part reaches the warp, moved to start at 0 (on the warp's own
        // sink pad: after audioconvert, so the audio is interleaved and cut by whole frames).
        if let part, let pad = warp.staticPad("sink") {
            TrimProbe(start: part.start, end: part.end).attach(to: pad)
        }
        guard branch.link(to: mux) else {
            let kind = element == .text ? "subtitle" : element == .audio ? "audio" : "video"
            throw CLIError("cannot connect the \(kind) branch to \(container.muxer)")
        }
        if element == .video, frameRate == .any, container.isQuickTime {
            // Fine timestamps for variable frame rates (the default derives them from the
            // rate), on the video track only: the audio track keeps its sample rate as its
            // timescale, so the priming edit (MP4EditList) is in samples, which FFmpeg assumes.
            branch.staticPad("src")?.setPeerProperty("trak-timescale", "90000")
        }
        watchBranch(branch, warp: warp, element: element)
        guard let sinkPad = branch.staticPad("sink") else { throw CLIError("internal pipeline error: no sink pad") }
        return sinkPad
    }

    /// The probes on a warp element before its branch is added: the video counters and damage,
    /// the leading empty cue of a text track in MP4.
    private func watchWarp(_ warp: Element, element: WarpElementSettings.Element) {
        switch element {
        case .video:
            videoWarp = warp
            // Damaged packets: gaps in the decoded frames' times (forward playback, constant rate).
            if !settings.reverse, let v = media.video, v.fpsN > 0, v.fpsD > 0, let pad = warp.staticPad("sink") {
                // A remap curve reads its input up to its latest key's input time.
                let remap = try? settings.curve.remapCurve(duration: Double(settings.durationNs) / 1e9)
                let probe = DamageProbe(frameDuration: Double(v.fpsD) / Double(v.fpsN), mediumSeconds: media.seconds,
                                        neededSeconds: remap?.latestInputTime ?? .infinity)
                probe.attach(to: pad)
                damage = probe
            }
        case .text:
            // mp4mux 1.22 shortens the last cue of a text track that does not start at 0 by
            // the time of its first cue: an empty cue from the segment start fills that time.
            if container.isQuickTime, let pad = warp.staticPad("src") { LeadingFill.emptyCue().attach(to: pad) }
        case .audio:
            break
        }
    }

    /// The probes on a linked branch: progress, the leading silence of a late audio track and
    /// the audio frames the MP4 edit list needs.
    private func watchBranch(_ branch: Element, warp: Element, element: WarpElementSettings.Element) {
        // Progress: the output time of what leaves the encoder, so that the bar and its ETA
        // include the encoder's drain at the end.
        if let pad = branch.child("done")?.staticPad("src") {
            let tracker = PositionTracker()
            tracker.attach(to: pad)
            trackers.append(tracker)
        }
        guard element == .audio else { return }
        // A late audio track starts at 0 in the file, with silence (see LeadingFill).
        if let pad = warp.staticPad("src") { LeadingFill.silence().attach(to: pad) }
        if sampleCounter == nil, container.primingFrames != nil, let encoder = branch.child("aenc"),
           let pad = encoder.staticPad("sink") {
            let counter = SampleCounter()
            counter.attach(to: pad)
            sampleCounter = counter
        }
    }

    /// Step 4 of `warp --reverse`: each appsrc straight into its branch; the reader gives them
    /// the reverse segment.
    private func linkReader(_ reader: ReverseReader, to sinks: BranchSinks) throws {
        let video = sinks.video == nil ? nil : pipeline.child("rsrc-v")
        if let video, let pad = video.staticPad("src"), let target = sinks.video, !pad.link(to: target) {
            throw CLIError("internal pipeline error: cannot link the reversed video")
        }
        var audio: [Element] = []
        for (k, index) in reader.audioIndices.enumerated() {
            guard let source = pipeline.child("rsrc-a\(k)"), let pad = source.staticPad("src"),
                  let target = sinks.audio[index], pad.link(to: target) else {
                throw CLIError("internal pipeline error: cannot link reversed audio track \(index + 1)")
            }
            audio.append(source)
        }
        let text = try linkReversedSubtitles(reader)
        reader.attach(video: video, audio: audio, text: text, muxer: mux)
    }

    /// Reversed subtitles: the reader writes their cues at their output times (no texttimewarp),
    /// text as UTF-8 text and, into Matroska, SSA/ASS as it is (the capsfilter also makes the
    /// muxer give a subtitle pad). Returns the reader's text sources.
    private func linkReversedSubtitles(_ reader: ReverseReader) throws -> [Element] {
        var text: [Element] = []
        for k in reader.subtitleIndices.indices {
            let caps = container.keepsSSA ? "\"text/x-raw,format=utf8;application/x-ass;application/x-ssa\""
                : "text/x-raw,format=utf8"
            let branch = try Gst.parseBin("\(Self.openQueue) ! capsfilter caps=\(caps)")
            pipeline.add(branch)
            guard let source = pipeline.child("rsrc-t\(k)"), let pad = source.staticPad("src"),
                  let target = branch.staticPad("sink"), pad.link(to: target), branch.link(to: mux) else {
                throw CLIError("cannot connect reversed subtitle track \(reader.subtitleIndices[k] + 1) to \(container.muxer)")
            }
            // As forwards: mp4mux would end the last cue early by the time of the first one.
            if container.isQuickTime { LeadingFill.emptyCue().attach(to: pad) }
            text.append(source)
        }
        return text
    }

    /// `--fps any`: the output's peak frame rate (`H264Level.variableRatePeak`), which sets the
    /// H.264 level: the input's rate over the least scale of the curve on the medium.
    static func variableRatePeak(media: MediaInfo, curve: CurveOptions, durationNs: UInt64) -> Double {
        let input = media.video.flatMap { $0.fpsN > 0 && $0.fpsD > 0 ? Double($0.fpsN) / Double($0.fpsD) : nil }
        let seconds = Double(durationNs) / 1e9
        let least = (try? curve.makeMap(duration: seconds)).map { ScaleRange(map: $0, duration: seconds).minimum } ?? 1
        return H264Level.variableRatePeak(inputFPS: input, minimumScale: least)
    }

    /// uridecodebin's default `caps` (GStreamer 1.22): where decoding stops.
    static let decodedCaps = "video/x-raw(ANY); audio/x-raw(ANY); text/x-raw(ANY); subpicture/x-dvd; subpicture/x-dvb; "
        + "subpicture/x-xsub; subpicture/x-pgs; closedcaption/x-cea-608; closedcaption/x-cea-708"
    /// What decoding stops at for an audio-only output that keeps text subtitles.
    static let audioAndTextCaps = "audio/x-raw(ANY); text/x-raw(ANY)"
    /// The SSA/ASS media types, which Matroska keeps as they are.
    static let ssaTypes: Set<String> = ["application/x-ssa", "application/x-ass"]
    /// `decodedCaps` and SSA/ASS: what decoding stops at when the output keeps SSA/ASS.
    static let decodedAndSSACaps = decodedCaps + "; " + ssaTypes.sorted().joined(separator: "; ")

    /// Video frames written so far (nil without video).
    var framesOut: UInt64? { videoWarp?.uint64Property(PropertyName.out.name) }

    /// The video counters after the run.
    func counters() -> WarpCounters? {
        guard let v = videoWarp else { return nil }
        func count(_ property: PropertyName) -> UInt64 { v.uint64Property(property.name) ?? 0 }
        return WarpCounters(input: count(.in), output: count(.out), dropped: count(.drop), duplicated: count(.duplicate))
    }

    /// Stops the pipeline (before the references go).
    func release() {
        guard !released else { return }
        released = true
        pipeline.setState(.null)
    }
}

/// videotimewarp's frame counters after a run (`in`, `out`, `drop`, `duplicate`).
struct WarpCounters {
    /// Input frames (`in`).
    var input: UInt64
    /// Output frames (`out`).
    var output: UInt64
    /// Frames dropped (`drop`).
    var dropped: UInt64
    /// Frames duplicated (`duplicate`).
    var duplicated: UInt64
}
