import CWarpFlowAPI
import Glibc
import TimeWarpMap

/// The forward and backward flow of one pair of frames (owned C++ object, freed with it).
final class FlowPair: @unchecked Sendable {
    /// The C++ pair; only the streaming thread that made it uses it.
    let pointer: OpaquePointer
    /// The module that made it (and renders and frees it).
    let functions: FlowFunctions

    /// Takes ownership of `pointer`, made by `functions`.
    init(_ pointer: OpaquePointer, functions: FlowFunctions) {
        self.pointer = pointer
        self.functions = functions
    }

    deinit { functions.freePair(pointer) }
}

/// What the flow of a pair of frames gave: a usable pair, or a fallback to blend.
enum FlowEstimate: Sendable {
    /// The flow passed its checks.
    case usable(FlowPair)
    /// A scene cut or a failed consistency check (or an error): blend the pair's slots.
    case fallback
}

/// The pair identified by its frames' input start times and held buffers (a later run can
/// repeat the times, after a non-flushing seek, but not both with the same live buffers).
struct FlowKey: Equatable, Sendable {
    /// Input start time of the earlier frame (ns).
    var first: UInt64
    /// Input start time of the later frame (ns).
    var second: UInt64
    /// The earlier frame's held buffer.
    var firstBuffer: ObjectIdentifier
    /// The later frame's held buffer.
    var secondBuffer: ObjectIdentifier
}

/// `frame-mode=flow` between buffers: the last pair's estimate (every slot between two frames
/// uses one estimate) and the warning posted at the first flow error.
struct FlowRun: Sendable {
    /// The last pair estimated.
    var last: (key: FlowKey, estimate: FlowEstimate)?
    /// A flow error was reported already.
    var warnedError = false
    /// The motion blur's sums, kept from frame to frame (`ShutterSum`).
    var shutterStorage: [Float] = []
}

/// The estimator behind `frame-mode=flow`: OpenCV's DIS, or Farnebäck when the environment
/// variable `TIMEWARP_FLOW_ESTIMATOR=farneback` asks for it (for `make flow-quality`'s
/// comparison only).
enum FlowEstimator {
    /// The method, read once per process.
    static let method: WarpFlowMethod = {
        guard let value = getenv("TIMEWARP_FLOW_ESTIMATOR"), String(cString: value) == "farneback" else {
            return WARP_FLOW_DIS
        }
        return WARP_FLOW_FARNEBACK
    }()

    /// The C preset of `quality`.
    static func preset(_ quality: FlowQuality) -> WarpFlowQuality {
        switch quality {
        case .fast: return WARP_FLOW_FAST
        case .balanced: return WARP_FLOW_BALANCED
        case .best: return WARP_FLOW_BEST
        }
    }

    /// The size factor the flow is estimated at: full size below 1280 pixels of width; from
    /// there the smallest power of two from 2 that brings the width to 1280 or less (720p and
    /// 1080p at half size, 4K at a quarter). Past about 1280 pixels DIS's pyramid no longer
    /// follows large motion: bikes.mp4 scaled to 1080p rebuilt at 31.0 dB at full size and 34.0 at
    /// half, scaled to 4K at 31.0 at half and 33.9 at a quarter (docs/flow.md). The warp is always
    /// at full size. `TIMEWARP_FLOW_DOWNSCALE` (1 to 8) overrides it, for such measurements.
    static func downscale(width: Int, height: Int) -> Int32 {
        if let forced = forcedDownscale { return forced }
        guard width >= 1280 else { return 1 }
        var factor: Int32 = 2
        while width / Int(factor) > 1280, factor < 16 { factor *= 2 }
        return factor
    }

    /// `TIMEWARP_FLOW_DOWNSCALE`, read once per process.
    static let forcedDownscale: Int32? = {
        guard let value = getenv("TIMEWARP_FLOW_DOWNSCALE"), let n = Int32(String(cString: value)), (1...8).contains(n) else {
            return nil
        }
        return n
    }()
}
