import Foundation
import GStreamerBinding
import GStreamerDiscovery
import WarpLaunchKit

extension ChunkedWarp {
    /// Fails the run, naming the chunk that failed everywhere or the pass that failed, when
    /// the jobs or the audio pass did not all succeed or a part is missing.
    func checkOutcome(_ jobs: ParallelRun, audioPass: (process: Process, errors: Pipe)?, setup: Setup, work: ChunkWorkDir) throws {
        let nothing = "; nothing was written to '\(warp.output)'"
        let log = ParallelJobLog(text: (try? String(contentsOfFile: work.path + "/joblog", encoding: .utf8)) ?? "")
        let done = Set(log.entries.filter(\.succeeded).map(\.sequence))
        let failed = Set(log.failures.map(\.sequence))
        let missing = setup.spans.filter { !done.contains($0.index + 1) || work.part($0.index) == nil }
        if let span = missing.first(where: { failed.contains($0.index + 1) }) ?? missing.first {
            let last = log.failures.last { $0.sequence == span.index + 1 }?.host
            let how = last.map { "failed on every try (\(ChunkedWarp.retries), the last on \($0))" } ?? "did not finish"
            let why = jobs.errorText.split(separator: "\n").last { $0.hasPrefix("error: ") }.map { ": " + $0.dropFirst(7) } ?? ""
            if warp.verbose { printError(jobs.errorText) }
            let end = span.end == UInt64.max ? "the end" : Format.seconds(Double(span.end) / 1e9) + " s"
            throw CLIError("chunk \(span.index + 1) of \(setup.spans.count) (input \(Format.seconds(Double(span.start) / 1e9)) s to \(end)) "
                           + "\(how)\(why)\(nothing)")
        }
        if let audioPass {
            audioPass.process.waitUntilExit()
            if audioPass.process.terminationStatus != 0 {
                let text = String(decoding: audioPass.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                let why = text.split(separator: "\n").last { $0.hasPrefix("error: ") }.map { String($0.dropFirst(7)) } ?? "status \(audioPass.process.terminationStatus)"
                throw CLIError("warping the audio and subtitles failed: \(why)\(nothing)")
            }
        }
    }

    /// Joins the parts (and the audio pass) into a temporary file beside the output, renamed
    /// into place when complete; the frames each part gave.
    func join(setup: Setup, work: ChunkWorkDir, other: String?) throws -> [Int] {
        let parts = setup.spans.compactMap { work.part($0.index) }
        let otherTypes = try other.map { try MediaInfo.discover(path: $0).streamTypes.filter { !$0.hasPrefix("video/") } }
        let file = try TemporaryFile.create(beside: setup.destination)
        var kept = false
        defer { if !kept { file.remove() } }
        let joiner = try ChunkJoin(parts: parts, audio: other.flatMap { path in otherTypes.map { (path, $0) } },
                                   muxer: "matroskamux", descriptor: file.descriptor)
        do { try joiner.run() } catch let error as CLIError {
            throw CLIError(error.message + "; nothing was written to '\(warp.output)'", exitCode: error.exitCode)
        }
        if let sig = Interrupts.take() {
            throw CLIError("interrupted by \(Interrupts.name(sig)): nothing was written to '\(warp.output)'", exitCode: Interrupts.exitCode(sig))
        }
        guard file.close() else { throw CLIError("writing '\(warp.output)' failed: \(SystemError.text(errno)); nothing was written to it") }
        MatroskaTagText.unmangle(path: file.path)
        guard rename(file.path, setup.destination) == 0 else {
            throw CLIError("could not rename '\(file.path)' to '\(warp.output)': \(SystemError.text(errno))")
        }
        kept = true
        return joiner.frames
    }

    /// The summary: what each host ran and how long, the split and join overheads.
    func report(log path: String, setup: Setup, frames: [Int], times: (split: Double, warp: Double, join: Double)) {
        guard !warp.quiet else { return }
        let log = ParallelJobLog(text: (try? String(contentsOfFile: path, encoding: .utf8)) ?? "")
        for (host, jobs) in log.doneByHost {
            let list = jobs.map { "\($0.sequence) (\(Format.fixed($0.seconds, 2)) s)" }.joined(separator: ", ")
            say("Host:     \(host == ":" ? "this machine (:)" : host): \(jobs.count) chunk\(jobs.count == 1 ? "" : "s"): \(list)")
        }
        for failure in log.failures {
            say("Retried:  chunk \(failure.sequence) failed on \(failure.host) (status \(failure.exitValue)) and ran again elsewhere")
        }
        say("Frames:   \(frames.reduce(0, +)) out, from \(frames.count) parts (\(frames.map(String.init).joined(separator: " + ")))")
        say("Time:     keyframes \(Format.fixed(times.split, 2)) s, chunks and audio \(Format.fixed(times.warp, 2)) s, join \(Format.fixed(times.join, 2)) s")
        say("Wrote:    \(warp.output)")
    }
}
