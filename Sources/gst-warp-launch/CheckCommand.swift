import ArgumentParser
import CGStreamer
import Foundation
import Synchronization
import WarpLaunchKit

/// `gst-warp-launch check FILE.pipeline...`: runs each case and compares what reached its named
/// sinks with the expectations written in the file (format: pipelines/README.md).
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run pipeline regression cases (.pipeline files) and compare with their expectations.",
        discussion: """
            Each file holds a pipeline description with named sinks and what must hold at each: \
            buffer count, first and last PTS, end and duration, audio samples, invariants \
            (pts-increasing, audio-contiguous, in-segment, rate=N/D), element properties after \
            the run, and optionally a recorded per-buffer log. Differences are printed as \
            expected vs got; the exit status is 1 if any case fails. Format: pipelines/README.md.

              gst-warp-launch check pipelines/*.pipeline
            """
    )

    @Argument(help: "The .pipeline files.")
    var files: [String]

    @Flag(help: "Record the 'log NAME:' sections anew from this run (other expectations are still checked).")
    var update = false

    @Flag(name: .shortAndLong, help: "Print each pipeline and the measured values.")
    var verbose = false

    func validate() throws {
        if files.isEmpty { throw ValidationError("give one or more .pipeline files") }
    }

    func run() throws {
        do { try Gst.initialize() } catch { exitWithError(error) }
        var failed: [String] = []
        for file in files {
            let started = Date()
            let (lines, ok) = checkFile(file)
            let time = String(format: "%.2f s", Date().timeIntervalSince(started))
            print("\(ok ? "PASS" : "FAIL") \(file) (\(time))")
            lines.forEach { print("  " + $0) }
            if !ok { failed.append(file) }
        }
        if files.count > 1 || !failed.isEmpty {
            print(failed.isEmpty ? "All \(files.count) cases passed."
                  : "\(failed.count) of \(files.count) cases failed: \(failed.joined(separator: " "))")
        }
        if !failed.isEmpty { throw ExitCode(1) }
    }

    /// Runs one file; returns the lines to print under its name and whether it passed.
    private func checkFile(_ file: String) -> ([String], Bool) {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            return (["cannot read \(file)"], false)
        }
        let testCase: CheckCase
        do {
            testCase = try CheckFileParser.parse(text)
        } catch {
            return (["\(file):\(error)"], false)
        }
        let recording: RunRecording
        do {
            recording = try CheckRun(testCase: testCase).run()
        } catch {
            return (["\(error)"], false)
        }
        var lines: [String] = []
        if verbose {
            lines.append("pipeline: \(testCase.pipeline)")
            for name in testCase.sinkNames {
                guard let rec = recording.sinks[name] else { continue }
                let fields = SinkField.allCases.compactMap { f -> String? in
                    guard let v = rec.value(of: f) else { return nil }
                    return "\(f.rawValue)=\(f == .buffers || f == .samples ? "\(v)" : Format.nanos(UInt64(max(v, 0))) + "s")"
                }
                lines.append("measured sink \(name): " + fields.joined(separator: " "))
            }
            for (name, props) in recording.elements.sorted(by: { $0.key < $1.key }) {
                lines.append("measured element \(name): " + props.sorted(by: { $0.key < $1.key }).map { "\($0.key)=\($0.value)" }.joined(separator: " "))
            }
        }
        if update && !testCase.logs.isEmpty {
            let updated = CheckComparator.updatingLogs(in: text, case: testCase, recording: recording)
            do {
                try updated.write(toFile: file, atomically: true, encoding: .utf8)
                for log in testCase.logs {
                    lines.append("log \(log.sink): recorded \(recording.sinks[log.sink]?.buffers.count ?? 0) buffers")
                }
            } catch {
                lines.append("could not update \(file): \(error)")
                return (lines, false)
            }
        }
        let differences = CheckComparator.differences(testCase, recording, compareLogs: !update)
        return (lines + differences, differences.isEmpty)
    }
}

