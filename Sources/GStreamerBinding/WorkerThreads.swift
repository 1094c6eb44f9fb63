import CGStreamer

/// A few persistent worker threads (GLib threads) that run one job at a time, split into numbered
/// parts: `run(parts:)` hands the parts out to the workers and to the calling thread alike and
/// returns when every part is done. The calling thread takes parts too, so a worker that the
/// scheduler keeps waiting (a loaded machine) costs nothing: the caller does its parts instead.
///
/// The threads sleep on a condition variable between jobs (no spinning). `stop()` (or release)
/// wakes and joins them. One job at a time: `run` is called by one thread (the streaming thread).
public final class WorkerThreads: @unchecked Sendable {
    // The GLib mutex and condition variables must not move: allocated once, freed in deinit.
    private let mutex: UnsafeMutablePointer<GMutex>
    private let wake: UnsafeMutablePointer<GCond>
    private let finished: UnsafeMutablePointer<GCond>
    private var threads: [UnsafeMutablePointer<GThread>] = []
    // Guarded by `mutex`:
    private var generation: UInt64 = 0
    private var job: ((Int) -> Void)?
    private var parts = 0
    private var nextPart = 0
    private var remaining = 0
    private var stopping = false

    /// The number of worker threads (the calling thread comes on top of them).
    public let threadCount: Int

    /// The processors this process may run on (`g_get_num_processors`).
    public static var processorCount: Int { Int(g_get_num_processors()) }

    /// Starts `count` worker threads (none when `count` <= 0: the caller then does every part),
    /// named `name` (at most 15 characters show in `top`).
    public init(count: Int, name: String) {
        mutex = .allocate(capacity: 1)
        wake = .allocate(capacity: 1)
        finished = .allocate(capacity: 1)
        mutex.initialize(to: GMutex())
        wake.initialize(to: GCond())
        finished.initialize(to: GCond())
        g_mutex_init(mutex)
        g_cond_init(wake)
        g_cond_init(finished)
        threadCount = max(0, count)
        let me = Unmanaged.passUnretained(self).toOpaque()
        for _ in 0..<threadCount {
            let thread = g_thread_new(name, { data in
                guard let data else { return nil }
                Unmanaged<WorkerThreads>.fromOpaque(data).takeUnretainedValue().work()
                return nil
            }, me)
            if let thread { threads.append(thread) }
        }
    }

    deinit {
        stop()
        g_cond_clear(finished)
        g_cond_clear(wake)
        g_mutex_clear(mutex)
        finished.deallocate()
        wake.deallocate()
        mutex.deallocate()
    }

    /// Wakes and joins the worker threads; `run` then does every part on the calling thread.
    public func stop() {
        g_mutex_lock(mutex)
        stopping = true
        g_cond_broadcast(wake)
        g_mutex_unlock(mutex)
        for thread in threads { g_thread_join(thread) }
        threads = []
    }

    /// Runs `body(part)` for every part in `0..<parts`, on the workers and the calling thread,
    /// and returns when all are done. Parts run concurrently: they must touch disjoint memory.
    public func run(parts count: Int, _ body: (Int) -> Void) {
        guard count > 0 else { return }
        if threads.isEmpty || count == 1 {
            for part in 0..<count { body(part) }
            return
        }
        withoutActuallyEscaping(body) { body in
            g_mutex_lock(mutex)
            job = body
            parts = count
            nextPart = 0
            remaining = count
            generation &+= 1
            g_cond_broadcast(wake)
            takeParts()  // returns with the mutex held
            while remaining > 0 { g_cond_wait(finished, mutex) }
            job = nil
            parts = 0
            g_mutex_unlock(mutex)
        }
    }

    /// Takes parts of the current job until none is left (called and returning with the mutex
    /// held; it is released while a part runs).
    private func takeParts() {
        while nextPart < parts, let body = job {
            let part = nextPart
            nextPart += 1
            g_mutex_unlock(mutex)
            body(part)
            g_mutex_lock(mutex)
            remaining -= 1
            if remaining == 0 { g_cond_signal(finished) }
        }
    }

    /// A worker thread: sleeps until a new job (or stop), takes parts of it, sleeps again.
    private func work() {
        g_mutex_lock(mutex)
        var seen = generation
        while true {
            while generation == seen, !stopping { g_cond_wait(wake, mutex) }
            if stopping { break }
            seen = generation
            takeParts()
        }
        g_mutex_unlock(mutex)
    }
}
