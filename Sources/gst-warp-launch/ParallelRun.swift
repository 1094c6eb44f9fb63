import Foundation
import Synchronization
import WarpLaunchKit

/// GNU parallel running the chunk workers over the hosts of an sshlogin file: parallel chooses
/// the host of each job, sends the input once to each host (`--basefile`), brings the part back
/// (`--return`), removes what it sent and brought on the host (`--cleanup`), and runs a failed
/// job again on another host (`--retries`); the job log says which host ran what and how long.
/// The workers' progress lines (`chunk=I out_time_us=N`) come through its stdout.
final class ParallelRun: @unchecked Sendable {
    private let process = Process()
    private let progress = Mutex([Int: UInt64]())
    private let errors = Mutex("")
    private var partial = ""

    /// parallel with `arguments` after its own options; `environment` added to ours.
    init(options: [String], command: [String], spans: [ChunkSpan], environment: [String: String], directory: String) {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["parallel", "--will-cite"] + options + ["-q"] + command + [":::"] + spans.map(\.argument)
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
    }

    /// Starts parallel; throws when it cannot be started.
    func start() throws(CLIError) {
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        out.fileHandleForReading.readabilityHandler = { [self] handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil; return }
            read(String(decoding: data, as: UTF8.self))
        }
        err.fileHandleForReading.readabilityHandler = { [self] handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil; return }
            errors.withLock { $0 += String(decoding: data, as: UTF8.self) }
        }
        do { try process.run() } catch {
            throw CLIError("cannot start GNU parallel: \(error) (install it: apt-get install parallel)")
        }
    }

    /// Keeps the last `out_time_us` of each chunk (lines may come torn across reads).
    private func read(_ text: String) {
        let lines = progress.withLock { _ -> [Substring] in
            partial += text
            guard let cut = partial.lastIndex(of: "\n") else { return [] }
            let whole = partial[..<cut].split(separator: "\n")
            partial = String(partial[partial.index(after: cut)...])
            return whole
        }
        for line in lines {
            var chunk: Int?, us: UInt64?
            for field in line.split(separator: " ") {
                if field.hasPrefix("chunk=") { chunk = Int(field.dropFirst(6)) }
                if field.hasPrefix("out_time_us=") { us = UInt64(field.dropFirst(12)) }
            }
            if let chunk, let us { progress.withLock { $0[chunk] = us } }
        }
    }

    var isRunning: Bool { process.isRunning }
    /// parallel's exit status: 0 when every job succeeded (in the end), else the jobs that failed.
    var status: Int32 { process.terminationStatus }
    /// The output seconds each chunk has reached.
    var reached: [Int: Double] { progress.withLock { $0.mapValues { Double($0) / 1e6 } } }
    /// What parallel and the workers wrote to stderr.
    var errorText: String { errors.withLock { $0 } }

    /// Stops parallel and its jobs (SIGINT: parallel kills the running jobs, whose ssh
    /// connections close; a worker whose connection closed ends at its next progress line).
    func stop() {
        guard process.isRunning else { return }
        process.interrupt()
        for _ in 0..<50 where process.isRunning { usleep(100_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    func wait() { process.waitUntilExit() }
}
