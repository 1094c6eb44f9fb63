/// Streaming control points for variable-rate resampling: the article's `ControlBlocks`,
/// done incrementally with bounded memory.
///
/// Feed the warped times `X(0), X(1), ...` of consecutive input samples (`X(i) = warp(t0 + i/rate)`,
/// seconds). Output sample `j` sits at `tau_j = X(0) + j/rate`; for the input pair with
/// `X(i-1) <= tau_j < X(i)` its control point is
/// `c = (i-1) + (tau_j - X(i-1)) / (X(i) - X(i-1))` (the article's `c = (i-1) + t/T`).
///
/// `peek()` returns the control point of output `outputIndex` as soon as enough X values have been
/// fed, `advance()` moves to the next output. Fed values wait in a FIFO until `peek()` needs them,
/// so feeding ahead never loses control points.
///
/// Numerics: `j/rate` is computed as `j * (1/rate)` (callers computing input times `t0 + i/rate` the
/// same way get `tau_j == X(j)` bit for bit under the identity map), and the division by
/// `X(i) - X(i-1)` is a multiplication by its reciprocal, computed once per interval.
///
/// Totality: a fed value that is not finite, or not larger than the last accepted one (a map that
/// is not increasing), is skipped: the interval then spans several input samples and `c`
/// interpolates the index across it. Nothing traps; a NaN `X(0)` simply yields no control points.
public struct ControlPointGenerator: Sendable {
    /// Sample rate (Hz) of both input and output.
    public let rate: Double
    /// `1 / rate`, the sample period in seconds, used for every sample time.
    public let period: Double
    /// `X(0)`, the output time of output sample 0 (NaN until the first value is fed).
    public private(set) var origin: Double = .nan
    /// Index `j` of the output sample whose control point `peek()` returns.
    public private(set) var outputIndex: Int64 = 0
    /// Number of X values fed so far.
    public private(set) var fedCount: Int64 = 0

    // FIFO of fed but not yet consumed X values as pairs (x, 1 / (x - value fed just before it));
    // the pair at queueHead has input index consumedCount. The reciprocal is computed in bulk when
    // fed, so the division is off the critical path when the value is consumed.
    private var queue: [Double] = []
    private var queueHead: Int = 0                 // in pairs
    private var lastFed: Double = .nan
    private var consumedCount: Int64 = 0
    // The current interval [leftX, rightX) between accepted samples leftIndex and rightIndex.
    private var leftX: Double = 0
    private var rightX: Double = 0
    private var leftIndex: Int64 = 0
    private var rightIndex: Int64 = 0
    private var leftPosition: Double = 0        // Double(leftIndex)
    private var positionPerSecond: Double = 0   // (rightIndex - leftIndex) / (rightX - leftX)
    private var intervalScale: Double = 1       // (rightX - leftX) * rate / (rightIndex - leftIndex)
    private var acceptedCount: Int = 0          // accepted X values, saturating at 2
    private var tau: Double = .nan              // tau of outputIndex

    /// Creates a generator for audio at `rate` Hz (non-positive or non-finite rates are treated as 1).
    public init(rate: Double) {
        self.rate = (rate > 0 && rate.isFinite) ? rate : 1
        self.period = 1 / self.rate
    }

    /// Feeds the warped time of the next input sample (`X(fedCount)`, in seconds).
    public mutating func feed(_ x: Double) {
        withUnsafePointer(to: x) { feed(contentsOf: UnsafeBufferPointer(start: $0, count: 1)) }
    }

    /// Feeds several consecutive warped times at once (same as calling `feed(_:)` for each).
    public mutating func feed(contentsOf xs: UnsafeBufferPointer<Double>) {
        guard var rest = xs.baseAddress, xs.count > 0 else { return }
        var count = xs.count
        if fedCount == 0 {
            origin = rest[0]
            tau = rest[0]
            lastFed = rest[0]
            consume(rest[0], inverse: .nan)
            fedCount = 1
            rest += 1
            count -= 1
            guard count > 0 else { return }
        }
        compactQueue()
        let start = queue.count
        queue.append(contentsOf: repeatElement(0, count: 2 * count))
        var previous = lastFed
        queue.withUnsafeMutableBufferPointer { q in
            guard q.count >= start + 2 * count, let out = q.baseAddress else { return }
            let dst = out + start
            for k in 0..<count {
                let x = rest[k]
                dst[2 * k] = x
                dst[2 * k + 1] = 1 / (x - previous)
                previous = x
            }
        }
        lastFed = previous
        fedCount &+= Int64(count)
    }

    /// The control point of output `outputIndex`, consuming fed X values as needed; `nil` when
    /// more X values must be fed first.
    @inline(__always)
    public mutating func peek() -> WarpControlPoint? {
        if tau < rightX && acceptedCount >= 2 { return current() }
        return peekConsuming()
    }

