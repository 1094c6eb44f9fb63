import Foundation
import GStreamerBinding
import GStreamerDiscovery
import Synchronization
import WarpLaunchKit

/// The warp pipeline: `uridecodebin` whose pads are linked (pad-added) to a video bin
/// (`videotimewarp` ! frame rate ! encoder), one audio bin per kept audio track
/// (`audiotimewarp` ! encoder) and one text bin per kept subtitle track (`texttimewarp`), all
/// into the muxer and a `filesink`. Tags and the TOC (chapters, mapped by each element) flow
/// down every branch into the muxer.
final class WarpGraph {
    let pipeline: Element
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

    init(uri: String, descriptor: Int32, media: MediaInfo, container: OutputContainer, encoder: EncoderSettings,
         curve: CurveOptions, durationNs: UInt64, frameRate: FrameRateChoice, interpolation: String?,
         reverse: Bool = false, audioURI: String? = nil, blend: Bool = false, flow: Bool = false, pitch: String? = nil,
         pitchEngine: String? = nil, streams: StreamChoice, part: (start: UInt64, end: UInt64)? = nil, reader: ReverseReader? = nil) throws {
        // Reversed audio-only output: the PCM copy is the only input.
        let separateAudio = audioURI != nil && !container.isAudioOnly
        // `warp --reverse`: the tool's reader feeds one appsrc per stream instead of the decoder.
        let readerSources = reader.map { r in
            (r.videoIndex == nil ? "" : "  " + ReverseReader.sourceDescription(name: "rsrc-v", audio: false))
                + r.audioIndices.indices.map { "  " + ReverseReader.sourceDescription(name: "rsrc-a\($0)", audio: true) }.joined()
                + r.subtitleIndices.indices.map { "  appsrc name=rsrc-t\($0) format=time is-live=false max-bytes=0 caps=text/x-raw" }.joined()
        }
        pipeline = try Gst.parseLaunch((reader == nil ? "uridecodebin name=src  " : "")
                                       + "\(container.muxer) name=mux ! fdsink name=sink"
                                       + (separateAudio ? "  uridecodebin name=asrc" : "") + (readerSources ?? ""))
        let src = pipeline.child("src")
        guard reader != nil || src != nil, let sink = pipeline.child("sink"), let mux = pipeline.child("mux") else {
            throw CLIError("internal pipeline error: no src, mux or sink")
        }
        src?.set("uri", container.isAudioOnly ? audioURI ?? uri : uri)
        // Every frame of a damaged input, the same on each run (GStreamer 1.26's FFmpeg decoders).
        src?.avoidFrameThreadLossesInFFmpegDecoders()
        // An audio-only output: the video is not decoded (left as it is, unlinked). The audio
        // of a reversed output comes from its own PCM file (`audioURI`).
        if container.isAudioOnly { src?.set("caps", "audio/x-raw") }
        if let audioURI, let asrc = pipeline.child("asrc") {
            asrc.set("uri", audioURI)
            asrc.set("caps", "audio/x-raw")
            src?.set("caps", "video/x-raw")
        }
        // Matroska holds SSA/ASS as it is: the decoder stops there (as for raw media), so the
        // styles and positions stay; other containers take the text that ssaparse gives.
        if container.keepsSSA, !reverse, !streams.subtitleIndices.isEmpty {
            src?.set("caps", Self.decodedAndSSACaps)
        }
        sink.set("fd", String(descriptor))
        func addBranch(_ description: String, warpName: String, audio: Bool, text: Bool = false) throws -> Pad {
            let branch = try Gst.parseBin(description)
            guard let warp = branch.child(warpName) else { throw CLIError("internal pipeline error: no \(warpName)") }
            for (name, value) in curve.elementProperties() { warp.set(name, value) }
            warp.set("duration", String(durationNs))
            // Each element asks its own demuxer for reverse playback and writes forwards.
            if reverse { warp.set("reverse", "true") }
            if audio, let interpolation { warp.set("interpolation", interpolation) }
            if !audio, blend { warp.set("frame-mode", "blend") }
            if !audio, flow { warp.set("frame-mode", "flow") }
            if audio, let pitch { warp.set("pitch", pitch) }
            if audio, let pitchEngine { warp.set("pitch-engine", pitchEngine) }
            if !audio && !text {
                videoWarp = warp
                // Damaged packets: gaps in the decoded frames' times (forward playback, constant rate).
                if !reverse, let v = media.video, v.fpsN > 0, v.fpsD > 0, let pad = warp.staticPad("sink") {
                    let probe = DamageProbe(frameDuration: Double(v.fpsD) / Double(v.fpsN), mediumSeconds: media.seconds)
                    probe.attach(to: pad)
                    damage = probe
                }
            }
            // mp4mux 1.22 shortens the last cue of a text track that does not start at 0 by
            // the time of its first cue: an empty cue from the segment start fills that time.
            if text, container.isQuickTime,
               let pad = warp.staticPad("src") {
                LeadingFill.emptyCue().attach(to: pad)
            }
            pipeline.add(branch)
            // -ss/-to/-t: only the part reaches the warp, moved to start at 0 (on the warp's own
            // sink pad: after audioconvert, so the audio is interleaved and cut by whole frames).
            if let part, let pad = warp.staticPad("sink") {
                TrimProbe(start: part.start, end: part.end).attach(to: pad)
            }
            guard branch.link(to: mux) else {
                throw CLIError("cannot connect the \(text ? "subtitle" : audio ? "audio" : "video") branch to \(container.muxer)")
            }
            if !audio, frameRate == .any, container.isQuickTime {
                // Fine timestamps for variable frame rates (the default derives them from the
                // rate), on the video track only: the audio track keeps its sample rate as its
                // timescale, so the priming edit (MP4EditList) is in samples, which FFmpeg assumes.
                branch.staticPad("src")?.setPeerProperty("trak-timescale", "90000")
            }
            // Progress: the output time of what leaves the encoder, so that the bar and its ETA
            // include the encoder's drain at the end.
            if let pad = branch.child("done")?.staticPad("src") {
                let tracker = PositionTracker()
                tracker.attach(to: pad)
                trackers.append(tracker)
            }
            // A late audio track starts at 0 in the file, with silence (see LeadingFill).
            if audio, let pad = warp.staticPad("src") { LeadingFill.silence().attach(to: pad) }
            if audio, sampleCounter == nil, container.primingFrames != nil, let encoder = branch.child("aenc"),
               let pad = encoder.staticPad("sink") {
                let counter = SampleCounter()
                counter.attach(to: pad)
                sampleCounter = counter
            }
            guard let sinkPad = branch.staticPad("sink") else { throw CLIError("internal pipeline error: no sink pad") }
            return sinkPad
        }
        var videoSink: Pad?, audioSinks: [Int: Pad] = [:], textSinks: [Int: Pad] = [:]
        let tail = " ! queue name=done max-size-buffers=0 max-size-bytes=0 max-size-time=0"
        if media.videoStreams > 0, let codec = container.video {
            // Reverse: a decoder outputs a whole keyframe interval at once; a short queue keeps
            // no more than that in memory (the default holds 200 decoded frames).
            let queue = reverse ? "queue max-size-buffers=2 max-size-bytes=0 max-size-time=0" : "queue"
            // A rotated input (image-orientation tag, as phones write it) is turned upright, as
            // ffmpeg does when it re-encodes: the pixels play upright in every player, with no
            // tag for them to honour or ignore (a passthrough for an unrotated input).
            // An odd side that the encoder refuses is cropped before the turn, on the stored
            // size: the frame is even both before and after videoflip applies the orientation
            // tag (which comes after the first caps), and the upright picture loses one row or
            // column as the plan says.
            let size = media.video.map { (width: $0.width, height: $0.height) }
            let crop = EncoderSettings.evenCropFragment(codec, size)
            videoSink = try addBranch("\(queue) ! videoconvert ! \(crop)videoflip video-direction=auto ! videotimewarp name=vwarp ! video/x-raw,framerate=\(frameRate.capsFraction) ! "
                                      + encoder.videoEncoder(codec, size: size,
                                                             fps: frameRate != .any ? frameRate.framesPerSecond
                                                                 : Self.variableRatePeak(media: media, curve: curve, durationNs: durationNs),
                                                             cropsOddSides: false)
                                      + tail, warpName: "vwarp", audio: false)
        }
        // One branch per kept audio track (the reversed output has its one PCM copy).
        for index in media.audioStreams > 0 ? (separateAudio ? [0] : streams.audioIndices) : [] {
            audioSinks[index] = try addBranch("queue ! audioconvert ! audioresample ! audiotimewarp name=awarp ! "
                                              + encoder.audioEncoder(container.audio) + tail, warpName: "awarp", audio: true)
        }
        // Subtitles: sparse, so not tracked for progress; unbounded queues keep the muxer fed.
        let open = "queue max-size-buffers=0 max-size-bytes=0 max-size-time=0"
        for index in reverse ? [] : streams.subtitleIndices {
            // matroskademux gives SRT as pango markup, which matroskamux does not take: the text is
            // written as it is (its markup is what SRT holds), tagged as UTF-8.
            textSinks[index] = try addBranch("\(open) ! texttimewarp name=twarp ! capssetter caps=text/x-raw,format=utf8 ! \(open)",
                                             warpName: "twarp",
                                             audio: false, text: true)
        }
        if let reader {
            // Each appsrc straight into its branch; the reader gives them the reverse segment.
            let video = videoSink == nil ? nil : pipeline.child("rsrc-v")
            if let video, let pad = video.staticPad("src"), let videoSink, !pad.link(to: videoSink) {
                throw CLIError("internal pipeline error: cannot link the reversed video")
            }
            var audio: [Element] = []
            for (k, index) in reader.audioIndices.enumerated() {
                guard let source = pipeline.child("rsrc-a\(k)"), let pad = source.staticPad("src"),
                      let target = audioSinks[index], pad.link(to: target) else {
                    throw CLIError("internal pipeline error: cannot link reversed audio track \(index + 1)")
                }
                audio.append(source)
            }
            // Reversed subtitles: the reader writes their cues at their output times (no texttimewarp),
            // text as UTF-8 text and, into Matroska, SSA/ASS as it is (the capsfilter also makes
            // the muxer give a subtitle pad).
            var text: [Element] = []
            for k in reader.subtitleIndices.indices {
                let caps = container.keepsSSA ? "\"text/x-raw,format=utf8;application/x-ass;application/x-ssa\""
                    : "text/x-raw,format=utf8"
                let branch = try Gst.parseBin("\(open) ! capsfilter caps=\(caps)")
                pipeline.add(branch)
                guard let source = pipeline.child("rsrc-t\(k)"), let pad = source.staticPad("src"),
                      let target = branch.staticPad("sink"), pad.link(to: target), branch.link(to: mux) else {
                    throw CLIError("cannot connect reversed subtitle track \(reader.subtitleIndices[k] + 1) to \(container.muxer)")
                }
                // As forwards: mp4mux would end the last cue early by the time of the first one.
                if container.isQuickTime { LeadingFill.emptyCue().attach(to: pad) }
                text.append(source)
            }
            reader.attach(video: video, audio: audio, text: text, muxer: mux)
        } else if let asrc = pipeline.child("asrc"), let src {
            // Reverse: the video from the input, the audio from its PCM copy only.
            let videoLinker = BranchLinker(video: videoSink, audio: [:], videoIndex: streams.videoIndex)
            let audioLinker = BranchLinker(video: nil, audio: [0: audioSinks[0]].compactMapValues { $0 })
            src.onPadAdded { pad in videoLinker.link(pad) }
            asrc.onPadAdded { pad in audioLinker.link(pad) }
        } else if let src {
            let linker = BranchLinker(video: videoSink, audio: audioSinks, text: textSinks, videoIndex: streams.videoIndex)
            src.onPadAdded { pad in linker.link(pad) }
        }
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
    /// The SSA/ASS media types, which Matroska keeps as they are.
    static let ssaTypes: Set<String> = ["application/x-ssa", "application/x-ass"]
    /// `decodedCaps` and SSA/ASS: what decoding stops at when the output keeps SSA/ASS.
    static let decodedAndSSACaps = decodedCaps + "; " + ssaTypes.sorted().joined(separator: "; ")

    /// Video frames written so far (nil without video).
    var framesOut: UInt64? { videoWarp?.uint64Property("out") }

    /// The video counters after the run.
    func counters() -> (input: UInt64, output: UInt64, dropped: UInt64, duplicated: UInt64)? {
        guard let v = videoWarp else { return nil }
        return (v.uint64Property("in") ?? 0, v.uint64Property("out") ?? 0,
                v.uint64Property("drop") ?? 0, v.uint64Property("duplicate") ?? 0)
    }

    /// Stops the pipeline (before the references go).
    func release() {
        guard !released else { return }
        released = true
        pipeline.setState(.null)
    }
}

/// Links each decoded pad to the branch of its kind: the `videoIndex`-th video pad, and the
/// audio and text pads whose ordinal (counting from 0 among pads of their kind, in the order the
/// decoder adds them, which is the demuxer's stream order) has a branch, as `StreamChoice`
/// decided; called on streaming threads.
final class BranchLinker: Sendable {
    private let video: Pad?
    private let audio: [Int: Pad], text: [Int: Pad]
    private let videoIndex: Int
    private let seen = Mutex((video: 0, audio: 0, text: 0))

