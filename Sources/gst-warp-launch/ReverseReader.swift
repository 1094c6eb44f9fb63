import CGStreamer
import Foundation
import GStreamerBinding
import Synchronization
import WarpLaunchKit

/// `warp --reverse`: the tool's own reader. It reads the input forwards one chunk at a time (a
/// keyframe interval, from a first pass over the parsed video), from the last chunk to the
/// first: a forward pipeline per chunk and stream (`urisourcebin ! parsebin`, the one stream
/// decoded, an accurate seek to the chunk, `appsink`), the decoded frames and audio kept in a
/// `ReverseStore` (memory up to a bound, a nameless temporary file past it). Each chunk is then
/// pushed, last frame first, into the warp pipeline's `appsrc`s, whose segment is replaced by a
/// reverse one (rate -1 over `[0, D]`), so `videotimewarp` and `audiotimewarp` with
/// `reverse=true` see what GStreamer's reverse playback would give them, from bounded memory.
/// Audio is cut at the same boundaries in samples (`ReverseChunks.sampleBoundary`), each
/// decoded from a little before the chunk so that codecs with a warm-up (AAC) are whole there.
final class ReverseReader: @unchecked Sendable {
    /// The input.
    let uri: String
    /// Which video stream is read (counting from 0 among the video streams), or nil.
    let videoIndex: Int?
    /// Which audio streams are read (counting from 0 among the audio streams), one `appsrc` each.
    let audioIndices: [Int]
    /// Which text subtitle streams are read (counting from 0 among them), one `appsrc` each:
    /// read whole, forwards (cues are small), each cue `[t0, t1)` written at
    /// `[T(D) - T(t1), T(D) - T(t0))`.
    let subtitleIndices: [Int]
    /// `T` in ns, for the subtitle cues.
    let warp: @Sendable (UInt64) -> UInt64
    /// The chunks, in forward order (read from the last).
    let chunks: [Range<UInt64>]
    /// `D`: the reverse segment runs over `[0, D]`.
    let duration: UInt64
    /// The frames the first pass found in each chunk (by timestamp): what decoding it must give.
    let frameCounts: [Int]
    /// The decoded frames of the current chunk.
    let store: ReverseStore
    /// The input's chapters, from the first pass over the video.
    let chapters: TocRecorder
    /// Where the subtitles are read (the input itself: a remuxed copy holds no subtitles).
    let subtitleURI: String
    /// Whether SSA/ASS subtitles are read as they are, styles included (the output keeps them:
    /// Matroska), rather than as their text.
    let keepsSSA: Bool
    private var textSources: [Element] = []
    private let cancelled = Atomic<Bool>(false)
    private let failureText = Mutex<String?>(nil)
    private let done = DispatchSemaphore(value: 0)
    private var started = false
    private var videoSource: Element?
    private var audioSources: [Element] = []

    /// Audio is decoded from this long before its chunk (and to this long after it), so that a
    /// codec's warm-up lies outside what is kept.
    static let audioMargin: UInt64 = 200_000_000
    /// Video is decoded to this long after its chunk: pictures of an open GOP shown before its
    /// keyframe (decoded after it) belong to the chunk before, and come out there.
    static let videoMargin: UInt64 = 500_000_000
    /// Keyframes closer than this after a chunk's start join that chunk.
    static let minimumChunk: UInt64 = 1_000_000_000
    /// The chunk length without keyframes (audio only).
    static let audioOnlyChunk: UInt64 = 2_000_000_000
    /// The default bound on the bytes of decoded frames held in memory.
    static let defaultMemoryLimit = 32 << 20

    /// What went wrong in the reader, if anything (after `stop()`).
    var failure: String? { failureText.withLock { $0 } }
    /// The bytes written to the temporary file over the run (after `stop()`).
    var spilledBytes: Int { store.spilledBytes }

