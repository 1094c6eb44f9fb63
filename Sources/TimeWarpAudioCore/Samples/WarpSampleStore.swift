/// The part of `WarpResampler`'s state held in the working precision `W` (see `WarpWorkSample`):
/// the input window and the small buffers around it. Created on the first buffer, whose sample
/// type picks `W`.
struct WarpSampleStore<W: WarpWorkSample> {
    /// The input frames the kernels read.
    var window: WarpSampleWindow<W>
    /// Values of an incomplete input frame (`channels` entries; `carryCount` of them valid).
    var carry: [W]
    /// A rendered frame not yet within the count (`channels` entries; see `WarpRenderJob`).
    var held: [W]
    /// Rendered frames awaiting conversion to the output type.
    var scratch: [W]
    /// One sinc output's blended weights (`WarpSincState.weightCapacity` entries).
    var weights: [W]
    /// A batch of control points for the render loop: positions, scales, interval left ends.
    var points: [Double]
    /// The sinc kernel's plan of a batch: taps offset and phase key per point.
    var plan: [Int]

    /// Control points per render batch.
    static var pointBatch: Int { 256 }

    /// Fresh buffers for `channels` channels, `pad` frames of edge padding, input appended
    /// `chunkFrames` frames at a time, and `scratchFrames` output frames per render.
    init(channels: Int, pad: Int, chunkFrames: Int, scratchFrames: Int, sinc: Bool) {
        // The sinc kernel reads each channel's taps as one run; linear and cubic read whole frames.
        window = WarpSampleWindow(channels: channels, pad: pad, initialFrames: pad + 2 * chunkFrames, planar: sinc)
        carry = [W](repeating: 0, count: channels)
        held = [W](repeating: 0, count: channels)
        scratch = [W](repeating: 0, count: scratchFrames * channels)
        weights = [W](repeating: 0, count: sinc ? WarpSincState.weightCapacity : 0)
        points = [Double](repeating: 0, count: 3 * WarpSampleStore.pointBatch)
        plan = [Int](repeating: 0, count: sinc ? 2 * WarpSampleStore.pointBatch : 0)
    }

    /// The same state converted to `W` (the sample type changed mid-stream).
    init<V>(converting other: WarpSampleStore<V>) {
        window = WarpSampleWindow(converting: other.window)
        carry = other.carry.map { W(warpDouble: $0.warpDouble) }
        held = other.held.map { W(warpDouble: $0.warpDouble) }
        scratch = [W](repeating: 0, count: other.scratch.count)
        weights = [W](repeating: 0, count: other.weights.count)
        points = other.points
        plan = other.plan
    }
}

/// Which working precision `WarpResampler`'s store is in, if it has one yet.
enum WarpStoreSlot {
    /// No input yet (or just reset).
    case empty
    /// F32 input.
    case float(WarpSampleStore<Float>)
    /// S16, S32 or F64 input.
    case double(WarpSampleStore<Double>)

    /// The window's complete input frames (`N`), 0 when empty.
    var realFrames: Int64 {
        switch self {
        case .empty: return 0
        case .float(let s): return s.window.realFrames
        case .double(let s): return s.window.realFrames
        }
    }

    /// The working precision of the store, nil when empty.
    var precision: WarpStorePrecision? {
        switch self {
        case .empty: return nil
        case .float: return .float
        case .double: return .double
        }
    }

    /// Samples of window storage allocated.
    var storageCount: Int {
        switch self {
        case .empty: return 0
        case .float(let s): return s.window.storage.count
        case .double(let s): return s.window.storage.count
        }
    }
}

/// The two working precisions of `WarpStoreSlot` (see `WarpWorkSample`).
enum WarpStorePrecision {
    /// `Float` (F32 input).
    case float
    /// `Double` (S16, S32 and F64 input).
    case double
}