    init(video: Pad?, audio: [Int: Pad], text: [Int: Pad] = [:], videoIndex: Int = 0) {
        self.video = video
        self.audio = audio
        self.text = text
        self.videoIndex = videoIndex
    }

    func link(_ pad: Pad) {
        let type = pad.mediaType
        seen.withLock { seen in
            let target: Pad?
            if type.hasPrefix("video/") {
                target = seen.video == videoIndex ? video : nil
                seen.video += 1
            } else if type.hasPrefix("audio/") {
                target = audio[seen.audio]
                seen.audio += 1
            } else if type.hasPrefix("text/") || type == "application/x-ssa" || type == "application/x-ass" {
                target = text[seen.text]
                seen.text += 1
            } else {
                target = nil
            }
            guard let target, !target.isLinked else { return }
            pad.link(to: target)
        }
    }
}

/// `-ss`/`-to`/`-t`: lets through only the buffers of the part `start..<end` (ns of input
/// stream time), moved back by `start` so the warp sees the part from 0; raw audio is cut to
/// the sample where the part starts (`TrimRange.cut`).
final class TrimProbe: Sendable {
    private let start: UInt64, end: UInt64
    private struct State { var offset: Int64 = 0; var bpf: Int?; var rate: Int? }
    private let state = Mutex(State())