/// One run of a check case: the pipeline with probes on the named sinks.
struct CheckRun {
    let testCase: CheckCase

    func run() throws -> RunRecording {
        let pipeline: UnsafeMutablePointer<GstElement>
        do {
            pipeline = try Gst.parseLaunch(testCase.pipeline)
        } catch {
            // A pipeline that cannot be built is an error the case may expect.
            var r = RunRecording()
            r.error = "\(error)"
            if testCase.expectedError != nil { return r }
            throw error
        }
        defer { gst_object_unref(pipeline) }
        var recorders: [String: SinkRecorder] = [:]
        for name in testCase.sinkNames {
            guard let element = Gst.child(pipeline, name) else {
                throw CLIError("the pipeline has no element named '\(name)' (give the sink name=\(name))")
            }
            defer { gst_object_unref(element) }
            guard let pad = gst_element_get_static_pad(element, "sink") else {
                throw CLIError("element '\(name)' has no sink pad")
            }
            defer { gst_object_unref(pad) }
            let recorder = SinkRecorder()
            recorder.attach(to: pad)
            recorders[name] = recorder
        }
        var elements: [String: UnsafeMutablePointer<GstElement>] = [:]
        for e in testCase.elements {
            guard let element = Gst.child(pipeline, e.name) else {
                throw CLIError("the pipeline has no element named '\(e.name)'")
            }
            elements[e.name] = element
        }
        defer { elements.values.forEach { gst_object_unref($0) } }

        var runner = PipelineRunner(options: .init(quiet: true, brief: true, timeout: testCase.timeout))
        if let seek = testCase.seek {
            runner.beforePlaying = { pipeline in
                var flags: UInt32 = 0
                for f in seek.flags {
                    switch f {
                    case "flush": flags |= GST_SEEK_FLAG_FLUSH.rawValue
                    case "accurate": flags |= GST_SEEK_FLAG_ACCURATE.rawValue
                    case "key-unit": flags |= GST_SEEK_FLAG_KEY_UNIT.rawValue
                    case "snap-before": flags |= GST_SEEK_FLAG_SNAP_BEFORE.rawValue
                    case "snap-after": flags |= GST_SEEK_FLAG_SNAP_AFTER.rawValue
                    case "snap-nearest": flags |= GST_SEEK_FLAG_SNAP_NEAREST.rawValue
                    default: break
                    }
                }
                let ok = gst_element_seek(pipeline, 1.0, GST_FORMAT_TIME, GstSeekFlags(rawValue: flags),
                                          GST_SEEK_TYPE_SET, gint64(seek.start),
                                          seek.stop == nil ? GST_SEEK_TYPE_NONE : GST_SEEK_TYPE_SET,
                                          seek.stop.map { gint64($0) } ?? -1)
                guard ok != 0 else { return "the seek was refused" }
                // Wait for the preroll after the flush.
                _ = gst_element_get_state(pipeline, nil, nil, 30 * 1_000_000_000)
                return nil
            }
        }
        var recording = RunRecording()
        let expectations = testCase.elements
        runner.afterRun = { _ in
            for e in expectations {
                guard let element = elements[e.name] else { continue }
                var props: [String: String] = [:]
                for (prop, _) in e.properties { props[prop] = Gst.property(element, prop) }
                recording.elements[e.name] = props
            }
        }
        let outcome = runner.run(pipeline: pipeline)
        recording.error = outcome.error
        for (name, recorder) in recorders { recording.sinks[name] = recorder.recording }
        return recording
    }
}

/// Records the buffers reaching a sink pad, with the segment in force; forgets them at each
/// flush (so a case with a seek records what follows the seek).
final class SinkRecorder: Sendable {
    private struct State {
        var recording = SinkRecording()
        var segmentStart: UInt64 = 0
        var segmentStop: UInt64 = .max
    }
    private let state = Mutex(State())