    /// A reader of `uri` for the chunks planned from the video's keyframes (a first pass over the
    /// parsed stream) or, without video, fixed chunks; decoded frames beyond `memoryLimit`
    /// bytes go to a file beside `beside`.
    init(uri: String, videoIndex: Int?, audioIndices: [Int], subtitleIndices: [Int] = [], subtitleURI: String? = nil,
         keepsSSA: Bool = false, warp: @escaping @Sendable (UInt64) -> UInt64 = { $0 }, duration: UInt64,
         memoryLimit: Int, beside: String) throws {
        self.uri = uri
        self.videoIndex = videoIndex
        self.audioIndices = audioIndices
        self.subtitleIndices = subtitleIndices
        self.subtitleURI = subtitleURI ?? uri
        self.keepsSSA = keepsSSA
        self.warp = warp
        self.duration = duration
        store = ReverseStore(memoryLimit: memoryLimit, beside: beside)
        let chapters = TocRecorder()
        self.chapters = chapters
        let found: (times: [UInt64], counts: [Int]) = try videoIndex.map {
            try Self.keyframes(uri: uri, videoIndex: $0, chapters: chapters)
        } ?? ([], [])
        chunks = ReverseChunks.plan(keyframes: found.times, duration: duration, minimumLength: Self.minimumChunk,
                                    fallbackLength: Self.audioOnlyChunk)
        frameCounts = ReverseChunks.frames(in: chunks, keyframes: found.times, counts: found.counts)
    }

    /// The bound on memory: `GST_WARP_LAUNCH_REVERSE_MEMORY` (bytes) when set, else the default.
    static var memoryLimit: Int {
        ProcessInfo.processInfo.environment["GST_WARP_LAUNCH_REVERSE_MEMORY"].flatMap { Int($0) } ?? defaultMemoryLimit
    }

    // MARK: - The warp pipeline's sources

    /// The `appsrc` description for one stream of the reversed input.
    static func sourceDescription(name: String, audio: Bool) -> String {
        "appsrc name=\(name) format=time block=true is-live=false "
            + (audio ? "max-bytes=16000000" : "max-bytes=1")
    }

    /// Takes the warp pipeline's sources (the video one, one per audio track) and gives each the
    /// reverse segment.
    func attach(video: Element?, audio: [Element], text: [Element] = [], muxer: Element? = nil) {
        videoSource = video
        audioSources = audio
        textSources = text
        // The chapters, reversed through the map, straight to the muxer (no element maps them).
        if let muxer {
            let duration = self.duration, warp = self.warp
            chapters.set(on: muxer) { start, stop in
                let mapped = ReverseChunks.reversedChapter(start: start, stop: stop, duration: duration, warp: warp)
                return (mapped.start, mapped.stop)
            }
        }
        var segment = Segment.time()
        segment.rate = -1
        segment.stop = duration
        segment.position = duration
        for source in [video].compactMap({ $0 }) + audio {
            source.staticPad("src")?.replaceSegments(with: segment)
        }
    }

    /// Starts reading on a thread of its own.
    func start() {
        started = true
        Thread.detachNewThread { [self] in
            run()
            done.signal()
        }
    }

    /// Stops reading (when the warp pipeline has stopped) and waits for the thread.
    func stop() {
        cancelled.store(true, ordering: .relaxed)
        guard started else { return }
        started = false
        done.wait()
    }

    private func fail(_ text: String) {
        failureText.withLock { if $0 == nil { $0 = text } }
        cancelled.store(true, ordering: .relaxed)
    }

    private var shouldStop: Bool { cancelled.load(ordering: .relaxed) || Interrupts.pending }

    // MARK: - Reading

    /// One decoded piece held for the current chunk: where it goes, its time, its store index.
    private struct Piece {
        var source: Int  // -1: video; else the audio source's index
        var pts: UInt64
        var duration: UInt64
        var item: Int
        /// The part of the item that goes out (audio: the chunk's samples only).
        var offset = 0, length: Int
    }

