import Foundation
import GStreamerBinding
import GStreamerDiscovery
import WarpLaunchKit

/// Step 1 of `WarpJob.run`'s findings: the file read, what it holds, what becomes of each stream
/// and the container and encoders that write them.
struct WarpSource {
    /// The file read (stdin's temporary copy for `-`).
    var path: String
    /// What the input holds, with the streams not kept left out and `duration` the part's D.
    var media: MediaInfo
    /// What each stream becomes.
    var streams: StreamChoice
    /// The container written, with its codecs (the input's codec family kept where it can be).
    var container: OutputContainer
    /// The encoder settings, with the PCM sample format for the input.
    var encoder: EncoderSettings
}

extension WarpJob {
    /// Step 1: stdin is copied to a temporary file (created exclusively, removed at the end), so
    /// that it can be probed and read like a file; nil for a file input.
    func spoolStandardInput() throws -> TemporaryFile? {
        guard input == "-" else { return nil }
        let file = try TemporaryFile.create(beside: NSTemporaryDirectory() + "/gst-warp-launch-stdin")
        do {
            try Self.copyStandardInput(to: file)
            if let sig = Interrupts.take() { throw interrupted(by: sig) }
        } catch {
            file.remove()
            throw error
        }
        return file
    }

    /// Step 1: the input at `path`, its duration D (the container's, or `--duration`) and what
    /// each stream becomes (`StreamChoice` decides; a stream not kept is not decoded).
    func discoverInput(at path: String) throws -> WarpSource {
        var media = try MediaInfo.discover(path: path)
        if let duration {
            guard let ns = UInt64(exactly: (duration * 1e9).rounded()), ns > 0 else {
                throw CLIError("--duration \(duration) is not a duration GStreamer can hold", exitCode: 2)
            }
            media.duration = ns
        }
        guard media.duration != UInt64.max, media.duration > 0 else {
            throw CLIError("cannot tell the duration of '\(inputName)', which the time map needs: give it with --duration SECONDS"
                           + " (the plan and a curve in fractions of D need it)")
        }
        guard media.videoStreams > 0 || media.audioStreams > 0 else {
            throw CLIError("'\(inputName)' has neither video nor audio")
        }
        let streams = StreamChoice.decide(videoStreams: media.videoStreams, audioStreams: media.audioStreams,
                                          container: outputFormat.container, selection: selection, streamTypes: media.streamTypes)
        if let refusal = streams.refusal { throw CLIError(refusal.replacingOccurrences(of: "INPUT", with: "'\(inputName)'")) }
        // Depth and codec family kept (issue 20): VP9 in gives VP9 in WebM; PCM has the input's
        // integer depth.
        let format = SourceFormat(videoCaps: media.videoCaps, audioCaps: media.audioCaps, audioDepth: media.audioDepth)
        let container = outputFormat.container(for: format, keepsVideo: streams.keepsVideo)
        var encoder = self.encoder
        if container.audio == .pcm { encoder.pcmFormat = outputFormat.pcmFormat(for: format) }
        if !streams.keepsVideo { media.videoStreams = 0; media.video = nil }
        if !streams.keepsAudio { media.audioStreams = 0; media.audio = nil }
        return WarpSource(path: path, media: media, streams: streams, container: container, encoder: encoder)
    }

    /// Step 1 for `--reverse`: the input is read in chunks, which an MPEG-TS or MPEG-PS demuxer
    /// cannot give exactly, so such an input is first remuxed (no re-encoding) into a nameless
    /// Matroska file beside the output, read from there, and gone at any exit. Nil otherwise.
    func remuxForReverse(_ source: inout WarpSource) throws -> ReverseRemux? {
        guard reverse, !ReverseChunks.seeksExactly(containerType: source.media.containerType) else { return nil }
        let media = source.media
        let copy = try ReverseRemux(input: source.path, videoIndex: media.videoStreams > 0 ? source.streams.videoIndex : nil,
                                    audioStreams: media.audioStreams,
                                    beside: toStdout ? NSTemporaryDirectory() + "/gst-warp-launch" : OutputPaths.resolvingLinks(output))
        if duration == nil { source.media.duration = copy.duration }
        say("Remuxed:  \(inputName) is \(media.containerType == "video/mpegts" ? "MPEG-TS" : "MPEG-PS"), which cannot be read exactly in chunks: "
            + "copied without re-encoding into a temporary Matroska file (\(Format.fixed(Double(copy.size) / 1_048_576, 1)) MB, removed at the end)")
        return copy
    }

    /// Step 1 for `-ss`/`-to`/`-t`: the part to warp, in seconds of the input, whose length
    /// becomes D; nil when the whole input is warped.
    func cutPart(_ source: inout WarpSource) throws -> (start: Double, end: Double)? {
        guard trim.isGiven else { return nil }
        let part = try trim.resolve(duration: source.media.seconds)
        guard let ns = UInt64(exactly: ((part.end - part.start) * 1e9).rounded()), ns > 0 else {
            throw CLIError("the part from \(Format.seconds(part.start)) to \(Format.seconds(part.end)) s is empty")
        }
        source.media.duration = ns
        return part
    }

    /// Copies stdin into `file` (stopping at a signal).
    static func copyStandardInput(to file: TemporaryFile) throws {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if n == 0 { return }
            if n < 0 {
                if errno == EINTR { if Interrupts.pending { return } else { continue } }
                throw CLIError("cannot read stdin: \(SystemError.text(errno))")
            }
            var written = 0
            while written < n {
                let w = buffer.withUnsafeBytes { write(file.descriptor, $0.baseAddress! + written, n - written) }
                if w < 0 {
                    if errno == EINTR { continue }
                    throw CLIError("cannot copy stdin to a temporary file: \(SystemError.text(errno))")
                }
                written += w
            }
        }
    }
}
