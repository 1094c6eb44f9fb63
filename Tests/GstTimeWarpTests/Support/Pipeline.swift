import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp

/// A pipeline from `gst_parse_launch`, with helpers to run it, query it and read an appsink.
final class TestPipeline {
    let raw: UnsafeMutablePointer<GstElement>

    init(_ description: String) throws {
        GStreamerTestSetup.ensure()
        var error: UnsafeMutablePointer<GError>?
        guard let p = gst_parse_launch(description, &error) else {
            throw PipelineError(message: error.map { String(cString: $0.pointee.message) } ?? "parse failed")
        }
        raw = p
    }

    deinit {
        gst_element_set_state(raw, GST_STATE_NULL)
        gst_object_unref(raw)
    }

    struct PipelineError: Error { var message: String }

    /// Sets a state and waits for it (up to 10 s).
    @discardableResult
    func setState(_ state: GstState) -> Bool {
        gst_element_set_state(raw, state)
        return gst_element_get_state(raw, nil, nil, 10 * 1_000_000_000) != GST_STATE_CHANGE_FAILURE
    }

    /// Runs to EOS or error; returns the error text, if any.
    func runToEnd() -> String? {
        setState(GST_STATE_PLAYING)
        let bus = gst_element_get_bus(raw)!
        defer { gst_object_unref(bus) }
        let mask = GstMessageType(rawValue: GST_MESSAGE_EOS.rawValue | GST_MESSAGE_ERROR.rawValue)
        guard let msg = gst_bus_timed_pop_filtered(bus, 60 * 1_000_000_000, mask) else { return "timeout" }
        defer { gst_mini_object_unref(UnsafeMutableRawPointer(msg).assumingMemoryBound(to: GstMiniObject.self)) }
        if msg.pointee.type == GST_MESSAGE_ERROR {
            var err: UnsafeMutablePointer<GError>?
            gst_message_parse_error(msg, &err, nil)
            defer { if let err { g_error_free(err) } }
            return err.map { String(cString: $0.pointee.message) } ?? "error"
        }
        return nil
    }

    /// Pipeline duration query in TIME (ns).
    func duration() -> UInt64? {
        var d: gint64 = -1
        guard gst_element_query_duration(raw, GST_FORMAT_TIME, &d) != 0, d >= 0 else { return nil }
        return UInt64(d)
    }

    /// Flushing, accurate seek to `position` (ns).
    func seek(to position: UInt64) -> Bool {
        let flags = GstSeekFlags(rawValue: GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_ACCURATE.rawValue)
        return gst_element_seek_simple(raw, GST_FORMAT_TIME, flags, gint64(position)) != 0
    }

    /// Pulls all samples from the appsink named `name` until EOS; returns their PTS.
    func pullTimestamps(from name: String) -> [UInt64] { pullBuffers(from: name).map(\.pts) }

    /// Pulls all samples from the appsink named `name` until EOS; returns PTS and duration.
    func pullBuffers(from name: String) -> [(pts: UInt64, duration: UInt64)] {
        guard let sink = gst_bin_get_by_name(UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GstBin.self), name) else { return [] }
        defer { gst_object_unref(sink) }
        let appsink = UnsafeMutableRawPointer(sink).assumingMemoryBound(to: GstAppSink.self)
        var out: [(UInt64, UInt64)] = []
        while let sample = gst_app_sink_try_pull_sample(appsink, 10 * 1_000_000_000) {
            if let b = gst_sample_get_buffer(sample) { out.append((UInt64(b.pointee.pts), UInt64(b.pointee.duration))) }
            gst_mini_object_unref(UnsafeMutableRawPointer(sample).assumingMemoryBound(to: GstMiniObject.self))
        }
        return out
    }
}

/// Writes a small Matroska file with `frames` MJPEG frames at 25 fps (once per path).
func makeTestClip(frames: Int, path: String) throws {
    let p = try TestPipeline("videotestsrc num-buffers=\(frames) ! video/x-raw,width=64,height=48,framerate=25/1 "
                             + "! jpegenc ! matroskamux ! filesink location=\(path)")
    if let error = p.runToEnd() { throw TestPipeline.PipelineError(message: error) }
}

/// Writes a Matroska file with `seconds` of MJPEG video at 25 fps and F32 stereo audio at 48 kHz.
func makeAudioVideoClip(seconds: Int, path: String) throws {
    let p = try TestPipeline("videotestsrc num-buffers=\(25 * seconds) ! video/x-raw,width=64,height=48,framerate=25/1 "
                             + "! jpegenc ! queue ! mux. audiotestsrc num-buffers=\(50 * seconds) samplesperbuffer=960 "
                             + "! audio/x-raw,format=F32LE,rate=48000,channels=2 ! queue ! mux. "
                             + "matroskamux name=mux ! filesink location=\(path)")
    if let error = p.runToEnd() { throw TestPipeline.PipelineError(message: error) }
}
