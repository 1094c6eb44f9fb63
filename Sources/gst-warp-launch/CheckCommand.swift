import ArgumentParser
import Foundation
import GStreamerBinding
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
        // SIGINT, SIGTERM and SIGHUP stop the case running and the cases after it.
        Interrupts.begin()
        defer { Interrupts.end() }
        var failed: [String] = []
        for file in files {
            let started = Date()
            let (lines, ok, signal) = checkFile(file)
            let time = String(format: "%.2f s", Date().timeIntervalSince(started))
            print("\(ok ? "PASS" : "FAIL") \(file) (\(time))")
            lines.forEach { print("  " + $0) }
            if !ok { failed.append(file) }
            if let signal {
                print("Interrupted (\(Interrupts.name(signal))): the remaining cases were not run.")
                throw ExitCode(Interrupts.exitCode(signal))
            }
        }
        if files.count > 1 || !failed.isEmpty {
            print(failed.isEmpty ? "All \(files.count) cases passed."
                  : "\(failed.count) of \(files.count) cases failed: \(failed.joined(separator: " "))")
        }
        if !failed.isEmpty { throw ExitCode(1) }
    }

    /// Runs one file; returns the lines to print under its name, whether it passed, and the
    /// signal that interrupted it.
    private func checkFile(_ file: String) -> ([String], Bool, Int32?) {
        // The file as read: --update writes only that same file back (by device and inode).
        let identity = FileIdentity(path: file)
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            return (["cannot read \(file)"], false, nil)
        }
        let testCase: CheckCase
        do {
            testCase = try CheckFileParser.parse(text)
        } catch {
            return (["\(file):\(error)"], false, nil)
        }
        let recording: RunRecording
        let signal: Int32?
        do {
            (recording, signal) = try CheckRun(testCase: testCase).run()
        } catch {
            return (["\(error)"], false, nil)
        }
        if let signal { return (["interrupted by \(Interrupts.name(signal))"], false, signal) }
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
                guard let identity, FileIdentity(path: file) == identity else {
                    throw CLIError("it was replaced while the case ran")
                }
                // Atomic, and through a link (the file it leads to is updated, the link stays).
                try TextFile.write(updated, to: file)
                for log in testCase.logs {
                    lines.append("log \(log.sink): recorded \(recording.sinks[log.sink]?.buffers.count ?? 0) buffers")
                }
            } catch {
                lines.append("could not update \(file): \(error)")
                return (lines, false, nil)
            }
        }
        let differences = CheckComparator.differences(testCase, recording, compareLogs: !update)
        return (lines + differences, differences.isEmpty, nil)
    }
}

/// One run of a check case: the pipeline with probes on the named sinks.
struct CheckRun {
    let testCase: CheckCase

    /// The seek flags by their names in check files.
    static let seekFlags: [String: Element.SeekFlags] = [
        "flush": .flush, "accurate": .accurate, "key-unit": .keyUnit,
        "snap-before": .snapBefore, "snap-after": .snapAfter, "snap-nearest": .snapNearest,
    ]

    /// The recording, and the signal that interrupted the run (if one did).
    func run() throws -> (RunRecording, Int32?) {
        let pipeline: Element
        do {
            pipeline = try Gst.parseLaunch(testCase.pipeline)
        } catch {
            // A pipeline that cannot be built is an error the case may expect.
            var r = RunRecording()
            r.error = "\(error)"
            if testCase.expectedError != nil { return (r, nil) }
            throw error
        }
        var recorders: [String: SinkRecorder] = [:]
        for name in testCase.sinkNames {
            guard let element = pipeline.child(name) else {
                throw CLIError("the pipeline has no element named '\(name)' (give the sink name=\(name))")
            }
            guard let pad = element.staticPad("sink") else {
                throw CLIError("element '\(name)' has no sink pad")
            }
            let recorder = SinkRecorder()
            recorder.attach(to: pad)
            recorders[name] = recorder
        }
        var elements: [String: Element] = [:]
        for e in testCase.elements {
            guard let element = pipeline.child(e.name) else {
                throw CLIError("the pipeline has no element named '\(e.name)'")
            }
            elements[e.name] = element
        }

        for change in testCase.changes {
            guard let element = pipeline.child(change.element), let pad = element.staticPad("sink") else {
                throw CLIError("the pipeline has no element named '\(change.element)' with a sink pad (for 'set')")
            }
            // Applied once, on the streaming thread, just before the first buffer at or after `at`.
            let pending = Mutex(true)
            pad.addProbe(.buffers) { item in
                guard case .buffer(let buffer) = item, buffer.pts != UInt64.max, buffer.pts >= change.at,
                      pending.withLock({ p in defer { p = false }; return p }) else { return .pass }
                for property in change.properties { pad.setParentProperty(property.name, property.value) }
                return .pass
            }
        }

        var runner = PipelineRunner(options: .init(quiet: true, brief: true, timeout: testCase.timeout))
        if let seek = testCase.seek {
            runner.beforePlaying = { pipeline in
                var flags: Element.SeekFlags = []
                for f in seek.flags { flags.formUnion(Self.seekFlags[f] ?? []) }
                // The parser keeps seek times within 0...Int64.max.
                let ok = pipeline.seek(flags: flags, start: Int64(clamping: seek.start), stop: seek.stop.map { Int64(clamping: $0) })
                guard ok else { return "the seek was refused" }
                // Wait for the preroll after the flush.
                pipeline.waitForStateChange(timeoutNs: 30 * 1_000_000_000)
                return nil
            }
        }
        var recording = RunRecording()
        let expectations = testCase.elements
        runner.afterRun = { _ in
            for e in expectations {
                guard let element = elements[e.name] else { continue }
                var props: [String: String] = [:]
                for (prop, _) in e.properties { props[prop] = element.property(prop) }
                recording.elements[e.name] = props
            }
        }
        let outcome = runner.run(pipeline: pipeline)
        recording.error = outcome.error
        for (name, recorder) in recorders { recording.sinks[name] = recorder.recording }
        return (recording, outcome.signal)
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

    func attach(to pad: Pad) {
        pad.addProbe([.buffers, .downstreamEvents, .flushEvents]) { [self] item in
            handle(item)
            return .pass
        }
    }

    private func handle(_ item: ProbeItem) {
        switch item {
        case .buffer(let buffer):
            let names = buffer.flags.names
            state.withLock { s in
                s.recording.buffers.append(BufferRecord(
                    pts: buffer.pts, duration: buffer.duration, flags: names, size: buffer.size,
                    offset: buffer.offset, offsetEnd: buffer.offsetEnd,
                    segmentStart: s.segmentStart, segmentStop: s.segmentStop))
            }
        case .flushStop:
            state.withLock { $0.recording.buffers.removeAll() }
        case .segment(let segment):
            state.withLock { $0.segmentStart = segment.start; $0.segmentStop = segment.stop }
        case .caps(let caps):
            if caps.mediaType == "audio/x-raw", let audio = caps.audio {
                state.withLock { $0.recording.bytesPerFrame = audio.bytesPerFrame }
            }
        case .otherEvent:
            break
        }
    }
}
