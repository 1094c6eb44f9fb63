/// Streaming control points for variable-rate resampling (see
/// docs/mathematics.md#audio-control-points), computed incrementally with bounded memory.
///
/// Feed the warped times `X(0), X(1), ...` of consecutive input samples (`X(i) = warp(t0 + i/rate)`,
/// seconds). Output sample `j` sits at `tau_j = X(0) + j/rate`; for the input pair with
/// `X(i-1) <= tau_j < X(i)` its control point is
/// `c = (i-1) + u + b u (1 - u)`,  `u = (tau_j - X(i-1)) / (X(i) - X(i-1))`,
/// where the bend `b = ((X(i+1) - X(i)) - (X(i-1) - X(i-2))) / (4 (X(i) - X(i-1)))` corrects the
/// linear inverse for the curvature of `X` to second order (`T^-1` between samples, not the
/// chord's inverse). `b` is 0 when `X(i-2)` or `X(i+1)` is not accepted as one step next to the
/// interval, when `|b| < 1e-6` (rounding of a straight map: linear maps stay exact) and when
/// `|b| > 1/2` (a kink: `c` then stays monotone and inside the interval). A control point
/// therefore waits for `X(i+1)`; at the end of the stream `extrapolated()` uses `b = 0`.
///
/// `peek()` returns the control point of output `outputIndex` as soon as enough X values have been
/// fed, `advance()` moves to the next output. Fed values wait in a FIFO until `peek()` needs them,
/// so feeding ahead never loses control points.
///
/// Numerics: `j/rate` is computed as `j * (1/rate)` (callers computing input times `t0 + i/rate` the
/// same way get `tau_j == X(j)` bit for bit under the identity map), and the division by
/// `X(i) - X(i-1)` is a multiplication by its reciprocal, computed once per interval (when the
/// interval is entered).
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
    public internal(set) var outputIndex: Int64 = 0
    /// Number of X values fed so far.
    public private(set) var fedCount: Int64 = 0

    // Internal state (also advanced by `walk` in ControlPointGenerator+Walk.swift).
    // FIFO of fed but not yet consumed X values in queue[queueHead ..< queueEnd] (the array's
    // count is its capacity); the value at queueHead has input index consumedCount. steps[h]
    // (same layout) is what consuming queue[h] right after the value fed before it sets
    // positionPerSecond to, min(1 / (x - previous), 1e300), or NaN when queue[h] would not be
    // accepted as one step (not finite, or not above the value before it): computed in bulk when
    // fed, so the division is off the critical path.
    var queue: [Double] = []
    var steps: [Double] = []
    // bent[h] (same layout) is 0 when the interval that consuming queue[h] enters, between the
    // values fed before it and queue[h], surely has bend 0 (`straight`), else 1. Set once the
    // value after queue[h] is fed (until then 1), so `walkPlain` need not compute the bend.
    var bent: [UInt8] = []
    var queueHead: Int = 0
    var queueEnd: Int = 0
    // Every steps[h] for h in plainFrom ..< plainEnd is a step (not NaN), so `walk` need not look.
    var plainFrom: Int = 0
    var plainEnd: Int = 0
    var lastFed: Double = .nan
    // The two values fed before `lastFed` (NaN before there were any): the bends of the
    // intervals a feed completes reach back to them.
    var lastFed2: Double = .nan
    var lastFed3: Double = .nan
    var consumedCount: Int64 = 0
    // The current interval [leftX, rightX) between accepted samples leftIndex and rightIndex.
    var leftX: Double = 0
    var rightX: Double = 0
    var leftIndex: Int64 = 0
    var rightIndex: Int64 = 0
    var leftPosition: Double = 0        // Double(leftIndex)
    var positionPerSecond: Double = 0   // (rightIndex - leftIndex) / (rightX - leftX)
    var intervalScale: Double = 1       // (rightX - leftX) * rate / (rightIndex - leftIndex)
    var acceptedCount: Int = 0          // accepted X values, saturating at 2
    var tau: Double = .nan              // tau of outputIndex
    var farLeftX: Double = .nan         // X(leftIndex - 1) if accepted one step before leftIndex, else NaN

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
        var largest = -Double.infinity
        feed(count: xs.count, largest: &largest) { dst in
            guard let s = xs.baseAddress, let d = dst.baseAddress else { return }
            d.update(from: s, count: min(xs.count, dst.count))
        }
    }

    /// Feeds `count` consecutive warped times that `fill` writes in place (it gets a buffer of
    /// exactly `count` values), and raises `largest` to the largest finite one. The same as
    /// `feed(contentsOf:)` of those values, without a copy.
    mutating func feed(count: Int, largest: inout Double, fill: (UnsafeMutableBufferPointer<Double>) -> Void) {
        guard count > 0 else { return }
        reserveQueue(count)
        let start = queueEnd
        var m = largest
        var previous = lastFed
        let written: Bool = queue.withUnsafeMutableBufferPointer { q in
            steps.withUnsafeMutableBufferPointer { st in
                guard start &+ count <= q.count, start &+ count <= st.count, let base = q.baseAddress,
                      let stepBase = st.baseAddress else { return false }
                let xs = base + start
                fill(UnsafeMutableBufferPointer(start: xs, count: count))
                let ss = stepBase + start
                ss[0] = ControlPointGenerator.step(to: xs[0], after: previous)
                let before = (lastFed3, lastFed2, lastFed)
                var bends = (covered: 0, verdict: 0)
                let increasing = ControlPointGenerator.steps(xs, into: ss, count: count, before: before, bends: &bends)
                if increasing && ss[0] == ss[0] {
                    if plainEnd != start { plainFrom = start }
                } else {
                    var k = count
                    while k > 0 && ss[k &- 1] == ss[k &- 1] { k &-= 1 }
                    plainFrom = start &+ k             // after the last value that is not a step
                }
                plainEnd = start &+ count
                let last = xs[count &- 1]
                if increasing && xs[0] > -.infinity && last < .infinity {
                    if last > m { m = last }         // increasing from a finite value to one
                } else {
                    WarpNumerics.raiseToLargestFinite(&m, xs, count)
                }
                previous = last
                bent.withUnsafeMutableBufferPointer { bn in
                    guard start &+ count <= bn.count, let bentBase = bn.baseAddress else { return }
                    // Position start - 1 (fed last time) is decided now, if it is still there.
                    let first = start > queueHead ? start &- 1 : start
                    ControlPointGenerator.markBends(xs, steps: ss, count: count, first: first &- start, before: before,
                                                    known: bends, into: bentBase + start)
                }
                return true
            }
        }
        guard written else { return }
        if count >= 3 {
            (lastFed3, lastFed2) = (queue[queueEnd &+ count &- 3], queue[queueEnd &+ count &- 2])
        } else if count == 2 {
            (lastFed3, lastFed2) = (lastFed, queue[queueEnd])
        } else {
            (lastFed3, lastFed2) = (lastFed2, lastFed)
        }
        largest = m
        lastFed = previous
        queueEnd = start &+ count
        fedCount &+= Int64(count)
        if fedCount == Int64(count) {
            // X(0): the origin of output time, consumed at once.
            origin = queue[start]
            tau = origin
            queueHead &+= 1
            consume(origin)
        }
    }

    /// `steps[k] = step(to: xs[k], after: xs[k - 1])` for `k` in `1 ..< count`; returns whether
    /// every one of them is a step (the values increase and stay below infinity). Two at a time
    /// assuming they all are, then, only if not, once more one by one to mark the others NaN.
    /// Along the way, when they all are, the bends `markBends` looks for (`before`: the three
    /// values fed before `xs[0]`; `steps[0]` set): `bends.covered` positions from 0 are decided,
    /// `bends.verdict` 1 when every one of them is surely straight, -1 when none is, else 0.
    @inline(__always)
    static func steps(_ xs: UnsafePointer<Double>, into steps: UnsafeMutablePointer<Double>, count: Int,
                      before: (Double, Double, Double), bends: inout (covered: Int, verdict: Int)) -> Bool {
        typealias V = SIMD2<Double>
        typealias M = SIMDMask<V.MaskStorage>
        let one = V(repeating: 1), big = V(repeating: 1e300), inf = V(repeating: .infinity)
        let quarter = V(repeating: 0.25), limit = V(repeating: 1e-6)
        let raw = UnsafeRawPointer(xs), out = UnsafeMutableRawPointer(steps)
        let width = MemoryLayout<Double>.stride
        var bad = M(), allStraight = M(repeating: true), anyStraight = M()
        // D[j] = xs[j] - xs[j - 1]; the interval at position h has the second difference
        // D[h + 1] - D[h - 1] (see `bend`).
        var previousD = V(before.2 - before.1, xs[0] - before.2)      // D[-1], D[0]
        var previousStep = steps[0]                                      // steps[k - 1]
        var k = 1
        while k &+ 2 <= count {
            let o = k &* width
            let x = raw.loadUnaligned(fromByteOffset: o, as: V.self)
            let p = raw.loadUnaligned(fromByteOffset: o &- width, as: V.self)
            let d = x - p                                               // D[k], D[k + 1]
            let q = one / d
            let r = q.replacing(with: big, where: big .< q)
            bad = bad .| .!((x .> p) .& (x .!= inf))          // x > p also excludes NaN
            out.storeBytes(of: r, toByteOffset: o, as: V.self)
            // Positions k - 1 and k, as `bend` computes them (NaN: not straight).
            let b = (d - previousD) * (quarter * V(previousStep, r.x))
            let straight = (b .< limit) .& (-limit .< b)
            allStraight = allStraight .& straight
            anyStraight = anyStraight .| straight
            previousD = d
            previousStep = r.y
            k &+= 2
        }
        var increasing = !any(bad)
        bends = (covered: k &- 1, verdict: all(allStraight) ? 1 : (any(anyStraight) ? 0 : -1))
        while k < count {
            let s = step(to: xs[k], after: xs[k &- 1])
            steps[k] = s
            if !(s == s) { increasing = false }
            k &+= 1
        }
        if !increasing {
            for k in 1..<max(count, 1) { steps[k] = step(to: xs[k], after: xs[k &- 1]) }
            bends.verdict = 0
        }
        return increasing
    }

    /// `bent[k]` for `k` in `first ..< count - 1` (`first` is -1 or 0; `bent`, `steps` and `xs`
    /// are indexed alike, `before` holds the three values fed before `xs[0]`): 0 when the bend of
    /// the interval `[xs[k-1], xs[k])` between `xs[k-2]` and `xs[k+1]` is surely 0, because
    /// `|b| < 1e-6` computed exactly as `bend` does, else 1 (also for a kink, a NaN or a value
    /// that is not a step, where `bend` may give 0 too: `walkPlain` then stops and `walk`, which
    /// computes the bend, goes on). `bent[count - 1]` waits for the next value: 1 until then.
    /// Positions `0 ..< known.covered` with a `known.verdict` of 1 or -1 (from `steps`) are filled
    /// at once, the others one by one.
    @inline(__always)
    static func markBends(_ xs: UnsafePointer<Double>, steps: UnsafePointer<Double>, count: Int, first: Int,
                          before: (Double, Double, Double), known: (covered: Int, verdict: Int),
                          into bent: UnsafeMutablePointer<UInt8>) {
        // x(j) for j >= -3.
        func x(_ j: Int) -> Double {
            j >= 0 ? xs[j] : (j == -1 ? before.2 : (j == -2 ? before.1 : before.0))
        }
        func isBent(_ k: Int) -> UInt8 {
            let b = ((x(k &+ 1) - x(k)) - (x(k &- 1) - x(k &- 2))) * (0.25 * steps[k])
            return b.magnitude < 1e-6 ? 0 : 1
        }
        bent[count &- 1] = 1
        if first < 0 { bent[-1] = isBent(-1) }
        let covered = known.verdict != 0 ? min(known.covered, count &- 1) : 0
        if covered > 0 { bent.update(repeating: known.verdict > 0 ? 0 : 1, count: covered) }
        var k = covered
        while k < count &- 1 {
            bent[k] = isBent(k)
            k &+= 1
        }
    }

    /// `positionPerSecond` after accepting `x` right after `previous` (one input step), or NaN
    /// when `x` would not be accepted after it (`consume` computes the same from the interval).
    @inline(__always)
    static func step(to x: Double, after previous: Double) -> Double {
        x > previous && x < .infinity ? min(1 / (x - previous), 1e300) : .nan
    }

    /// The control point of output `outputIndex`, consuming fed X values as needed; `nil` when
    /// more X values must be fed first.
    @inline(__always)
    public mutating func peek() -> WarpControlPoint? {
        if tau < rightX && acceptedCount >= 2 { return currentWithBend() }
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
        return current(bend: 0)
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
    public var pendingCount: Int { queueEnd &- queueHead }

    /// Values the queue has room for (diagnostics: bounded by the largest feed plus the values
    /// pending at the time), times two for the steps kept alongside.
    var queueCapacity: Int { queue.count &+ steps.count }

    @inline(__always)
    private func current(bend: Double) -> WarpControlPoint {
        WarpControlPoint(position: ControlPointGenerator.position(leftPosition, (tau - leftX) * positionPerSecond, bend),
                         scale: intervalScale)
    }

    /// The current point, or `nil` while `X(rightIndex + 1)` (which decides the bend) is not fed.
    @inline(__always)
    private func currentWithBend() -> WarpControlPoint? {
        guard let b = currentBend() else { return nil }
        return current(bend: b)
    }

    /// The current interval's bend, or `nil` when `X(rightIndex + 1)` must be fed first.
    func currentBend() -> Double? {
        guard rightIndex &- leftIndex == 1, rightIndex &+ 1 == consumedCount, farLeftX == farLeftX else { return 0 }
        guard queueHead < queueEnd else { return nil }
        return ControlPointGenerator.bend(farLeftX, leftX, rightX, queue[queueHead], positionPerSecond)
    }

    /// The bend of the interval `[lx, rx)` between `px` before it and `nx` after it (see the
    /// type's documentation), `perSpan` being the interval's `positionPerSecond`,
    /// `min(1 / (rx - lx), 1e300)` (no division here); 0 when `nx` would not be accepted right
    /// after `rx`, or `px` is NaN.
    @inline(__always)
    static func bend(_ px: Double, _ lx: Double, _ rx: Double, _ nx: Double, _ perSpan: Double) -> Double {
        guard nx > rx && nx < .infinity else { return 0 }
        let b = ((nx - rx) - (lx - px)) * (0.25 * perSpan)
        return b.magnitude >= 1e-6 && b.magnitude <= 0.5 ? b : 0
    }

    /// `lp + u + b u (1 - u)`; exactly `lp + u` when `b` is 0.
    @inline(__always)
    static func position(_ lp: Double, _ u: Double, _ b: Double) -> Double {
        b == 0 ? lp + u : lp + (u + b * u * (1 - u))
    }

    @inline(__always)
    private mutating func peekConsuming() -> WarpControlPoint? {
        while true {
            if tau < rightX && acceptedCount >= 2 { return currentWithBend() }
            guard queueHead < queueEnd else {
                compactQueue()
                return nil
            }
            let at = queueHead
            if at &+ 1 < queueEnd && queue[at &+ 1] <= tau && acceptedCount >= 1 && skipRun() { continue }
            queueHead &+= 1
            consume(queue[at])
        }
    }

    /// Fast path when speeding up: consumes in one step a run of two or more pending values that
    /// are finite, strictly increasing from `rightX` and `<= tau` (consuming them one by one would
    /// leave exactly this state: the last two become the interval). Returns false if no such run.
    @inline(never)
    private mutating func skipRun() -> Bool {
        let head = queueHead
        let end = queueEnd
        let limit = tau
        var previous = rightX
        let run: Int = queue.withUnsafeBufferPointer { buf in
            guard let p = buf.baseAddress else { return 0 }
            let stop = min(buf.count, end)
            var k = head
            while k < stop {
                let x = p[k]
                guard x > previous && x <= limit && x.isFinite else { break }
                previous = x
                k &+= 1
            }
            return k &- head
        }
        guard run >= 2 else { return false }
        let last = head &+ run &- 1
        farLeftX = run >= 3 ? queue[last &- 2]
            : (acceptedCount >= 1 && rightIndex &+ 1 == consumedCount ? rightX : .nan)
        leftX = queue[last &- 1]
        rightX = queue[last]
        leftIndex = consumedCount &+ Int64(run &- 2)
        rightIndex = leftIndex &+ 1
        consumedCount &+= Int64(run)
        queueHead = head &+ run
        acceptedCount = 2
        leftPosition = Double(leftIndex)
        positionPerSecond = min(1 / (rightX - leftX), 1e300)
        intervalScale = (rightX - leftX) * rate
        return true
    }

    /// Forgets consumed values when none is pending (cheap, and keeps the queue at the front).
    @inline(never)
    private mutating func compactQueue() {
        guard queueHead > 0, queueHead >= queueEnd else { return }
        queueHead = 0
        queueEnd = 0
        plainFrom = 0
        plainEnd = 0
    }

    /// Makes room for `count` more values after `queueEnd`: moves the pending values (few, as a
    /// rule) to the front, so the queue's memory stays small and hot, and grows it geometrically
    /// if that is not enough.
    private mutating func reserveQueue(_ count: Int) {
        if queueHead >= queueEnd {
            queueHead = 0
            queueEnd = 0
            plainFrom = 0
            plainEnd = 0
        }
        if queueHead > 0 {
            let (from, n) = (queueHead, queueEnd &- queueHead)
            queue.withUnsafeMutableBufferPointer { q in
                guard let p = q.baseAddress, from &+ n <= q.count else { return }
                p.update(from: p + from, count: n)
            }
            steps.withUnsafeMutableBufferPointer { q in
                guard let p = q.baseAddress, from &+ n <= q.count else { return }
                p.update(from: p + from, count: n)
            }
            bent.withUnsafeMutableBufferPointer { q in
                guard let p = q.baseAddress, from &+ n <= q.count else { return }
                p.update(from: p + from, count: n)
            }
            queueEnd &-= queueHead
            plainFrom = max(plainFrom &- queueHead, 0)
            plainEnd = max(plainEnd &- queueHead, 0)
            queueHead = 0
        }
        let needed = queueEnd &+ count
        if needed > queue.count {
            queue.append(contentsOf: repeatElement(0, count: max(needed, 2 &* queue.count) &- queue.count))
        }
        if queue.count > steps.count {
            steps.append(contentsOf: repeatElement(0, count: queue.count &- steps.count))
        }
        if queue.count > bent.count {
            bent.append(contentsOf: repeatElement(1, count: queue.count &- bent.count))
        }
    }

    @inline(__always)
    private mutating func consume(_ x: Double) {
        let index = consumedCount
        consumedCount &+= 1
        guard x.isFinite, acceptedCount == 0 || x > rightX else { return }
        farLeftX = acceptedCount >= 2 && rightIndex &- leftIndex == 1 ? leftX : .nan
        leftX = rightX
        leftIndex = rightIndex
        rightX = x
        rightIndex = index
        if acceptedCount < 2 { acceptedCount &+= 1 }
        let span = rightX - leftX
        let stepCount = rightIndex &- leftIndex
        leftPosition = Double(leftIndex)
        if stepCount == 1 {
            positionPerSecond = min(1 / span, 1e300)     // a subnormal span must not give inf * 0
            intervalScale = span * rate
        } else {
            let steps = Double(stepCount)
            positionPerSecond = min(steps / span, 1e300)
            intervalScale = span * rate / steps
        }
    }
}
