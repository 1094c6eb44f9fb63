import Foundation
import Synchronization

/// SIGINT (Ctrl-C), SIGTERM, SIGHUP and SIGPIPE (`| head` went away) while a pipeline runs or a file is being written: the
/// handler only records the signal; the bus loop polls it and stops the pipeline (or sends EOS)
/// itself, and the command removes what it had started to write. Scopes nest: the handlers are
/// installed by the outermost `begin()` and removed by its `end()`, which re-raises a signal
/// nobody took (so a signal that lands after the work is done still ends the process as usual).
enum Interrupts {
    /// The signals handled, all in the same way.
    static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGPIPE]

    /// The signal caught and not yet taken, or 0. An atomic, not a plain global: it is written
    /// by the signal handler (on whatever thread the signal lands) and read by the bus loop. It
    /// is initialised by `begin()` before any handler that writes it is installed, and a
    /// lock-free atomic store is async-signal-safe.
    private static let caught = Atomic<Int32>(0)

    private struct Scope {
        var depth = 0
        var installed: [Int32] = []
    }
    private static let scope = Mutex(Scope())

    /// Installs the handlers (outermost scope: forgetting any earlier signal). A signal that
    /// was ignored when the process started (`nohup` ignores SIGHUP) stays ignored.
    static func begin() {
        scope.withLock { s in
            if s.depth == 0 {
                caught.store(0, ordering: .relaxed)
                s.installed = []
                for sig in handled {
                    let previous = signal(sig) { Interrupts.caught.store($0, ordering: .relaxed) }
                    if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                        signal(sig, SIG_IGN)
                    } else {
                        s.installed.append(sig)
                    }
                }
            }
            s.depth += 1
        }
    }

    /// Removes the handlers (outermost scope) and re-raises a signal that was caught but not
    /// taken.
    static func end() {
        let pending: Int32? = scope.withLock { s in
            s.depth -= 1
            guard s.depth == 0 else { return nil }
            for sig in s.installed { signal(sig, SIG_DFL) }
            s.installed = []
            return take()
        }
        if let pending { raise(pending) }
    }

    /// Whether a signal was caught and not yet taken.
    static var pending: Bool { caught.load(ordering: .relaxed) != 0 }

    /// The signal caught since the last call, if any.
    static func take() -> Int32? {
        let sig = caught.exchange(0, ordering: .relaxed)
        return sig == 0 ? nil : sig
    }

    /// `SIGTERM`, ...
    static func name(_ sig: Int32) -> String {
        switch sig {
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        case SIGHUP: return "SIGHUP"
        case SIGPIPE: return "SIGPIPE (the reader of its output went away)"
        default: return "signal \(sig)"
        }
    }

    /// The exit status after `sig`, as shells report it: 128 + the signal number.
    static func exitCode(_ sig: Int32) -> Int32 { 128 + sig }
}
