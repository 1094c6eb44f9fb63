import CGStreamer
import Foundation
import GStreamerBinding
import Synchronization
import WarpLaunchKit

/// Joins the parts of `warp --hosts/--chunks` into one Matroska file without re-encoding: the
/// encoded video buffers of each part, in order, into an `appsrc` with their timestamps and
/// flags untouched (each part holds only its own output slots, so the times run on), and the
/// streams of the local audio-and-subtitles pass (`parsebin`) beside them, into `matroskamux`.
final class ChunkJoin: @unchecked Sendable {
    private let parts: [String]
    private let pipeline: Element
    private let source: Element
    private let failure = Mutex<String?>(nil)
    private let done = DispatchSemaphore(value: 0)
    /// Frames pushed from each part.
    private(set) var frames: [Int] = []

    /// The join of `parts` and, when given, the streams of `audio` (their media types in the
    /// file's order: `audioTypes`), written to `descriptor`.
    init(parts: [String], audio: (path: String, types: [String])?, muxer: String, descriptor: Int32) throws {
        self.parts = parts
        let caps = try Self.firstCaps(of: parts[0])
        let others = (audio?.types ?? []).enumerated().map { i, type in
            "  queue name=aq\(i) max-size-buffers=0 max-size-bytes=0 max-size-time=0 ! capsfilter caps=\(type) ! mux."
        }.joined()
        pipeline = try Gst.parseLaunch("appsrc name=v format=time block=true is-live=false max-bytes=16000000 ! queue ! "
                                       + "\(muxer) name=mux ! fdsink name=sink" + (audio == nil ? "" : "  filesrc name=afile ! parsebin name=apar")
                                       + others)
        guard let v = pipeline.child("v"), let sink = pipeline.child("sink") else {
            throw CLIError("internal pipeline error: the join is incomplete")
        }
        source = v
        v.set("caps", caps)
        sink.set("fd", String(descriptor))
        if let audio, let file = pipeline.child("afile"), let parse = pipeline.child("apar") {
            file.set("location", audio.path)
            var audioPads: [Int: Pad] = [:], textPads: [Int: Pad] = [:]
            for (i, type) in audio.types.enumerated() {
                guard let pad = pipeline.child("aq\(i)")?.staticPad("sink") else { continue }
                if type.hasPrefix("audio/") { audioPads[audioPads.count] = pad } else { textPads[textPads.count] = pad }
            }
            let linker = BranchLinker(video: nil, audio: audioPads, text: textPads)
            parse.onPadAdded { pad in linker.link(pad) }
        }
    }

    /// The caps of a part's first buffer (the encoder's output caps, codec data included).
    private static func firstCaps(of part: String) throws -> String {
        let reader = try PartReader(path: part)
        defer { reader.close() }
        guard let sample = reader.next(), let caps = sample.capsText else {
            throw CLIError("the part '\(part)' holds no video: its job wrote nothing")
        }
        return caps
    }

    /// Runs the join to its end; throws a one-line `CLIError`.
    func run() throws {
        Thread.detachNewThread { [self] in
            feed()
            done.signal()
        }
        let runner = PipelineRunner(options: .init(quiet: true, brief: true))
        let outcome = runner.run(pipeline: pipeline)
        done.wait()
        if let sig = outcome.signal { throw CLIError("interrupted by \(Interrupts.name(sig))", exitCode: Interrupts.exitCode(sig)) }
        if let problem = failure.withLock({ $0 }) { throw CLIError("joining the parts failed: \(problem)") }
        if let error = outcome.error { throw CLIError("joining the parts failed: \(error)") }
    }

    /// Pushes every part's buffers, in order, then ends the stream.
    private func feed() {
        defer { source.endOfStream() }
        for part in parts {
            var count = 0
            do {
                let reader = try PartReader(path: part)
                defer { reader.close() }
                while let sample = reader.next() {
                    guard let buffer = sample.takeBuffer(runningTime: true) else { continue }
                    guard source.pushBuffer(buffer) == GST_FLOW_OK else { return }
                    count += 1
                }
            } catch {
                failure.withLock { $0 = "\(error)" }
                return
            }
            frames.append(count)
        }
    }
}

/// The buffers of one part (`filesrc ! gdpdepay ! appsink`), one sample at a time.
final class PartReader {
    private let pipeline: Element
    private let sink: Element

    init(path: String) throws {
        pipeline = try Gst.parseLaunch("filesrc name=src ! gdpdepay ! appsink name=sink sync=false max-buffers=8 enable-last-sample=false")
        guard let src = pipeline.child("src"), let sink = pipeline.child("sink") else {
            throw CLIError("internal pipeline error: cannot read the part '\(path)'")
        }
        self.sink = sink
        src.set("location", path)
        guard pipeline.setState(.playing) else { throw CLIError("cannot read the part '\(path)'") }
    }

    /// The next sample, or nil at the end.
    func next() -> Sample? { sink.pullSample() }

    func close() { pipeline.setState(.null) }
}
