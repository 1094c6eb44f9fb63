import Foundation
import GStreamerBinding
import Synchronization
import WarpLaunchKit

/// Runs one pipeline to completion for `warp`, `check` and the demo (the run mode has its own,
/// gst-launch-1.0's, in `LaunchRunner`).
struct PipelineRunner {
    /// Command-line switches that change what is printed and how Ctrl-C stops.
    struct Options {
        var verbose = false
        var quiet = false
        var eosOnShutdown = false
        /// Draw a progress bar from the position and duration queries.
        var progress = false
        /// The caller reports errors (from the outcome); warnings and debug details are printed
        /// only when verbose; no "Setting pipeline to ..." chatter.
        var brief = false
        /// Give up after this long (ns); nil: never.
        var timeout: UInt64?
    }

    /// How a run ended.
    struct Outcome {
        /// Process exit code: 0 at EOS, 1 on error, 128 + the signal when interrupted (130
        /// for Ctrl-C).
        var code: Int32
        /// The first error message (with the element that posted it).
        var error: String?
        /// The signal (SIGINT, SIGTERM, SIGHUP) that stopped the run.
        var signal: Int32?
        var interrupted: Bool { signal != nil }

        init(code: Int32, error: String?) {
            self.code = code
            self.error = error
        }

        static func interrupted(by sig: Int32) -> Outcome {
            var outcome = Outcome(code: Interrupts.exitCode(sig), error: "interrupted")
            outcome.signal = sig
            return outcome
        }
    }

    let options: Options
    /// Called about four times a second while the pipeline runs, and once at the end.
    var onTick: ((Element, _ finished: Bool) -> Void)?
    /// Called once the pipeline has prerolled (PAUSED), before it plays; may fail the run.
    var beforePlaying: ((Element) -> String?)?
    /// Called when the run has ended, before the pipeline goes to NULL (which resets elements'
    /// counters): the place to read properties.
    var afterRun: ((Element) -> Void)?

    init(options: Options) { self.options = options }

    private func say(_ text: String) { if !options.quiet && !options.brief { print(text) } }

    /// Runs `pipeline` to EOS, an error, a timeout or Ctrl-C; leaves it in NULL.
    func run(pipeline: Element) -> Outcome {
        defer { pipeline.setState(.null) }
        if options.verbose { pipeline.watchPropertyChanges() }
        Interrupts.begin()
        defer { Interrupts.end() }

        let started = Date()
        if let beforePlaying {
            say("Setting pipeline to PAUSED ...")
            if !pipeline.setState(.paused) {
                return fail(pipeline, "the pipeline does not want to pause")
            }
            if let early = waitForPreroll(pipeline) { return early }
            if let problem = beforePlaying(pipeline) { return Outcome(code: 1, error: problem) }
        }
        say("Setting pipeline to PLAYING ...")
        if !pipeline.setState(.playing) {
            return fail(pipeline, "the pipeline doesn't want to play")
        }
        let outcome = watch(pipeline, started: started)
        onTick?(pipeline, true)
        afterRun?(pipeline)
        say("Execution ended after \(String(format: "%.3f", Date().timeIntervalSince(started))) s")
        say("Setting pipeline to NULL ...")
        return outcome
    }

    /// Waits until the pipeline has prerolled; an outcome if it failed first.
    private func waitForPreroll(_ pipeline: Element) -> Outcome? {
        guard let bus = pipeline.bus else { return Outcome(code: 1, error: "the pipeline has no bus") }
        let deadline = Date().addingTimeInterval(Double(options.timeout ?? 60_000_000_000) / 1e9)
        while Date() < deadline {
            if let sig = Interrupts.take() { return .interrupted(by: sig) }
            guard let message = bus.pop(timeoutNs: 100 * 1_000_000, only: [.asyncDone, .error, .eos]) else { continue }
            if case .error(let problem) = message { return Outcome(code: 1, error: report(problem, isError: true)) }
            return nil
        }
        return Outcome(code: 1, error: "timed out while prerolling")
    }

    private func fail(_ pipeline: Element, _ text: String) -> Outcome {
        // The reason is usually an error message on the bus: prefer it.
        if case .error(let problem) = pipeline.bus?.popError() {
            return Outcome(code: 1, error: report(problem, isError: true))
        }
        if !options.brief { printError("ERROR: \(text).") }
        return Outcome(code: 1, error: text)
    }