    /// Moves on to the next output sample (call after a successful `peek()`).
    @inline(__always)
    public mutating func advance() {
        outputIndex &+= 1
        tau = origin + Double(outputIndex) * period
    }

    /// `peek()` followed by `advance()` when it succeeds.
    public mutating func next() -> WarpControlPoint? {
        guard let point = peek() else { return nil }
        advance()
        return point
    }

    /// The control point of output `outputIndex` extended linearly from the last interval, for
    /// outputs that lie beyond the last fed X value (used at end of stream). With fewer than two
    /// accepted X values it is the last accepted index with scale 1.
    public func extrapolated() -> WarpControlPoint {
        guard acceptedCount >= 2 else {
            return WarpControlPoint(position: Double(rightIndex), scale: 1)
        }
        return current()
    }

    /// A lower bound on the position of every control point still to come: the input index of the
    /// current interval's left end (or of the last accepted value / next value to consume).
    public var positionLowerBound: Int64 {
        switch acceptedCount {
        case 0: return consumedCount > 0 ? consumedCount &- 1 : 0
        case 1: return rightIndex
        default: return leftIndex
        }
    }

    /// Number of fed X values waiting to be consumed.
    public var pendingCount: Int { queue.count / 2 &- queueHead }

    @inline(__always)
    private func current() -> WarpControlPoint {
        WarpControlPoint(position: leftPosition + (tau - leftX) * positionPerSecond, scale: intervalScale)
    }

    @inline(__always)
    private mutating func peekConsuming() -> WarpControlPoint? {
        while true {
            if tau < rightX && acceptedCount >= 2 { return current() }
            let at = 2 &* queueHead
            guard at &+ 1 < queue.count else {
                compactQueue()
                return nil
            }
            if at &+ 3 < queue.count && queue[at &+ 2] <= tau && acceptedCount >= 1 && skipRun() { continue }
            queueHead &+= 1
            consume(queue[at], inverse: queue[at &+ 1])
        }
    }

    /// Fast path when speeding up: consumes in one step a run of two or more pending values that
    /// are finite, strictly increasing from `rightX` and `<= tau` (consuming them one by one would
    /// leave exactly this state: the last two become the interval). Returns false if no such run.
    @inline(never)
    private mutating func skipRun() -> Bool {
        let head = queueHead
        let limit = tau
        var previous = rightX
        let run: Int = queue.withUnsafeBufferPointer { buf in
            guard let p = buf.baseAddress else { return 0 }
            let pairs = buf.count / 2
            var k = head
            while k < pairs {
                let x = p[2 &* k]
                guard x > previous && x <= limit && x.isFinite else { break }
                previous = x
                k &+= 1
            }
            return k &- head
        }
        guard run >= 2 else { return false }
        let last = 2 &* (head &+ run &- 1)
        leftX = queue[last &- 2]
        rightX = queue[last]
        let inverse = queue[last &+ 1]
        leftIndex = consumedCount &+ Int64(run &- 2)
        rightIndex = leftIndex &+ 1
        consumedCount &+= Int64(run)
        queueHead = head &+ run
        acceptedCount = 2
        leftPosition = Double(leftIndex)
        positionPerSecond = min(inverse, 1e300)
        intervalScale = (rightX - leftX) * rate
        return true
    }

    @inline(never)
    private mutating func compactQueue() {
        guard queueHead > 0 else { return }
        if queueHead * 2 >= queue.count {
            queue.removeAll(keepingCapacity: true)
            queueHead = 0
        } else if queueHead >= 4096 && queueHead * 4 >= queue.count {
            queue.removeFirst(queueHead * 2)
            queueHead = 0
        }
    }

    @inline(__always)
    private mutating func consume(_ x: Double, inverse: Double) {
        let index = consumedCount
        consumedCount &+= 1
        guard x.isFinite, acceptedCount == 0 || x > rightX else { return }
        leftX = rightX
        leftIndex = rightIndex
        rightX = x
        rightIndex = index
        if acceptedCount < 2 { acceptedCount &+= 1 }
        let span = rightX - leftX
        let stepCount = rightIndex &- leftIndex
        leftPosition = Double(leftIndex)
        if stepCount == 1 {
            // `inverse` is 1 / (x - previous fed value) = 1 / span here (bit for bit).
            positionPerSecond = min(inverse, 1e300)      // a subnormal span must not give inf * 0
            intervalScale = span * rate
        } else {
            let steps = Double(stepCount)
            positionPerSecond = min(steps / span, 1e300)
            intervalScale = span * rate / steps
        }
    }
}