    /// Per audio source, the first frames of each chunk as a forward decode from the start
    /// counts them (by the chunk's first sample index): where each chunk, decoded after a seek,
    /// must put them (`ReverseAudioAlignment`).
    private var anchors: [Int: [Int64: [UInt8]]] = [:]
    /// The sources (-1: video) whose stream tags were sent.
    private var tagsSent: Set<Int> = []

    private func run() {
        defer {
            for source in [videoSource].compactMap({ $0 }) + audioSources + textSources { source.endOfStream() }
        }
        // The subtitles first, whole (cues are small); they go into their appsrcs, all at once,
        // once the first chunk has gone out (the warp pipeline is then running), and are muxed
        // as the output reaches them.
        var subtitles: [ReversedSubtitles] = []
        for (k, index) in subtitleIndices.enumerated() where k < textSources.count {
            do { subtitles.append(try readSubtitles(index: index)) } catch {
                if !shouldStop { fail("\(error)") }
                return
            }
        }
        var caps: [Int: String] = [:]
        for (k, index) in audioIndices.enumerated() where k < audioSources.count {
            do { try findAnchors(index: index, source: k, caps: &caps) } catch {
                if !shouldStop { fail("\(error)") }
                return
            }
        }
        for (number, chunk) in chunks.enumerated().reversed() {
            if shouldStop { return }
            store.clear()
            var pieces: [Piece] = []
            do {
                if let videoIndex, videoSource != nil {
                    try readVideo(chunk, index: videoIndex, into: &pieces, caps: &caps)
                    // A demuxer that cannot seek exactly (MPEG-TS) gives other frames than the
                    // first pass found: refused, rather than written out of order.
                    let expected = frameCounts[number], got = pieces.count
                    if expected > 0, got != expected, !shouldStop {
                        throw CLIError("the input cannot be read exactly in chunks (the chunk at "
                                       + "\(Format.seconds(Double(chunk.lowerBound) / 1e9)) s gave \(got) frames, not \(expected)): "
                                       + "its container does not seek exactly; remux it first, "
                                       + "e.g. ffmpeg -i INPUT -c copy in.mkv, and reverse that")
                    }
                }
                for (k, index) in audioIndices.enumerated() where k < audioSources.count {
                    try readAudio(chunk, index: index, source: k, into: &pieces, caps: &caps)
                }
            } catch {
                if !shouldStop { fail("\(error)") }
                return
            }
            if shouldStop { return }
            // Last first, all streams interleaved by time, so the muxer is fed evenly.
            pieces.sort { $0.pts != $1.pts ? $0.pts > $1.pts : $0.source < $1.source }
            for piece in pieces {
                guard let source = piece.source < 0 ? videoSource : audioSources[piece.source],
                      var buffer = Buffer.allocate(size: piece.length) else {
                    fail("out of memory reading the reversed input back")
                    return
                }
                var readError: CLIError?
                _ = buffer.withMutableBytes { bytes in
                    do throws(CLIError) { try store.read(piece.item, offset: piece.offset, into: bytes) } catch { readError = error }
                }
                if let readError { fail(readError.message); return }
                buffer.stamp(pts: piece.pts, duration: piece.duration, discont: false)
                if source.pushBuffer(buffer) != GST_FLOW_OK {
                    cancelled.store(true, ordering: .relaxed)  // the warp pipeline stopped
                    return
                }
            }
            for (k, text) in subtitles.enumerated() { text.push(into: textSources[k]) }
            subtitles = []
        }
    }

