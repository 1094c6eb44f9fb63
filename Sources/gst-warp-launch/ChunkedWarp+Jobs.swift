import Foundation
import GStreamerBinding
import WarpLaunchKit

extension ChunkedWarp {
    /// This binary, for the local passes (and, on this machine, for the jobs: its folder goes
    /// first on parallel's PATH).
    static var executable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// The command the hosts run: `gst-warp-launch` on their PATH, or
    /// `GST_WARP_LAUNCH_REMOTE_COMMAND` (an absolute path where it is installed elsewhere).
    static var remoteCommand: String {
        ProcessInfo.processInfo.environment["GST_WARP_LAUNCH_REMOTE_COMMAND"] ?? "gst-warp-launch"
    }

    /// `warp`'s options that a part of the work takes, from this command line.
    private func forwarded(_ names: Set<String>) -> [String] {
        let all = warp.forwardedArguments()
        let flags: Set<String> = ["-vn", "-an", "-sn", "-y", "-n", "--reverse", "--blend", "--flow", "--plot"]
        var kept: [String] = [], i = 0
        while i < all.count {
            let width = flags.contains(all[i]) ? 1 : 2
            if names.contains(all[i]) { kept += all[i..<min(all.count, i + width)] }
            i += width
        }
        return kept
    }

    /// How many times parallel tries a chunk, each time on a host where it has not failed.
    static let retries = 3

    static let curveOptions: Set<String> = ["--speed", "--function", "--factor", "--modifier", "--keyframes", "--expression", "--duration"]

    /// The worker of each job: `warp input.EXT chunk-{#}.gdp --chunk-span {}` with the curve,
    /// `D` and the video encoder's settings of this run.
    func workerCommand(work: ChunkWorkDir, setup: Setup) -> [String] {
        var command = [Self.remoteCommand, "warp", work.inputName, "chunk-{#}.gdp", "--chunk-span", "{}", "-c:v", setup.codec.rawValue]
        command += forwarded(Self.curveOptions.union(["--fps", "--crf", "--preset", "-g", "--blend", "--flow", "--shutter-angle"]))
        if warp.duration == nil { command += ["--duration", "\(Double(setup.media.duration) / 1e9)"] }
        return command
    }

    /// parallel's options: the hosts, the job log, line-buffered progress, the input sent once
    /// to each remote host, the parts brought back, everything removed there, a failed chunk run
    /// again elsewhere, and the first chunk that fails everywhere stops the job.
    func parallelOptions(hostsFile: String, work: ChunkWorkDir, remote: Bool) -> [String] {
        var options = ["--sshloginfile", hostsFile, "--joblog", work.path + "/joblog", "--line-buffer",
                       "--workdir", work.remoteName, "--retries", String(Self.retries), "--halt", "now,fail=1",
                       "--env", "GST_WARP_LAUNCH_TEST_FAIL_CHUNK"]
        if remote {
            options += ["--basefile", work.baseFile, "--return", "chunk-{#}.gdp", "--cleanup", "--rsync-opts", "-rLDzR"]
            if ProcessInfo.processInfo.environment["PARALLEL_SSH"] == nil {
                options += ["--ssh", "ssh -o BatchMode=yes -o ConnectTimeout=10 -o ServerAliveInterval=5 -o ServerAliveCountMax=2"]
            }
        }
        if chunking.hosts == nil { options += ["--jobs", String(ProcessInfo.processInfo.activeProcessorCount)] }
        return options
    }

    /// This binary's folder first on PATH (the jobs on `:`).
    func parallelEnvironment() -> [String: String] {
        let dir = OutputPaths.directory(of: Self.executable)
        return ["PATH": dir + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
    }

    /// The audio tracks and subtitles warped here in one pass (`warp -vn` into Matroska).
    func startAudioPass(into path: String) throws -> (process: Process, errors: Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = ["warp", warp.input, path, "-vn", "-q", "-y"]
            + forwarded(Self.curveOptions.union(["-c:a", "--audio-bitrate", "--interpolation", "--pitch", "-an", "-sn", "--audio-track"]))
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw CLIError("cannot start the audio pass: \(error)") }
        return (process, errors)
    }

    /// Draws the bar (and the `-progress` feed) until the jobs and the audio pass have ended;
    /// a signal stops them all and ends the run.
    func follow(_ jobs: ParallelRun, audioPass: (process: Process, errors: Pipe)?, setup: Setup, started: Date) throws {
        let bar = warp.quiet ? nil : ProgressReporter()
        let feed = try warp.progressURL.flatMap(ProgressFeed.Target.init).map { try ProgressWriter(target: $0) }
        defer { feed?.close() }
        while jobs.isRunning || audioPass?.process.isRunning == true {
            if let sig = Interrupts.take() {
                jobs.stop()
                audioPass?.process.terminate()
                audioPass?.process.waitUntilExit()
                let how = sig == SIGINT ? "interrupted" : "interrupted by \(Interrupts.name(sig))"
                throw CLIError("\(how): nothing was written to '\(warp.output)'", exitCode: Interrupts.exitCode(sig))
            }
            let reached = min(setup.outputSeconds, jobs.reached.values.reduce(0, +))
            bar?.update(position: reached, duration: setup.outputSeconds, finished: false)
            feed?.write(ProgressFeed.block(outputSeconds: reached, frames: nil, elapsed: Date().timeIntervalSince(started),
                                           finished: false, expectedSeconds: setup.outputSeconds, inputSeconds: setup.media.seconds))
            usleep(250_000)
        }
        jobs.wait()
        bar?.update(position: setup.outputSeconds, duration: setup.outputSeconds, finished: true)
        feed?.write(ProgressFeed.block(outputSeconds: setup.outputSeconds, frames: nil, elapsed: Date().timeIntervalSince(started),
                                       finished: true, expectedSeconds: setup.outputSeconds, inputSeconds: setup.media.seconds))
    }
}
