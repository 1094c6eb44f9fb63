import Foundation
import GStreamerBinding
import GStreamerDiscovery
import WarpLaunchKit

/// `warp IN OUT --hosts FILE` / `--chunks N`: the video cut at keyframes into chunks
/// (`ChunkPlan`), each warped on a host by `gst-warp-launch` with the whole file's map
/// (`ChunkWorker`), GNU parallel over ssh choosing the hosts and running failed chunks again
/// elsewhere (`ParallelRun`); meanwhile the audio tracks and subtitles are warped here in one
/// pass (a `warp -vn` child); then the parts and that pass are joined without re-encoding
/// (`ChunkJoin`) under a temporary name, renamed when complete. Every exit removes the work
/// folder here and on the hosts.
struct ChunkedWarp {
    let warp: WarpCommand
    let chunking: ChunkArguments

    /// What the input and the curve give before any host is asked.
    struct Setup {
        var media: MediaInfo
        var spans: [ChunkSpan]
        var destination: String
        var codec: VideoCodec
        var outputSeconds: Double
        var keepsOther: Bool
        var splitSeconds: Double
    }

    func run() throws {
        try Gst.initialize()
        Interrupts.begin()
        defer { Interrupts.end() }
        let logins = try hostLogins()
        let setup = try prepare(slots: logins.count)
        let work = try ChunkWorkDir(beside: setup.destination, input: warp.input)
        defer { work.remove() }
        let hostsFile = work.path + "/hosts"
        try TextFile.write(logins.map(\.line).joined(separator: "\n") + "\n", to: hostsFile)
        let remote = logins.contains { !$0.isLocal }
        defer { if remote { cleanRemote(hostsFile: hostsFile, folder: work.remoteName) } }
        if remote { try checkVersions(hostsFile: hostsFile, logins: logins) }
        say("Chunks:   \(setup.spans.count) chunk\(setup.spans.count == 1 ? "" : "s") at keyframes over "
            + (chunking.hosts.map { "the \(logins.count) host\(logins.count == 1 ? "" : "s") of \($0)" } ?? "this machine")
            + "; audio and subtitles warped here in one pass")
        let started = Date()
        let audioPass = setup.keepsOther ? try startAudioPass(into: work.path + "/other.mkv") : nil
        let jobs = ParallelRun(options: parallelOptions(hostsFile: hostsFile, work: work, remote: remote),
                               command: workerCommand(work: work, setup: setup), spans: setup.spans,
                               environment: parallelEnvironment(), directory: work.path)
        try jobs.start()
        try follow(jobs, audioPass: audioPass, setup: setup, started: started)
        let warped = Date()
        try checkOutcome(jobs, audioPass: audioPass, setup: setup, work: work)
        let joinStarted = Date()
        let frames = try join(setup: setup, work: work, other: audioPass == nil ? nil : work.path + "/other.mkv")
        report(log: work.path + "/joblog", setup: setup, frames: frames,
               times: (split: setup.splitSeconds, warp: warped.timeIntervalSince(started), join: Date().timeIntervalSince(joinStarted)))
    }

    func say(_ text: String) { if !warp.quiet { print(text) } }

    /// The hosts: the sshlogin file's, or this machine (`:`) for `--chunks` alone.
    private func hostLogins() throws -> [SSHLogin] {
        guard let file = chunking.hosts else { return [SSHLogin(line: ":", name: ":", slots: nil)] }
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            throw CLIError("cannot read the hosts file '\(file)'")
        }
        return try SSHLoginFile.parse(text, file: file)
    }

    /// The input, the map, the chunks and the output's checks (as `warp` makes them).
    private func prepare(slots: Int) throws -> Setup {
        var media = try MediaInfo.discover(path: warp.input)
        if let duration = warp.duration { media.duration = UInt64((duration * 1e9).rounded()) }
        guard media.duration != UInt64.max, media.duration > 0 else {
            throw CLIError("cannot tell the duration of '\(warp.input)', which the time map needs: give it with --duration SECONDS")
        }
        guard let video = media.video, media.videoStreams > 0 else {
            throw CLIError("'\(warp.input)' has no video to cut into chunks: warp it without --hosts/--chunks")
        }
        let container = try CodecChoice.apply(video: warp.videoCodec, audio: warp.audioCodec,
                                              to: OutputContainer.resolve(output: warp.output, format: warp.format))
        let source = SourceFormat(videoCaps: media.videoCaps, audioCaps: media.audioCaps, audioDepth: media.audioDepth)
        let codec = warp.videoCodec == nil ? (source.preferredVideoCodec(for: container) ?? container.video) : container.video
        guard let codec else { throw CLIError("internal error: no video codec for .mkv") }
        let d = media.seconds
        let map = try warp.curve.options.makeMap(duration: d)
        let destination = try checkOutput()
        let streams = StreamChoice.decide(videoStreams: media.videoStreams, audioStreams: media.audioStreams, container: container,
                                          selection: (try? warp.selection) ?? StreamSelection(), streamTypes: media.streamTypes)
        if let refusal = streams.refusal { throw CLIError(refusal.replacingOccurrences(of: "INPUT", with: "'\(warp.input)'")) }
        let splitStarted = Date()
        let keyframes = try ReverseReader.keyframes(uri: try Gst.uri(forPath: warp.input), videoIndex: streams.videoIndex).times
        let wanted = chunking.chunks ?? (chunking.hosts == nil ? ProcessInfo.processInfo.activeProcessorCount : 2 * slots)
        let spans = ChunkPlan.spans(keyframes: keyframes, duration: media.duration, count: wanted,
                                    margin: ChunkSpan.margin(fpsN: video.fpsN, fpsD: video.fpsD)) { t in
            UInt64(max(0, (map.warp(Double(t) / 1e9) * 1e9).rounded()))
        }
        return Setup(media: media, spans: spans, destination: destination, codec: codec, outputSeconds: map.warp(d),
                     keepsOther: (streams.keepsAudio && !streams.audioIndices.isEmpty) || !streams.subtitleIndices.isEmpty,
                     splitSeconds: Date().timeIntervalSince(splitStarted))
    }

    /// The output's checks of `warp` (not the input, not a directory, -y/-n, a writable folder);
    /// the path written (links followed).
    private func checkOutput() throws -> String {
        try OutputGuard.check(warp.output, against: [("input", warp.input)])
        if FileIdentity(path: warp.output) != nil {
            if warp.neverOverwrite { throw CLIError("the output '\(warp.output)' exists, and -n says not to overwrite it") }
            if !warp.overwrite { throw CLIError("the output '\(warp.output)' exists: give -y to overwrite it (or -n never to)") }
        }
        let destination = OutputPaths.resolvingLinks(warp.output)
        let dir = OutputPaths.directory(of: destination)
        guard FileManager.default.isWritableFile(atPath: dir) else {
            throw CLIError("the output directory '\(dir)' does not exist or is not writable")
        }
        return destination
    }
}