    init(start: UInt64, end: UInt64) {
        self.start = start
        self.end = end
    }

    func attach(to pad: Pad) {
        pad.addProbe([.buffers, .downstreamEvents]) { [self] item in
            switch item {
            case .segment(let segment):
                state.withLock { $0.offset = Int64(clamping: segment.start) &- Int64(clamping: segment.time) }
            case .caps(let caps):
                if let audio = caps.audio { state.withLock { $0.rate = audio.rate; $0.bpf = audio.bytesPerFrame } }
            case .buffer(let buffer):
                guard buffer.pts != UInt64.max else { return .drop }
                let s = state.withLock { $0 }
                switch TrimRange.cut(pts: buffer.pts, duration: buffer.duration, streamOffset: s.offset, startNs: start,
                                     endNs: end, bytesPerFrame: s.bpf, rate: s.rate, size: buffer.size) {
                case .drop: return .drop
                case .keep(let pts): return .rewrite(trimStartBytes: 0, pts: pts, duration: buffer.duration)
                case .trimStart(let bytes, let pts, let duration):
                    return .rewrite(trimStartBytes: bytes, pts: pts, duration: duration)
                }
            default:
                break
            }
            return .pass
        }
    }
}

/// The largest output stream time (end of a buffer: PTS + duration, in stream time, ns) seen
/// on the pad it is attached to.
final class PositionTracker: Sendable {
    private let value = Atomic<UInt64>(0)
    /// `segment.start - segment.time` of the current segment (stream time = PTS - offset).
    private let offset = Atomic<Int64>(0)

