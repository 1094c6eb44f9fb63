#if canImport(Glibc)
import Glibc
#endif

/// How the process allocates large blocks (decoded frames, the encoder's pictures).
enum LargeBlockAllocation {
    /// The threshold above which glibc maps a block on its own, returned to the system on `free`.
    static let mapThreshold: Int32 = 1 << 20
    /// glibc's `M_MMAP_THRESHOLD` (malloc.h), which the Glibc module does not import.
    static let mmapThresholdParameter: Int32 = -3

    /// Fixes glibc's mmap threshold at 1 MiB, for `warp --reverse` only. By default glibc raises
    /// the threshold to the size of each mapped block freed (up to 32 MiB), after which the
    /// frames of 1 MiB and more (a 1080p I420 frame is 3 MiB) come from the heap arenas of the
    /// many streaming threads, where freed frames stay resident; `warp --reverse` at 1080p peaked
    /// ~20 MB higher for it (docs/cli.md, "Reversing from a bounded store"). A forward warp keeps
    /// glibc's default: the fixed threshold cost it 6 % of its CPU time in page faults for 4 %
    /// less peak memory (720p, `scripts/bench-tool.sh`). `MALLOC_MMAP_THRESHOLD_` in the
    /// environment still wins.
    static func mapLargeBlocks() {
        #if canImport(Glibc)
        guard getenv("MALLOC_MMAP_THRESHOLD_") == nil else { return }
        // mallopt is not in the Glibc module: looked up in the process (RTLD_DEFAULT).
        guard let symbol = dlsym(nil, "mallopt") else { return }
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        _ = unsafeBitCast(symbol, to: Mallopt.self)(mmapThresholdParameter, mapThreshold)
        #endif
    }
}
