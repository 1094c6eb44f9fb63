import Foundation
import Synchronization
import WarpLaunchKit

/// `warp IN... -o DIR [-j N]`: one `gst-warp-launch warp` process per file, at most `jobs` at
/// once (processes, so each file has its own pipeline, its own failure and its own clean-up),
/// with one bar for all (from the children's `-progress` feeds) and a table at the end. A
/// failure in one file does not stop the others; the status is 0 when every file was written,
/// 1 otherwise.
struct BatchRunner {
    var inputs: [String]
    var outputs: [String]
    /// The options every child gets (the curve, the codecs, ...).
    var arguments: [String]
    var jobs: Int
    var quiet: Bool

    /// One file's child and what it said.
    private final class Child: @unchecked Sendable {
        let input: String, output: String
        var process: Process?
        let feed = Mutex(""), errors = Mutex("")
        var status: Int32?
        init(input: String, output: String) { self.input = input; self.output = output }
        var block: [String: String] { feed.withLock { ProgressFeed.lastBlock(Substring($0)) } }
        func seconds(_ key: String) -> Double? { block[key].flatMap(Double.init).map { $0 / 1e6 } }
    }

    /// Runs the batch; returns the exit status.
    func run() -> Int32 {
        let executable = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                             ?? CommandLine.arguments[0])
        let children = zip(inputs, outputs).map { Child(input: $0, output: $1) }
        let progress = quiet ? nil : ProgressReporter()
        if !quiet {
            print("Batch:    \(children.count) file\(children.count == 1 ? "" : "s") into \(OutputPaths.directory(of: outputs[0])), "
                  + "\(min(jobs, children.count)) at once (-j)")
        }
        Interrupts.begin()
        defer { Interrupts.end() }
        var next = 0
        var signal: Int32?
        while true {
            let running = children.filter { $0.process?.isRunning == true }
            if signal == nil, let sig = Interrupts.take() {
                signal = sig
                for child in running { child.process?.terminate() }  // each removes its own temporary file
            }
            if signal == nil {
                while next < children.count && children.filter({ $0.process?.isRunning == true }).count < jobs {
                    start(children[next], executable: executable)
                    next += 1
                }
            }
            let done = children.allSatisfy { $0.process.map { !$0.isRunning } ?? (signal != nil) }
            let position = children.compactMap { $0.seconds("out_time_us") }.reduce(0, +)
            let expected = children.map { $0.seconds("out_time_expected_us") }
            progress?.update(position: position, duration: expected.allSatisfy { $0 != nil } ? expected.compactMap { $0 }.reduce(0, +) : nil,
                             finished: done)
            if done { break }
            usleep(100_000)
        }
        for child in children { child.status = child.process.map { $0.terminationReason == .exit ? $0.terminationStatus : 128 + $0.terminationStatus } }
        if !quiet { printTable(children) } else {
            for child in children where child.status != 0 { printError("\(child.input): \(message(of: child))") }
        }
        if let signal { return Interrupts.exitCode(signal) }
        return children.allSatisfy { $0.status == 0 } ? 0 : 1
    }

    private func start(_ child: Child, executable: URL) {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["warp", child.input, child.output, "-q", "-progress", "-"] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        out.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil; return }
            child.feed.withLock { $0 += String(decoding: data, as: UTF8.self) }
        }
        err.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil; return }
            child.errors.withLock { $0 += String(decoding: data, as: UTF8.self) }
        }
        do {
            try process.run()
            child.process = process
        } catch {
            child.errors.withLock { $0 = "error: cannot start a warp process: \(error)" }
            child.status = 1
        }
    }

    /// The child's last error line, without `error: `.
    private func message(of child: Child) -> String {
        let last = child.errors.withLock { $0 }.split(separator: "\n").last(where: { $0.hasPrefix("error: ") })
        return last.map { String($0.dropFirst(7)) } ?? "failed (status \(child.status ?? -1))"
    }

    /// One line per file: input and output durations (from the child's last progress block)
    /// and the status.
    private func printTable(_ children: [Child]) {
        let width = max(4, children.map { $0.input.count }.max() ?? 4)
        func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
        print(pad("File", width) + "  " + pad("In", 10) + "  " + pad("Out", 10) + "  Status")
        for child in children {
            let ok = child.status == 0
            let input = child.seconds("in_time_us").map { Format.seconds($0) + " s" } ?? "-"
            let output = ok ? child.seconds("out_time_us").map { Format.seconds($0) + " s" } ?? "-" : "-"
            print(pad(child.input, width) + "  " + pad(input, 10) + "  " + pad(output, 10) + "  "
                  + (ok ? "wrote \(child.output)" : "FAILED: \(message(of: child))"))
        }
        let failed = children.filter { $0.status != 0 }.count
        print("\(children.count - failed) of \(children.count) written" + (failed > 0 ? ", \(failed) failed" : ""))
    }
}