    /// A forward pipeline over the one stream `index` of its kind: parsed, decoded, into `sink`.
    private func chunkPipeline(video: Bool, index: Int, tags: TagRecorder? = nil) throws -> (pipeline: Element, sink: Element) {
        let convert = video ? "" : "audioconvert name=conv ! audio/x-raw,layout=interleaved ! "
        let pipeline = try Gst.parseLaunch("urisourcebin name=src ! parsebin name=parse  decodebin name=dec  "
                                           + convert + "appsink name=sink sync=false max-buffers=4 enable-last-sample=false")
        guard let src = pipeline.child("src"), let parse = pipeline.child("parse"), let dec = pipeline.child("dec"),
              let sink = pipeline.child("sink"), let decSink = dec.staticPad("sink"),
              let target = (video ? sink : pipeline.child("conv"))?.staticPad("sink") else {
            throw CLIError("internal pipeline error: no source, decoder or sink to read the input in chunks")
        }
        src.set("uri", uri)
        // As the forward warp: every frame of a damaged chunk (GStreamer 1.26's FFmpeg decoders).
        if video { dec.avoidFrameThreadLossesInFFmpegDecoders() }
        if let tags, let pad = sink.staticPad("sink") { tags.attach(to: pad) }
        let picker = video ? BranchLinker(video: decSink, audio: [:], videoIndex: index)
            : BranchLinker(video: nil, audio: [index: decSink], videoIndex: Int.max)
        parse.onPadAdded { pad in picker.link(pad) }
        let decoded = BranchLinker(video: video ? target : nil, audio: video ? [:] : [0: target])
        dec.onPadAdded { pad in decoded.link(pad) }
        return (pipeline, sink)
    }

    /// Plays `pipeline` from `start` to `stop` (ns of stream time; nil: to the end), handing
    /// each sample to `take`.
    private func play(_ pipeline: Element, sink: Element, start: UInt64, stop: UInt64?, what: String,
                      _ take: (Sample) throws -> Void) throws {
        defer { pipeline.setState(.null) }
        func busError() -> String? {
            guard let message = pipeline.bus?.popError(), case .error(let problem) = message else { return nil }
            return problem.text
        }
        guard pipeline.changeState(.paused) != .failure else {
            throw CLIError("reading \(what) of the input in chunks failed: \(busError() ?? "it does not start")")
        }
        // Preroll, watching for errors and for a stop.
        while true {
            if shouldStop { return }
            if let error = busError() { throw CLIError("reading \(what) of the input in chunks failed: \(error)") }
            switch pipeline.waitForState(timeoutNs: 100_000_000) {
            case .done: break
            case .pending: continue
            case .failed: throw CLIError("reading \(what) of the input in chunks failed: \(busError() ?? "it does not start")")
            }
            break
        }
        guard pipeline.seek(flags: [.flush, .accurate], start: Int64(start), stop: stop.map { Int64($0) } ?? -1) else {
            throw CLIError("reading \(what) of the input in chunks failed: it cannot seek, which --reverse needs")
        }
        pipeline.setState(.playing)
        while !shouldStop {
            if let sample = sink.pullSample(timeoutNs: 100_000_000) {
                try take(sample)
                continue
            }
            if let error = busError() { throw CLIError("reading \(what) of the input in chunks failed: \(error)") }
            if sink.isAtEOS { return }
        }
    }

    private func noteCaps(_ sample: Sample, source: Int, caps: inout [Int: String]) {
        guard let text = sample.capsText, caps[source] != text,
              let element = source < 0 ? videoSource : audioSources[source] else { return }
        caps[source] = text
        element.set("caps", text)
    }