    /// Waits for EOS or an error, printing messages; handles Ctrl-C and the timeout.
    private func watch(_ pipeline: Element, started: Date) -> Outcome {
        guard let bus = pipeline.bus else { return Outcome(code: 1, error: "the pipeline has no bus") }
        var sentEOS = false
        var lastTick = Date.distantPast
        while true {
            if let sig = Interrupts.take() {
                if options.eosOnShutdown && !sentEOS {
                    say("Interrupt: sending EOS to the pipeline ...")
                    if options.brief { printError("Interrupted: finishing the file ...") }
                    sentEOS = true
                    pipeline.sendEOS()
                } else {
                    say("Interrupt: stopping pipeline ...")
                    return .interrupted(by: sig)
                }
            }
            if let timeout = options.timeout, Date().timeIntervalSince(started) * 1e9 > Double(timeout) {
                return Outcome(code: 1, error: "timed out after \(Double(timeout) / 1e9) s")
            }
            if let onTick, Date().timeIntervalSince(lastTick) >= 0.25 {
                lastTick = Date()
                onTick(pipeline, false)
            }
            guard let message = bus.pop(timeoutNs: 50 * 1_000_000) else { continue }
            switch message {
            case .eos(let source):
                say("Got EOS from element \"\(source)\".")
                return Outcome(code: 0, error: nil)
            case .error(let problem):
                return Outcome(code: 1, error: report(problem, isError: true))
            case .warning(let problem):
                if !options.brief || options.verbose { _ = report(problem, isError: false) }
            case .propertyNotify(let object, let property, let value) where options.verbose:
                print("\(object): \(property) = \(value ?? "(no value)")")
            default:
                break
            }
        }
    }

    /// Prints an error or warning message; returns its one-line text.
    private func report(_ problem: BusProblem, isError: Bool) -> String {
        let oneLine = "\(problem.text) (from \(problem.source))"
        if options.brief {
            // Errors are the caller's to report (as one line); warnings and details only with -v.
            if options.verbose {
                if ProgressReporter.drawing { printError("") }
                printError("\(isError ? "error" : "warning"): \(oneLine)" + (problem.debug.map { "\n  \($0)" } ?? ""))
            }
        } else if !(options.quiet && !isError) {
            var report = "\(isError ? "ERROR" : "WARNING"): from element \(problem.source): \(problem.text)"
            if let debug = problem.debug { report += "\nAdditional debug info:\n\(debug)" }
            printError(report)
        }
        return oneLine
    }
}

/// Draws the progress bar on stderr: redrawn in place on a terminal, otherwise a line every
/// ten percent (or every ten seconds when the duration is unknown).
final class ProgressReporter {
    /// A bar is on screen without its newline yet (so other stderr output starts a new line).
    static var drawing: Bool {
        get { drawingNow.load(ordering: .relaxed) }
        set { drawingNow.store(newValue, ordering: .relaxed) }
    }
    private static let drawingNow = Atomic<Bool>(false)
    private let started = Date()
    private let bar = ProgressBar(width: 30, ascii: !terminalSupportsUTF8)
    private let tty = stderrIsTTY
    private var lastReported = -1
    private var lastLineTime = Date.distantPast

    func update(position: Double?, duration: Double?, finished: Bool) {
        fflush(nil)  // all C streams: stdout is a global var Swift 6 refuses
        let elapsed = Date().timeIntervalSince(started)
        let line = bar.line(position: position, duration: duration, elapsed: elapsed)
        if tty {
            try? FileHandle.standardError.write(contentsOf: Data(("\r" + line + "\u{1B}[K").utf8))
            Self.drawing = !finished
            if finished { try? FileHandle.standardError.write(contentsOf: Data("\n".utf8)) }
            return
        }
        if let f = ProgressBar.fraction(position: position, duration: duration) {
            let decile = Int(f * 10)
            if decile > lastReported || (finished && lastReported < 10) {
                printError(line)
                lastReported = finished ? 10 : decile
            }
        } else if finished || Date().timeIntervalSince(lastLineTime) >= 10 {
            lastLineTime = Date()
            printError(line)
        }
    }
}
