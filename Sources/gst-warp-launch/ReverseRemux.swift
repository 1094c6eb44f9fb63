import Foundation
import GStreamerBinding
import GStreamerDiscovery
import WarpLaunchKit

/// `warp --reverse` on a container whose demuxer does not seek exactly (MPEG-TS, MPEG-PS;
/// `ReverseChunks.seeksExactly`): the input is first remuxed, without re-encoding
/// (`urisourcebin ! parsebin`, each kept stream into `matroskamux`), into a nameless temporary
/// file beside the output (`UnlinkedFile`: unlinked the moment it exists, so no exit leaves it
/// behind), which `ReverseReader` then reads in chunks through `/proc/self/fd/N`. Matroska
/// writes the streams' running times, so a stream that starts late (a TS's first PTS) starts
/// at 0 there, as the elements see it in the TS itself.
final class ReverseRemux {
    private var descriptor: Int32
    /// The remuxed copy's duration (ns), from GstDiscoverer.
    let duration: UInt64
    /// Its bytes.
    let size: Int

    /// A path that reads the remuxed copy while it is open.
    var path: String { UnlinkedFile.path(of: descriptor) }

    /// Remuxes video stream `videoIndex` (nil: none; it is stream 0 of the copy) and the first
    /// `audioStreams` audio streams (keeping their order, so audio track k is track k of the
    /// copy) of `input` into a file beside `beside`.
    init(input: String, videoIndex: Int?, audioStreams: Int, beside: String) throws {
        let fd = try UnlinkedFile.create(beside: beside, suffix: ".remux.mkv", what: "the remuxed copy of the input")
        var ok = false
        defer { if !ok { Glibc.close(fd) } }
        let open = "queue max-size-buffers=0 max-size-bytes=0 max-size-time=10000000000"
        let description = "urisourcebin name=src ! parsebin name=parse  matroskamux name=mux ! fdsink name=sink"
            + (videoIndex == nil ? "" : "  \(open) name=v ! mux.video_0")
            + (0..<audioStreams).map { "  \(open) name=a\($0) ! mux.audio_\($0)" }.joined()
        let pipeline = try Gst.parseLaunch(description)
        defer { pipeline.setState(.null) }
        guard let src = pipeline.child("src"), let parse = pipeline.child("parse"), let sink = pipeline.child("sink") else {
            throw CLIError("internal pipeline error: no source, parser or sink to remux the input")
        }
        src.set("uri", try Gst.uri(forPath: input))
        sink.set("fd", String(fd))
        var audio: [Int: Pad] = [:]
        for k in 0..<audioStreams {
            guard let pad = pipeline.child("a\(k)")?.staticPad("sink") else {
                throw CLIError("internal pipeline error: no queue to remux audio track \(k + 1)")
            }
            audio[k] = pad
        }
        let linker = BranchLinker(video: pipeline.child("v")?.staticPad("sink"), audio: audio, videoIndex: videoIndex ?? Int.max)
        parse.onPadAdded { pad in linker.link(pad) }
        let outcome = PipelineRunner(options: .init(quiet: true, brief: true)).run(pipeline: pipeline)
        pipeline.setState(.null)
        if let sig = outcome.signal {
            throw CLIError("interrupted while remuxing the input to reverse it", exitCode: Interrupts.exitCode(sig))
        }
        if let error = outcome.error {
            throw CLIError("remuxing the input into Matroska (to read it in chunks) failed: \(error)")
        }
        let copy = try MediaInfo.discover(path: UnlinkedFile.path(of: fd))
        // Every stream must have gone across: a stream Matroska cannot hold would shift the others.
        guard copy.videoStreams == (videoIndex == nil ? 0 : 1), copy.audioStreams == audioStreams else {
            throw CLIError("the input cannot be remuxed into Matroska as it is (\(copy.videoStreams) video and "
                           + "\(copy.audioStreams) audio streams came across, not \(videoIndex == nil ? 0 : 1) and "
                           + "\(audioStreams)), which reading it in chunks needs: convert it first, "
                           + "e.g. ffmpeg -i INPUT -c:v copy -c:a flac in.mkv, and reverse that")
        }
        duration = copy.duration
        var info = stat()
        size = fstat(fd, &info) == 0 ? Int(info.st_size) : 0
        descriptor = fd
        ok = true
    }

    deinit { close() }

    /// Closes the copy (its space is freed).
    func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }
}