    var position: UInt64 { value.load(ordering: .relaxed) }

    func attach(to pad: Pad) {
        pad.addProbe([.buffers, .downstreamEvents]) { [self] item in
            switch item {
            case .segment(let segment):
                let start = Int64(clamping: segment.start)
                let time = Int64(clamping: segment.time)
                offset.store(start &- time, ordering: .relaxed)
            case .buffer(let buffer):
                let pts = buffer.pts, dur = buffer.duration
                guard pts != UInt64.max else { return .pass }
                let (sum, overflow) = pts.addingReportingOverflow(dur == UInt64.max ? 0 : dur)
                let (end, under) = Int64(clamping: overflow ? UInt64.max : sum)
                    .subtractingReportingOverflow(offset.load(ordering: .relaxed))
                let streamEnd = under ? 0 : UInt64(max(end, 0))
                var current = value.load(ordering: .relaxed)
                while streamEnd > current {
                    let (exchanged, original) = value.compareExchange(expected: current, desired: streamEnd, ordering: .relaxed)
                    if exchanged { break }
                    current = original
                }
            default:
                break
            }
            return .pass
        }
    }
}

/// Counts the audio frames that pass a pad (the encoder's input), with their sample rate: the
/// length of the warped audio, which the MP4 edit list plays.
final class SampleCounter: Sendable {
    private struct State {
        var frames = 0
        var rate = 0, bpf = 0
    }
    private let state = Mutex(State())