    private func readVideo(_ chunk: Range<UInt64>, index: Int, into pieces: inout [Piece],
                           caps: inout [Int: String]) throws {
        // The stream's tags (language, title, orientation, which videoflip turns upright) go
        // to the appsrc once, from the first chunk read.
        let tags = tagsSent.contains(-1) ? nil : TagRecorder()
        let (pipeline, sink) = try chunkPipeline(video: true, index: index, tags: tags)
        let stop = chunk.upperBound >= UInt64.max - Self.videoMargin ? nil : chunk.upperBound + Self.videoMargin
        // Two frames at the chunk's start: the one before it, whose end (timestamps rounded to
        // milliseconds) reaches past the seek target, comes first, clipped to the segment start;
        // the keyframe that starts there comes next and replaces it (by its place in `pieces`).
        var seen: [UInt64: Int] = [:]
        var decoded = Set<UInt64>()
        let first = pieces.count
        try play(pipeline, sink: sink, start: chunk.lowerBound, stop: stop, what: "the video") { sample in
            guard sample.pts != ClockTime.none, let t = sample.segment?.streamTime(of: sample.pts) else { return }
            decoded.insert(t)
            guard chunk.contains(t) else { return }
            noteCaps(sample, source: -1, caps: &caps)
            if let tags, !tagsSent.contains(-1), let videoSource {
                tags.send(to: videoSource)
                tagsSent.insert(-1)
            }
            let item = try sample.withBytes { bytes in try store.append(bytes) }
            guard let item else { throw CLIError("cannot read a decoded frame of the input") }
            let piece = Piece(source: -1, pts: t, duration: sample.duration, item: item, length: sample.size)
            if let earlier = seen[t] { pieces[earlier] = piece } else { seen[t] = pieces.count; pieces.append(piece) }
        }
        // Each frame lasts until the next one decoded (the margin past the chunk gives the last
        // one's successor): the decoder may give the first frame after a seek a clipped duration,
        // and a reversed frame's place is its end.
        let times = decoded.sorted()
        for i in first..<pieces.count {
            let t = pieces[i].pts
            if let next = ReverseChunks.successor(of: t, in: times) { pieces[i].duration = next - t }
        }
    }

    private func readAudio(_ chunk: Range<UInt64>, index: Int, source: Int, into pieces: inout [Piece],
                           caps: inout [Int: String]) throws {
        let (pipeline, sink) = try chunkPipeline(video: false, index: index)
        let start = chunk.lowerBound > Self.audioMargin ? chunk.lowerBound - Self.audioMargin : 0
        let stop = chunk.upperBound >= UInt64.max - Self.audioMargin ? nil : chunk.upperBound + Self.audioMargin
        // Blocks of the decoded audio, counted from the seek's first timestamp; which samples
        // belong to the chunk is decided once the count is aligned with the chunk read before.
        struct Block { var first: Int64; var frames: Int; var item: Int }
        var blocks: [Block] = []
        var counted: Int64?
        var format: (rate: Int, bytesPerFrame: Int)?
        var bounds: (lower: Int64, upper: Int64, tolerance: Int64) = (0, 0, 0)
        var head = ReverseAudioAlignment.Window(from: 0, to: 0)
        let anchorFrames = ReverseAudioAlignment.anchorFrames
        try play(pipeline, sink: sink, start: start, stop: stop, what: "audio track \(index + 1)") { sample in
            guard let f = sample.audioFormat, f.rate > 0, f.bytesPerFrame > 0,
                  sample.pts != ClockTime.none, let t = sample.segment?.streamTime(of: sample.pts) else { return }
            if format == nil {
                format = f
                let tolerance = Int64(max(f.rate / 500, 1))  // 2 ms: Matroska's rounding and more
                bounds = (ReverseChunks.sampleBoundary(chunk.lowerBound, rate: f.rate),
                          ReverseChunks.sampleBoundary(chunk.upperBound, rate: f.rate), tolerance)
                head = .init(from: bounds.lower - tolerance, to: bounds.lower + tolerance + Int64(anchorFrames))
            }
            let bpf = f.bytesPerFrame
            let frames = sample.size / bpf
            let first = ReverseChunks.bufferStart(timestampIndex: ReverseChunks.sampleIndex(at: t, rate: f.rate),
                                                  counted: sample.isDiscont ? nil : counted, tolerance: bounds.tolerance)
            counted = first + Int64(frames)
            let keep = ReverseChunks.keep(first: first, frames: frames, lower: bounds.lower - bounds.tolerance,
                                          upper: bounds.upper == Int64.max ? Int64.max : bounds.upper + bounds.tolerance)
            guard !keep.isEmpty || bounds.upper != Int64.max else { return }
            noteCaps(sample, source: source, caps: &caps)
            try sample.withBytes { bytes in
                head.add(first: first, bytes: bytes, bytesPerFrame: bpf)
                // Blocks of at most 4096 frames: each goes out as one buffer, so the element
                // holds no more than that of a chunk at a time.
                var from = keep.lowerBound
                while from < keep.upperBound {
                    let to = min(from + 4096, keep.upperBound)
                    let item = try store.append(UnsafeRawBufferPointer(rebasing: bytes[(from * bpf)..<(to * bpf)]))
                    blocks.append(Block(first: first + Int64(from), frames: to - from, item: item))
                    from = to
                }
            }
        }
        guard let format, !shouldStop else { return }
        let bpf = format.bytesPerFrame
        // Align the count with the forward decode's, by the chunk's first frames.
        var delta: Int64 = 0
        if let anchor = anchors[source]?[bounds.lower], let window = head.start {
            delta = ReverseAudioAlignment.shift(anchor: anchor, anchorIndex: bounds.lower, window: head.bytes,
                                                windowStart: window, bytesPerFrame: bpf,
                                                tolerance: bounds.tolerance) ?? 0
        }
        for block in blocks {
            let first = block.first + delta
            let keep = ReverseChunks.keep(first: first, frames: block.frames, lower: bounds.lower, upper: bounds.upper)
            guard !keep.isEmpty else { continue }
            let startTime = ReverseChunks.time(ofSample: first + Int64(keep.lowerBound), rate: format.rate)
            let endTime = ReverseChunks.time(ofSample: first + Int64(keep.upperBound), rate: format.rate)
            pieces.append(Piece(source: source, pts: startTime, duration: endTime - startTime, item: block.item,
                                offset: keep.lowerBound * bpf, length: keep.count * bpf))
        }
    }