    var recording: SinkRecording { state.withLock { $0.recording } }

    /// Buffer flags and their names in logs.
    static let flagNames: [(GstBufferFlags, String)] = [
        (GST_BUFFER_FLAG_LIVE, "live"), (GST_BUFFER_FLAG_DECODE_ONLY, "decode-only"),
        (GST_BUFFER_FLAG_DISCONT, "discont"), (GST_BUFFER_FLAG_RESYNC, "resync"),
        (GST_BUFFER_FLAG_CORRUPTED, "corrupted"), (GST_BUFFER_FLAG_MARKER, "marker"),
        (GST_BUFFER_FLAG_HEADER, "header"), (GST_BUFFER_FLAG_GAP, "gap"),
        (GST_BUFFER_FLAG_DROPPABLE, "droppable"), (GST_BUFFER_FLAG_DELTA_UNIT, "delta"),
    ]

    func attach(to pad: UnsafeMutablePointer<GstPad>) {
        let callback: GstPadProbeCallback = { _, info, data in
            guard let info, let data else { return GST_PAD_PROBE_OK }
            Unmanaged<SinkRecorder>.fromOpaque(data).takeUnretainedValue().handle(info)
            return GST_PAD_PROBE_OK
        }
        let mask = GstPadProbeType(rawValue: GST_PAD_PROBE_TYPE_BUFFER.rawValue | GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue
                                   | GST_PAD_PROBE_TYPE_EVENT_FLUSH.rawValue)
        // Retained by the probe until the pad goes away.
        let retained = Unmanaged.passRetained(self).toOpaque()
        gst_pad_add_probe(pad, mask, callback, retained) { data in
            guard let data else { return }
            Unmanaged<SinkRecorder>.fromOpaque(data).release()
        }
    }

    private func handle(_ info: UnsafeMutablePointer<GstPadProbeInfo>) {
        if info.pointee.type.rawValue & GST_PAD_PROBE_TYPE_BUFFER.rawValue != 0,
           let buffer = gst_pad_probe_info_get_buffer(info) {
            let flags = buffer.pointee.mini_object.flags
            let names = Self.flagNames.filter { flags & $0.0.rawValue != 0 }.map(\.1)
            let size = Int(gst_buffer_get_size(buffer))
            state.withLock { s in
                s.recording.buffers.append(BufferRecord(
                    pts: UInt64(buffer.pointee.pts), duration: UInt64(buffer.pointee.duration), flags: names, size: size,
                    offset: UInt64(buffer.pointee.offset), offsetEnd: UInt64(buffer.pointee.offset_end),
                    segmentStart: s.segmentStart, segmentStop: s.segmentStop))
            }
            return
        }
        guard info.pointee.type.rawValue & GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue != 0,
              let event = gst_pad_probe_info_get_event(info) else { return }
        switch event.pointee.type {
        case GST_EVENT_FLUSH_STOP:
            state.withLock { $0.recording.buffers.removeAll() }
        case GST_EVENT_SEGMENT:
            var segment: UnsafePointer<GstSegment>?
            gst_event_parse_segment(event, &segment)
            if let segment {
                let start = UInt64(segment.pointee.start), stop = UInt64(segment.pointee.stop)
                state.withLock { $0.segmentStart = start; $0.segmentStop = stop }
            }
        case GST_EVENT_CAPS:
            var caps: UnsafeMutablePointer<GstCaps>?
            gst_event_parse_caps(event, &caps)
            if Gst.mediaType(of: caps) == "audio/x-raw", let caps {
                var audioInfo = GstAudioInfo()
                if gst_audio_info_from_caps(&audioInfo, caps) != 0 {
                    let bpf = Int(audioInfo.bpf)
                    state.withLock { $0.recording.bytesPerFrame = bpf }
                }
            }
        default:
            break
        }
    }
}
