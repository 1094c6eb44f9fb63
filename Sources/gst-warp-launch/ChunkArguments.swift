import ArgumentParser
import TimeWarpMap
import WarpLaunchKit

/// `warp IN OUT --hosts FILE` / `--chunks N`: one file cut into chunks at keyframes, the chunks'
/// video warped over several hosts (GNU parallel over ssh) and joined without re-encoding, the
/// audio and subtitles warped here in one pass (`ChunkedWarp`). `--chunk-span` is the hidden
/// option of the worker each chunk runs (`ChunkWorker`).
struct ChunkArguments: ParsableArguments {
    @Option(help: ArgumentHelp("Warp the video in chunks over the hosts of FILE, GNU parallel's sshlogin file (one [N/]sshlogin a line; ':' is this machine), each with gst-warp-launch of this version on its PATH. Writes .mkv.",
                               valueName: "file"))
    var hosts: String?

    @Option(help: ArgumentHelp("Cut the video into about N chunks at keyframes (each at least 2 s): with --hosts, over the hosts (default: twice the hosts); alone, on this machine.",
                               valueName: "n"))
    var chunks: Int?

    @Option(name: .customLong("chunk-span"), help: .hidden)
    var chunkSpan: String?

    /// Whether the job is chunked (the driver's side).
    var isChunked: Bool { hosts != nil || chunks != nil }

    /// The usage errors of the driver (status 2), after `warp`'s own checks of one file.
    func validate(_ warp: WarpCommand) throws {
        guard isChunked else { return }
        func refuse(_ what: String, _ why: String) -> ValidationError {
            ValidationError("\(what) is not supported with --hosts/--chunks (\(why))")
        }
        if let chunks, chunks < 1 { throw ValidationError("--chunks must be at least 1, got \(chunks)") }
        if warp.isBatch { throw ValidationError("--hosts/--chunks cut one file: for many files, see docs/scale.md (GNU parallel runs one warp per file)") }
        if warp.input == "-" || warp.output == "-" { throw refuse("stdin or stdout (-)", "the chunks read a file and the join writes one") }
        if warp.reverse { throw refuse("--reverse", "a chunk is warped forwards") }
        if warp.curve.remap != nil || warp.curve.boomerang { throw refuse("a remap curve", "a chunk's output must not go back") }
        if warp.ss != nil || warp.to != nil || warp.t != nil { throw refuse("-ss/-to/-t", "trim first") }
        if warp.noVideo { throw refuse("-vn", "the chunks are the video") }
        if warp.plot { throw refuse("--plot", "draw it with gst-warp-launch plot") }
        if warp.progressURL != nil, warp.progressURL == "-" { throw refuse("-progress -", "stdout carries the hosts' progress") }
        let name = warp.output.lowercased()
        guard name.hasSuffix(".mkv") || warp.format?.lowercased() == "matroska" else {
            throw ValidationError("--hosts/--chunks write Matroska: give OUTPUT a .mkv name (its timestamps are kept exactly through the join)")
        }
    }

    /// The worker's own check: INPUT and the part file, and a span it can read.
    func validateWorker(paths: [String]) throws {
        guard let chunkSpan, ChunkSpan(argument: chunkSpan) != nil else { throw ValidationError("--chunk-span: not a chunk") }
        guard paths.count == 2 else { throw ValidationError("a chunk worker takes INPUT PART") }
    }
}

extension WarpCommand {
    /// The worker of one chunk, from this (hidden `--chunk-span`) command line.
    func chunkWorker() -> ChunkWorker {
        ChunkWorker(input: input, part: output, span: ChunkSpan(argument: chunking.chunkSpan ?? "") ?? ChunkSpan(index: 0, start: 0, end: 1, outputStart: 0, outputEnd: 1),
                    curve: curve.options, frameRate: fps.flatMap { FrameRateChoice(argument: $0) }, duration: duration,
                    encoder: encoder, videoCodec: videoCodec, frameMode: flow ? .flow : blend ? .blend : .propertyDefault,
                    shutterAngle: shutterAngle)
    }
}