    // MARK: - Subtitles

    /// Reads text subtitle stream `index` whole (`parsebin`, the stream decoded to text), its
    /// cues reversed and warped.
    private func readSubtitles(index: Int) throws -> ReversedSubtitles {
        let pipeline = try Gst.parseLaunch("urisourcebin name=src ! parsebin name=parse  decodebin name=dec ! "
                                           + "appsink name=sink sync=false enable-last-sample=false")
        guard let src = pipeline.child("src"), let parse = pipeline.child("parse"), let decSink = pipeline.child("dec")?.staticPad("sink"),
              let sink = pipeline.child("sink"), let sinkPad = sink.staticPad("sink") else {
            throw CLIError("internal pipeline error: no source, decoder or sink to read the subtitles")
        }
        src.set("uri", subtitleURI)
        if keepsSSA, let dec = pipeline.child("dec") {
            // parsebin would turn SSA/ASS into text (ssaparse), and decodebin would too.
            parse.stopAutoplugging(at: WarpGraph.ssaTypes)
            dec.set("caps", WarpGraph.decodedAndSSACaps)
        }
        var result = ReversedSubtitles()
        result.tags.attach(to: sinkPad)
        let picker = SubtitlePicker(target: decSink, index: index)
        parse.onPadAdded { pad in picker.link(pad) }
        try play(pipeline, sink: sink, start: 0, stop: nil, what: "subtitle track \(index + 1)") { sample in
            guard sample.pts != ClockTime.none, let t = sample.segment?.streamTime(of: sample.pts) else { return }
            // Text as UTF-8 text (matroskademux gives SRT as pango markup, which the muxers do not
            // take: the bytes are the same); SSA/ASS with its caps (its header in codec_data).
            if result.caps == nil {
                result.caps = sample.capsText.map { $0.hasPrefix("text/x-raw") ? "text/x-raw,format=utf8" : $0 }
            }
            let end = sample.duration == ClockTime.none ? duration : t &+ sample.duration
            guard let range = ReverseChunks.reversed(start: t, end: end, duration: duration, warp: warp),
                  let bytes = sample.withBytes({ Array($0) }), !bytes.isEmpty else { return }
            result.cues.append((range, bytes))
        }
        // Latest first in the input: earliest first in the output.
        result.cues.reverse()
        return result
    }

