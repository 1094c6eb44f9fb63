import Foundation
import GStreamerBinding
import WarpLaunchKit

/// `warp --reverse`: the input's audio as raw PCM in Matroska, which matroskademux plays
/// backwards chunk by chunk. Compressed audio often cannot be played backwards in GStreamer 1.22
/// (qtdemux with AAC delivers only the last frames), so the audio is decoded once, forwards,
/// into a temporary file beside the output.
enum ReverseAudioSource {
    /// Decodes the first audio stream of `uri` into the file open on `descriptor` (F32, the input's rate and channels).
    static func extract(from uri: String, to descriptor: Int32) throws {
        let pipeline = try Gst.parseLaunch(
            "uridecodebin name=src caps=audio/x-raw ! queue ! audioconvert ! audio/x-raw,format=F32LE "
            + "! matroskamux ! fdsink name=sink")
        guard let src = pipeline.child("src"), let sink = pipeline.child("sink") else {
            throw CLIError("internal pipeline error: no src or sink for the reversed audio")
        }
        src.set("uri", uri)
        sink.set("fd", String(descriptor))
        var runner = PipelineRunner(options: .init(quiet: true, brief: true))
        let outcome = runner.run(pipeline: pipeline)
        pipeline.setState(.null)
        if let sig = outcome.signal {
            throw CLIError("interrupted while decoding the audio to reverse it", exitCode: Interrupts.exitCode(sig))
        }
        if let error = outcome.error { throw CLIError("decoding the audio to reverse it failed: \(error)") }
    }
}
