/// `-f`, `-c:v` and `-c:a` parsed once: the container to write, with the codecs asked for, and
/// what the names said beyond the codec (whether a video codec was named, the PCM sample format
/// of `pcm_s24le`).
public struct OutputFormat: Sendable, Equatable {
    /// The container with the codecs asked for (the container's defaults where none was).
    public var container: OutputContainer
    /// Whether `-c:v` named the video codec (else the input's codec family may be kept:
    /// `SourceFormat.preferredVideoCodec`).
    public var namesVideoCodec: Bool
    /// The GStreamer sample format a `-c:a pcm_*` name chose (`S24LE`); nil otherwise.
    public var pcmFormat: String?

    /// The format of `container` as it is (its default codecs).
    public init(container: OutputContainer, namesVideoCodec: Bool = false, pcmFormat: String? = nil) {
        self.container = container
        self.namesVideoCodec = namesVideoCodec
        self.pcmFormat = pcmFormat
    }

    /// The format for `output` (`-f` when given, else its extension; `-` is stdout) with the
    /// codecs `-c:v` and `-c:a` name. Usage errors (status 2), in the order the options are
    /// checked: the container, then the video codec, then the audio codec.
    public static func resolve(output: String, format: String?, videoCodec: String?,
                               audioCodec: String?) throws(CLIError) -> OutputFormat {
        let container = try CodecChoice.apply(video: videoCodec, audio: audioCodec,
                                              to: OutputContainer.resolve(output: output, format: format))
        return OutputFormat(container: container, namesVideoCodec: videoCodec != nil,
                            pcmFormat: audioCodec.flatMap { SourceFormat.pcmFormats[$0.lowercased()] })
    }

    /// The container to write for an input of `source`, whose video is kept or not: the input's
    /// own codec family when no `-c:v` was given and the container takes it (VP9 in gives VP9
    /// in WebM).
    public func container(for source: SourceFormat, keepsVideo: Bool) -> OutputContainer {
        guard !namesVideoCodec, keepsVideo, let codec = source.preferredVideoCodec(for: container) else { return container }
        return container.with(video: codec)
    }

    /// The PCM sample format to write for an input of `source`: the one `-c:a` named, else the
    /// input's (`SourceFormat.pcmFormat`).
    public func pcmFormat(for source: SourceFormat) -> String {
        pcmFormat ?? source.pcmFormat(requested: nil)
    }
}

extension OutputContainer {
    /// The same container with `codec` as its video codec (one it takes).
    func with(video codec: VideoCodec) -> OutputContainer {
        OutputContainer(fileExtension: fileExtension, video: codec, audio: audio, containerName: containerName, muxer: muxer)
    }
}