    /// The frames counted and their rate; nil before the caps.
    var total: (samples: Int, rate: Int)? {
        state.withLock { $0.rate > 0 ? ($0.frames, $0.rate) : nil }
    }

    /// Counts on `pad` from now on.
    func attach(to pad: Pad) {
        pad.addProbe([.buffers, .downstreamEvents]) { [self] item in
            switch item {
            case .caps(let caps):
                if let audio = caps.audio { state.withLock { $0.rate = audio.rate; $0.bpf = audio.bytesPerFrame } }
            case .buffer(let buffer):
                state.withLock { s in
                    if s.bpf > 0 { s.frames += buffer.size / s.bpf }
                }
            default:
                break
            }
            return .pass
        }
    }
}

/// Counts the decoded video's timestamp gaps (`DamageTally`) on the pad it is attached to.
final class DamageProbe: Sendable {
    private let tally: Mutex<DamageTally>
    /// `segment.start - segment.time` of the current segment (stream time = PTS - offset).
    private let offset = Atomic<Int64>(0)

    init(frameDuration: Double, mediumSeconds: Double) {
        tally = Mutex(DamageTally(frameDuration: frameDuration, mediumSeconds: mediumSeconds))
    }

    /// The report line, nil when nothing was damaged.
    var line: String? { tally.withLock { $0.line } }

    func attach(to pad: Pad) {
        pad.addProbe([.buffers, .downstreamEvents]) { [self] item in
            switch item {
            case .segment(let segment):
                offset.store(Int64(clamping: segment.start) &- Int64(clamping: segment.time), ordering: .relaxed)
            case .buffer(let buffer):
                guard buffer.pts != UInt64.max else { return .pass }
                let pts = Double(Int64(clamping: buffer.pts) &- offset.load(ordering: .relaxed)) / 1e9
                let duration = buffer.duration == UInt64.max ? nil : Double(buffer.duration) / 1e9
                tally.withLock { $0.add(pts: pts, duration: duration) }
            default:
                break
            }
            return .pass
        }
    }
}
