import Foundation
import Synchronization

/// Ctrl-C while a pipeline runs: the handler only records the signal; the bus loop polls it
/// and stops the pipeline (or sends EOS) itself. Scopes nest: the handlers are installed by the
/// outermost `begin()` and removed by its `end()`.
enum Interrupts {
    /// The signals handled.
    static let handled: [Int32] = [SIGINT]

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

    /// Installs the handlers (outermost scope: forgetting any earlier signal).
    static func begin() {
        scope.withLock { s in
            if s.depth == 0 {
                caught.store(0, ordering: .relaxed)
                s.installed = []
                for sig in handled {
                    signal(sig) { Interrupts.caught.store($0, ordering: .relaxed) }
                    s.installed.append(sig)
                }
            }
            s.depth += 1
        }
    }

    /// Removes the handlers (outermost scope).
    static func end() {
        scope.withLock { s in
            s.depth -= 1
            guard s.depth == 0 else { return }
            for sig in s.installed { signal(sig, SIG_DFL) }
            s.installed = []
        }
    }

    /// The signal caught since the last call, if any.
    static func take() -> Int32? {
        let sig = caught.exchange(0, ordering: .relaxed)
        return sig == 0 ? nil : sig
    }
}
