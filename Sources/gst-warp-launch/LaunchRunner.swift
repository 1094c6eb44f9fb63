import Foundation
import GStreamerBinding

/// Plays one pipeline the way gst-launch-1.0 does: PAUSED (waiting for the preroll), PLAYING,
/// then the bus until EOS, an error or Ctrl-C, printing what gst-launch-1.0 prints (`-m` every
/// message, `-t` tags, `-v` property changes) and returning its exit status: 0 at EOS, 1 after
/// an error while playing, 255 when the pipeline does not pause, preroll or play.
struct LaunchRunner {
    let options: LaunchOptions

    /// Prints a progress line unless `-q`.
    private func say(_ text: String) { if !options.quiet { print(text) } }

    /// Runs `pipeline` and leaves it in NULL; the exit status.
    func run(_ pipeline: Element) -> Int32 {
        if options.verbose { pipeline.watchPropertyChanges() }
        Interrupts.begin()
        defer { Interrupts.end() }
        let started = DispatchTime.now().uptimeNanoseconds
        var status: Int32 = 0
        say("Setting pipeline to PAUSED ...")
        switch pipeline.changeState(.paused) {
        case .failure:
            // As gst-launch-1.0 1.22 does: the errors that explain it, then the verdict.
            _ = loop(pipeline, until: .done, blocking: false)
            printError("ERROR: pipeline doesn't want to preroll.")
            status = 255
        case .noPreroll:
            say("Pipeline is live and does not need PREROLL ...")
        case .async:
            say("Pipeline is PREROLLING ...")
            switch loop(pipeline, until: .prerolled, blocking: true) {
            case .error:
                printError("ERROR: pipeline doesn't want to preroll.")
                status = 255
            case .interrupted(let sig):
                status = Interrupts.exitCode(sig)
            default:
                break
            }
        case .success:
            break
        }
        if status == 0 {
            say("Pipeline is PREROLLED ...")
            say("Setting pipeline to PLAYING ...")
            if pipeline.changeState(.playing) == .failure {
                printError("ERROR: pipeline doesn't want to play.")
                _ = loop(pipeline, until: .done, blocking: false)
                status = 255
            } else {
                switch loop(pipeline, until: .done, blocking: true) {
                case .error: status = 1
                case .interrupted(let sig): status = Interrupts.exitCode(sig)
                default: break
                }
            }
            let elapsed = DispatchTime.now().uptimeNanoseconds - started
            say("Execution ended after \(Self.clock(elapsed))")
        }
        say("Setting pipeline to NULL ...")
        pipeline.setState(.null)
        pipeline.waitForStateChange(timeoutNs: 10_000_000_000)
        say("Freeing pipeline ...")
        return status
    }

    /// What the bus loop waits for.
    private enum Goal { case prerolled, done }

    /// How a bus loop ended.
    private enum LoopEnd { case reached, error, interrupted(Int32), empty }

    /// Handles bus messages until `goal`, an error or a signal (or, not `blocking`, until the
    /// bus is empty: printing the errors that explain a failed state change).
    private func loop(_ pipeline: Element, until goal: Goal, blocking: Bool) -> LoopEnd {
        guard let bus = pipeline.bus else { return .error }
        let progress = options.progress || options.forcePosition && !options.noPosition ? ProgressReporter() : nil
        var sentEOS = false
        var lastTick = DispatchTime.now().uptimeNanoseconds
        while true {
            if blocking, let sig = Interrupts.take() {
                say("handling interrupt.")
                if options.eosOnShutdown && !sentEOS {
                    say("EOS on shutdown enabled -- Forcing EOS on the pipeline")
                    pipeline.sendEOS()
                    sentEOS = true
                    say("Waiting for EOS...")
                } else {
                    say("Interrupt: Stopping pipeline ...")
                    return .interrupted(sig)
                }
            }
            if let progress, DispatchTime.now().uptimeNanoseconds - lastTick >= 250_000_000 {
                lastTick = DispatchTime.now().uptimeNanoseconds
                report(progress, pipeline, finished: false)
            }
            guard let (message, line) = bus.popDescribed(timeoutNs: blocking ? 50_000_000 : 0) else {
                if blocking { continue }
                return .empty
            }
            if options.messages { print(line) }
            switch message {
            case .eos(let source):
                if goal == .done {
                    if let progress { report(progress, pipeline, finished: true) }
                    say("Got EOS from element \"\(source.split(separator: ":").last.map(String.init) ?? source)\".")
                    return .reached
                }
            case .error(let problem):
                printError(Self.text(problem, kind: "ERROR"))
                return .error
            case .warning(let problem):
                printError(Self.text(problem, kind: "WARNING"))
            case .asyncDone:
                if goal == .prerolled { return .reached }
            case .latency:
                say("Redistribute latency...")
                pipeline.recalculateLatency()
            case .newClock(let name):
                say("New clock: \(name)")
            case .tags(let source, let pairs) where options.tags:
                print("FOUND TAG      : found by element \"\(source)\".")
                for (tag, value) in pairs {
                    print(String(repeating: " ", count: max(16 - tag.count, 0)) + "\(tag): \(value)")
                }
            case .propertyNotify(let object, let property, let value)
                where options.verbose && !options.exclude.contains(property):
                print("\(object): \(property) = \(value ?? "(no value)")")
            default:
                break
            }
        }
    }

    /// Redraws the progress bar from the position and duration queries.
    private func report(_ progress: ProgressReporter, _ pipeline: Element, finished: Bool) {
        let pos = pipeline.queryPosition().flatMap { $0 >= 0 ? $0 : nil }
        let dur = pipeline.queryDuration().flatMap { $0 > 0 ? $0 : nil }
        progress.update(position: pos.map { Double($0) / 1e9 }, duration: dur.map { Double($0) / 1e9 },
                        finished: finished)
    }

    /// `ERROR: from element /GstPipeline:pipeline0/...: text` with the debug details.
    private static func text(_ problem: BusProblem, kind: String) -> String {
        var text = "\(kind): from element \(problem.source): \(problem.text)"
        if let debug = problem.debug { text += "\nAdditional debug info:\n\(debug)" }
        return text
    }

    /// `0:00:01.234567890`, GStreamer's time format.
    static func clock(_ ns: UInt64) -> String {
        let s = ns / 1_000_000_000
        let frac = String(ns % 1_000_000_000)
        let m = (s / 60) % 60, sec = s % 60
        return "\(s / 3600):\(m < 10 ? "0" : "")\(m):\(sec < 10 ? "0" : "")\(sec)."
            + String(repeating: "0", count: 9 - frac.count) + frac
    }
}