    // MARK: - The first passes

    /// Decodes audio track `index` once, forwards from the start, and keeps the first frames of
    /// each chunk (`ReverseAudioAlignment.anchorFrames`), counted from the start: a few hundred
    /// bytes per chunk, not the track.
    private func findAnchors(index: Int, source: Int, caps: inout [Int: String]) throws {
        let tags = TagRecorder()
        let (pipeline, sink) = try chunkPipeline(video: false, index: index, tags: tags)
        var counted: Int64?
        var windows: [ReverseAudioAlignment.Window] = []
        var rate = 0
        try play(pipeline, sink: sink, start: 0, stop: nil, what: "audio track \(index + 1)") { sample in
            guard let f = sample.audioFormat, f.rate > 0, f.bytesPerFrame > 0 else { return }
            if windows.isEmpty {
                rate = f.rate
                noteCaps(sample, source: source, caps: &caps)  // before the tags go to the appsrc
                windows = chunks.map {
                    let lower = ReverseChunks.sampleBoundary($0.lowerBound, rate: f.rate)
                    return .init(from: lower, to: lower + Int64(ReverseAudioAlignment.anchorFrames))
                }
            }
            let stamped = sample.pts == ClockTime.none ? nil : sample.segment?.streamTime(of: sample.pts)
            let first = counted ?? stamped.map { ReverseChunks.sampleIndex(at: $0, rate: f.rate) } ?? 0
            counted = first + Int64(sample.size / f.bytesPerFrame)
            sample.withBytes { bytes in
                for i in windows.indices where windows[i].to > first && windows[i].from < counted! {
                    windows[i].add(first: first, bytes: bytes, bytesPerFrame: f.bytesPerFrame)
                }
            }
        }
        guard rate > 0 else { return }
        if source < audioSources.count {
            tags.send(to: audioSources[source])
            tagsSent.insert(source)
        }
        var found: [Int64: [UInt8]] = [:]
        for window in windows where window.start == window.from && window.bytes.count > 0 {
            found[window.from] = window.bytes
        }
        anchors[source] = found
    }

    /// The stream times (ns) of the keyframes of video stream `videoIndex`: the input parsed,
    /// not decoded.
    static func keyframes(uri: String, videoIndex: Int, chapters: TocRecorder? = nil) throws -> (times: [UInt64], counts: [Int]) {
        let pipeline = try Gst.parseLaunch("urisourcebin name=src ! parsebin name=parse  fakesink name=sink sync=false")
        guard let src = pipeline.child("src"), let parse = pipeline.child("parse"),
              let pad = pipeline.child("sink")?.staticPad("sink") else {
            throw CLIError("internal pipeline error: no source or sink to find the keyframes")
        }
        src.set("uri", uri)
        let linker = BranchLinker(video: pad, audio: [:], videoIndex: videoIndex)
        parse.onPadAdded { pad in linker.link(pad) }
        let collector = KeyframeCollector()
        collector.attach(to: pad)
        chapters?.attach(to: pad)
        let runner = PipelineRunner(options: .init(quiet: true, brief: true))
        let outcome = runner.run(pipeline: pipeline)
        pipeline.setState(.null)
        if let sig = outcome.signal {
            throw CLIError("interrupted while finding the keyframes to reverse", exitCode: Interrupts.exitCode(sig))
        }
        if let error = outcome.error { throw CLIError("finding the keyframes to reverse failed: \(error)") }
        return (collector.times, collector.counts)
    }
}
