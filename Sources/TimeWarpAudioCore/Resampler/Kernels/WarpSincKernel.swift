/// Speed-adaptive windowed sinc from `WarpSincBank` polyphase tables, on a planar window: weights
/// for `c = n + f` are the linear interpolation of the two table rows around `f`, applied to every
/// channel (how the blend and the dot products are arranged is up to `W`: see `WarpSincDotFloat`
/// and `WarpSincDotDouble`). Rows sum to 1, so the DC gain is 1. Products and sums are in the
/// working precision `W` (see `WarpWorkSample`), in the vector kernels of `CWarpSIMD`. Stereo
/// runs go to the kernels whole (`WarpSincRun`), and when their phases repeat (a constant ratio)
/// they read ready blended rows (`WarpSincRowCache`) instead of blending two rows per output.
struct WarpSincKernel<W: WarpWorkSample>: WarpFrameKernel {
    static var usesScale: Bool { true }
    /// `(1.0).bitPattern`: a double `f` is in `0 ..< 1` when its bits are below it.
    static var oneBits: UInt64 { 0x3FF0_0000_0000_0000 }

    var state: WarpSincState
    /// Scratch valid during a render call: one output's weights, and a batch's plan.
    let scratch: WarpSincScratch<W>
    // The current level's parameters, cached out of `state.level` (which keeps the tables alive).
    private var low: Double
    private var high: Double
    private var halfTaps: Int
    private var phases: Int
    private var phasesD: Double
    private var fits: Bool                  // 2H <= scratch.weightCapacity
    private var tables: WarpSincTables<W>
    /// The level in use has no table yet: weights are evaluated per output (`WarpSincDirectRow`).
    private var direct = false
    private var directLevel = 0
    private var directBandwidth = 1.0

    init(state: WarpSincState, scratch: WarpSincScratch<W>) {
        self.state = state
        self.scratch = scratch
        (low, high, halfTaps, phases, phasesD, fits, tables) = Self.fields(of: state.level, scratch)
        if let q = state.directLevel { enterDirect(q) }
    }

    /// The per-level values the kernel keeps at hand (set at start and on each level switch).
    private static func fields(of level: WarpSincLevel, _ scratch: WarpSincScratch<W>)
        -> (Double, Double, Int, Int, Double, Bool, WarpSincTables<W>) {
        (level.low, level.high, level.halfTaps, level.phases, Double(level.phases),
         2 * level.halfTaps <= scratch.weightCapacity, W.sincTables(level))
    }

    @inline(never)
    private mutating func switchLevel(_ scale: Double) {
        let q = state.bank.level(forScale: scale)
        if let level = state.bank.cached(q) {
            use(level)
        } else {
            enterDirect(q)
        }
    }

    /// Evaluates the weights of level `q` (no table yet) per output from now on.
    private mutating func enterDirect(_ q: Int) {
        let shape = WarpSincLevel.shape(level: q, deepest: state.bank.maxLevel, prototype: state.bank.prototype)
        (low, high, halfTaps, directLevel, directBandwidth) = (shape.low, shape.high, shape.halfTaps, shape.level,
                                                               shape.bandwidth)
        fits = 2 &* shape.halfTaps <= scratch.weightCapacity
        tables = W.sincTables(direct: state.direct)
        direct = true
        state.directLevel = shape.level
    }

    /// Switches to `level`'s table.
    private mutating func use(_ level: WarpSincLevel) {
        state.level = level
        (low, high, halfTaps, phases, phasesD, fits, tables) = Self.fields(of: level, scratch)
        direct = false
        state.directLevel = nil
    }

    /// Counts one direct output at the current level; switches to its table once built. Called
    /// only for outputs that are produced (not for attempts that wait for more input), so when
    /// the table replaces direct evaluation does not depend on how the input is buffered.
    @inline(never)
    private mutating func chargeDirect() {
        if let level = state.bank.charge(directLevel, taps: 2 &* halfTaps) { use(level) }
    }

    /// Points below `maxFrame - H + 1` need frames up to `maxFrame` at most (at the current level).
    @inline(__always)
    func positionBound(maxFrame: Int64) -> Double { Double(maxFrame &- Int64(halfTaps) &+ 1) }

    /// The table row `phi` and blend `alpha` towards row `phi + 1` for the fraction `c - n`, the
    /// blend rounded to a multiple of `alphaQuantum`: a constant ratio then gives the same few
    /// blends again and again despite the rounding of `c` (see `WarpSincRowCache`).
    @inline(__always)
    private func phase(_ c: Double, _ n: Int64) -> (phi: Int, alpha: W) {
        Self.phase(c, n, phases: phases, phasesD: phasesD)
    }

    /// `phase` for a table of `phases` rows (`phasesD`: the same as a `Double`).
    @inline(__always)
    private static func phase(_ c: Double, _ n: Int64, phases: Int, phasesD: Double) -> (phi: Int, alpha: W) {
        var f = c - Double(n)
        if !(f >= 0 && f < 1) { f = 0 }      // unreachable for c in 0 ... 2^52; keeps phi in range
        return blend(f * phasesD, phases: phases)
    }

    /// `phase` as a phase key (`WarpSincPhaseKey`): the same row and blend.
    @inline(__always)
    private static func phaseKey(_ c: Double, _ n: Int64, phasesD: Double) -> Int {
        var f = c - Double(n)
        if !(f >= 0 && f < 1) { f = 0 }
        return phaseUnits(f * phasesD * alphaScale)
    }

    /// The row and blend of `fp = f * phases` (`0 <= f < 1`, so `0 <= fp <= phases`): `fp` rounded
    /// to a multiple of `1 / alphaScale` (to even), through the bits of `fp * 2^20 + 1.5 * 2^52`
    /// (no conversion that could trap), split into the row below it and the blend; a whole `fp`
    /// gives its row and blend 0, except `phases` itself: the row below, blended fully.
    @inline(__always)
    static func blend(_ fp: Double, phases: Int) -> (phi: Int, alpha: W) {
        let (phi, q) = quantum(fp * alphaScale, phases: phases)
        return (phi, W(warpDouble: Double(q) * (1 / alphaScale)))
    }

    /// `blend` of `fp = scaled / alphaScale` as the row and the blend's numerator `q`
    /// (`0 ... 2^20`, in units of `1 / alphaScale`).
    @inline(__always)
    static func quantum(_ scaled: Double, phases: Int) -> (phi: Int, q: Int) {
        let u = phaseUnits(scaled)
        let phi = WarpSincPhaseKey.phi(u, phases: phases)
        return (phi, WarpSincPhaseKey.numerator(u, phi: phi))
    }

    /// `scaled` (`0 ... phases * 2^20 < 2^51`) rounded to a whole number (to even): in
    /// `[2^52, 2^53)` whole numbers are exactly the doubles. The phase key of `fp`.
    @inline(__always)
    static func phaseUnits(_ scaled: Double) -> Int {
        Int(truncatingIfNeeded: (scaled + rowShift).bitPattern &- rowShift.bitPattern)
    }

    /// 1.5 * 2^52: `x + 1.5 * 2^52` is `x` rounded to a whole number for `0 <= x < 2^51`, and
    /// its bit pattern exceeds this one's by that number.
    static var rowShift: Double { 6_755_399_441_055_744 }

    /// Blends are multiples of `1 / alphaScale` of a table step (exact in `Float`). Rounding moves
    /// an output by at most 2^-21 of a step, `1 / (2^21 P g)` input samples at bandwidth `g` (`P`
    /// the quality's phases per sample, at least 128): the phase error of the highest frequency
    /// the kernel passes, `g` times Nyquist, is at most `pi / (2^21 P)`, about -150 dB.
    static var alphaScale: Double { 1_048_576 }

    /// One output from the contiguous taps at offset `x` of each channel block, with the table
    /// row at offset `row` (`phi * stride`) blended by `alpha`.
    @inline(__always)
    private func apply(_ view: WarpFrameView<W>, x: Int, row: Int, alpha: W, out: UnsafeMutablePointer<W>) {
        let taps = 2 &* halfTaps
        let w = scratch.weights
        let p = view.src + x
        W.sincPrepare(tables, row: row, taps: taps, alpha: alpha, weights: w)
        if view.channels == 2 {
            let (l, r) = W.sincDot2(p, p + view.channelStride, tables: tables, row: row, taps: taps, alpha: alpha,
                                    weights: w)
            out[0] = l
            out[1] = r
        } else {
            for k in 0..<view.channels {
                out[k] = W.sincDot(p + k &* view.channelStride, tables: tables, row: row, taps: taps, alpha: alpha,
                                   weights: w)
            }
        }
    }

    /// How much of a new point's scale goes into the smoothed scale: the average runs over about
    /// 16 output points, a kernel's width where it matters (speeding up). The cut-off needs the
    /// speed at the window's scale: a rough curve (a key every few samples) must not switch
    /// tables at every point.
    static var smoothing: Double { 1.0 / 16 }
    /// How far (relative) the smoothed scale may rise above a level's range before a wider
    /// level is taken (levels are 2^(1/32), about 2.2 %, apart). Below the range a narrower level
    /// is taken at once, so the stop band never starts above the local Nyquist frequency.
    static var hysteresis: Double { 0.03 }

    /// The smoothed scale after a point of scale `scale`.
    @inline(__always)
    private func smoothed(_ scale: Double, after previous: Double) -> Double {
        guard previous.isFinite, scale.isFinite else { return scale }
        return previous + Self.smoothing * (scale - previous)
    }

    @inline(__always)
    mutating func render(position c: Double, scale rawScale: Double, view: WarpFrameView<W>, maxFrame: Int64,
                         out: UnsafeMutablePointer<W>) -> Bool {
        let scale = smoothed(rawScale, after: state.smoothedScale)
        if !(scale >= low && scale < high * (1 + Self.hysteresis)) { switchLevel(scale) }
        let h = halfTaps
        let n = WarpNumerics.floorIndex(c)
        let hi = n &+ Int64(h)
        guard hi <= maxFrame else { return false }  // tried again with more input: not counted
        state.smoothedScale = scale
        if direct { chargeDirect() }                // same level: `h` stays
        guard fits else {
            view.copyFrame(n, to: out)
            return true
        }
        let lo = n &- Int64(h &- 1)
        var (phi, alpha) = (0, W(warpDouble: 0))
        if direct {
            var f = c - Double(n)
            if !(f >= 0 && f < 1) { f = 0 }
            state.direct.fill(prototype: state.bank.prototype, bandwidth: directBandwidth, halfTaps: h, fraction: f)
        } else {
            (phi, alpha) = phase(c, n)
        }
        if view.frameStride == 1 && view.holds(lo, hi) {
            apply(view, x: Int(truncatingIfNeeded: lo &- view.base), row: phi &* tables.stride, alpha: alpha, out: out)
            return true
        }
        // Near the window's edges (not reached in practice) or not planar: taps read clamped, one
        // at a time.
        let ch = view.channels
        let w = scratch.weights
        W.sincWeights(tables, row: phi &* tables.stride, taps: 2 &* h, alpha: alpha, into: w)
        for k in 0..<ch { out[k] = 0 }
        for t in 0..<(2 &* h) {
            let wt = w[t]
            let o = view.offset(lo &+ Int64(t))
            for k in 0..<ch { out[k] += wt * view.sample(k, o) }
        }
        return true
    }

    /// The two-channel outputs of a plan of `count` points (`scratch.plan`: taps offset and phase
    /// key per point) at the level in use, into consecutive frames of `out`: through the row cache
    /// when it is on, else blending each point's two rows.
    @inline(__always)
    private func renderPlan2(_ view: WarpFrameView<W>, count: Int, out: UnsafeMutablePointer<W>) {
        let left = view.src, right = view.src + view.channelStride, taps = 2 &* halfTaps
        if !state.rows.run2(left, right, level: state.level, tables: tables, taps: taps, plan: scratch.plan,
                            count: count, out: out) {
            WarpSincRun.run2(left, right, tables: tables, phases: phases, taps: taps, plan: scratch.plan, count: count,
                             weights: scratch.weights, out: out)
        }
    }

    /// One output of a plan entry (taps offset `x`, phase key `key`) the one-output way.
    @inline(__always)
    private func apply(_ view: WarpFrameView<W>, x: Int, key: Int, out: UnsafeMutablePointer<W>) {
        let (row, alpha): (Int, W) = WarpSincPhaseKey.rowAndBlend(key, phases: phases, stride: tables.stride)
        apply(view, x: x, row: row, alpha: alpha, out: out)
    }

    /// Planar windows at a level with a table: stretches without bends first (`renderPlain`, any
    /// channel count). Otherwise, for two channels, each control point is planned as the
    /// generator reaches it (what pass 1 of `render(batch:...)` does, without the detour through
    /// `points`), then the plan is rendered in one call. Stops at the first point the plan cannot
    /// take (another level, the window's edges, input not received), which the caller renders
    /// the general way. Anything else goes in batches.
    @inline(__always)
    mutating func renderRun(generator: inout ControlPointGenerator, limit: Int, bound: Double,
                            view: WarpFrameView<W>, maxFrame: Int64, out: UnsafeMutablePointer<W>,
                            points: UnsafeMutableBufferPointer<Double>) -> Int {
        guard view.frameStride == 1, fits, !direct else {
            return renderRunInBatches(generator: &generator, limit: limit, bound: bound, view: view,
                                      maxFrame: maxFrame, out: out, points: points)
        }
        let plain = renderPlain(generator: &generator, limit: limit, bound: bound, view: view, maxFrame: maxFrame,
                                out: out)
        if plain > 0 { return plain }
        guard view.channels == 2 else {
            return renderRunInBatches(generator: &generator, limit: limit, bound: bound, view: view,
                                      maxFrame: maxFrame, out: out, points: points)
        }
        let plan = scratch.plan
        let h = Int64(halfTaps), lowS = low, highS = high * (1 + Self.hysteresis), base = view.base
        let phasesD = self.phasesD
        var smoothedScale = state.smoothedScale
        let planned = generator.walk(limit: min(limit, scratch.planCapacity), bound: bound) { k, point in
            // NaN (no history yet, or a NaN scale) fails the range check: the general path takes
            // that point.
            let scale = smoothedScale + Self.smoothing * (point.scale - smoothedScale)
            guard scale >= lowS && scale < highS else { return false }
            let c = point.position, n = point.left
            let lo = n &- (h &- 1), hi = n &+ h
            let f = c - Double(n)
            // floor(c) == n (and so `phase` sees the same fraction) unless c rounded up.
            guard f.bitPattern < WarpSincKernel.oneBits, hi <= maxFrame, view.holds(lo, hi) else { return false }
            plan[2 &* k] = Int(truncatingIfNeeded: lo &- base)
            plan[2 &* k &+ 1] = Self.phaseKey(c, n, phasesD: phasesD)
            smoothedScale = scale
            return true
        }
        state.smoothedScale = smoothedScale
        if planned > 0 { renderPlan2(view, count: planned, out: out) }
        return planned
    }

    /// `renderRun` where every bend is 0 (`generator.walkPlain`), on a planar window at a level
    /// with a table: the same plan and the same outputs as the general loop, with the checks
    /// that cannot fail along such a stretch taken out of the loop. The taps' window is checked
    /// once through the largest left end allowed (`n + H <= maxFrame`, held, position below
    /// `bound`) and the first left end (`n - (H - 1)` held: left ends only grow). Returns the
    /// outputs rendered (0: the caller takes the general way).
    @inline(__always)
    private mutating func renderPlain(generator: inout ControlPointGenerator, limit: Int, bound: Double,
                                      view: WarpFrameView<W>, maxFrame: Int64, out: UnsafeMutablePointer<W>) -> Int {
        let h = Int64(halfTaps), base = view.base
        guard generator.leftIndex &- (h &- 1) >= base, bound >= 1 else { return 0 }
        // A point `n + f` (`0 <= f < 1`) lies below the whole number `bound` iff `n <= bound - 1`.
        let lastLeft = min(maxFrame &- h, base &+ Int64(view.frames) &- 1 &- h, Int64(min(bound, 4.0e15)) &- 1)
        let plan = scratch.plan
        let lowS = low, highS = high * (1 + Self.hysteresis)
        let offset = 1 &- h &- base
        var smoothedScale = state.smoothedScale
        // The smoothed scale moves from where it is towards each point's scale, never past it
        // (rounding included: `s + (p - s) / 16` lies between `s` and `p`), so while it and every
        // interval's scale are in the level's range, every smoothed scale is: checked where the
        // walk starts and as it enters each interval, not per point. NaN (no history yet, or a
        // NaN scale) fails the check: the general path takes that point.
        let inRange = { (scale: Double) -> Bool in scale >= lowS && scale < highS }
        guard inRange(smoothedScale), inRange(generator.currentScale) else { return 0 }
        let scaled = phasesD * Self.alphaScale             // the phase key: `phaseKey` without its range check
        // Each point's smoothing step `s + (p - s) / 16` depends on the one before: three
        // operations in a chain that bounded the loop. Along a straight stretch `s` soon stops
        // moving (the step rounds back to `s`); from then on, while the points' scale `p` is the
        // one that left it still, the step is known to give `s` again and is skipped (the same
        // values bit for bit, without the chain).
        var stillAt = Double.nan                           // a scale whose step leaves `s` as it is
        let planned = generator.walkPlain(limit: min(limit, scratch.planCapacity), lastLeft: lastLeft,
                                          entering: inRange) { k, n, lp, c, pointScale in
            // `c - Double(n)`: in 0 ..< 1 unless c rounded up to the next index (left to the
            // general path, as there).
            let f = c - lp
            guard f.bitPattern < WarpSincKernel.oneBits else { return false }
            plan[2 &* k] = Int(truncatingIfNeeded: n &+ offset)
            plan[2 &* k &+ 1] = Self.phaseUnits(f * scaled)
            if pointScale != stillAt {
                let next = smoothedScale + Self.smoothing * (pointScale - smoothedScale)
                if next == smoothedScale {
                    stillAt = pointScale
                } else {
                    smoothedScale = next
                    stillAt = .nan
                }
            }
            return true
        }
        state.smoothedScale = smoothedScale
        guard planned > 0 else { return 0 }
        if view.channels == 2 {
            renderPlan2(view, count: planned, out: out)
        } else {
            let ch = view.channels
            for i in 0..<planned {
                apply(view, x: plan[2 &* i], key: plan[2 &* i &+ 1], out: out + i &* ch)
            }
        }
        return planned
    }

    /// Two passes per run of points at one level: first each point's taps offset, row and blend
    /// (independent work), then the dot products, which then overlap well. Points the plain path
    /// must handle (another level, the window's edges) go through `render(position:...)`.
    @inline(__always)
    mutating func render(batch: WarpPointBatch, view: WarpFrameView<W>, maxFrame: Int64,
                         out: UnsafeMutablePointer<W>) -> Int {
        let ch = view.channels
        let plan = scratch.plan
        let capacity = scratch.planCapacity
        var k = 0
        while k < batch.count {
            // Pass 1: plan points k ..< m.
            let h = Int64(halfTaps)
            let (lowS, highS, base) = (low, high * (1 + Self.hysteresis), view.base)
            let start = k
            var m = k
            var smoothedScale = state.smoothedScale
            if fits && !direct && view.frameStride == 1 {
                while m < batch.count && m &- start < capacity {
                    // NaN (no history yet, or a NaN scale) fails the range check: the plain path
                    // takes that point.
                    let scale = smoothedScale + Self.smoothing * (batch.scale(m) - smoothedScale)
                    guard scale >= lowS && scale < highS else { break }
                    let c = batch.position(m)
                    let n = batch.left(m)
                    let lo = n &- (h &- 1), hi = n &+ h
                    let f = c - Double(n)
                    // floor(c) == n (and so `phase` sees the same fraction) unless c rounded up.
                    guard f.bitPattern < WarpSincKernel.oneBits, hi <= maxFrame, view.holds(lo, hi) else { break }
                    let i = m &- start
                    plan[2 &* i] = Int(truncatingIfNeeded: lo &- base)
                    plan[2 &* i &+ 1] = Self.phaseKey(c, n, phasesD: phasesD)
                    smoothedScale = scale
                    m &+= 1
                }
            }
            state.smoothedScale = smoothedScale
            // Pass 2: the dot products.
            if ch == 2 {
                // The whole run in one call of the vector kernels (exactly the outputs of
                // `apply`, point by point).
                if m > start { renderPlan2(view, count: m &- start, out: out + 2 &* start) }
            } else {
                for i in 0..<(m &- start) {
                    apply(view, x: plan[2 &* i], key: plan[2 &* i &+ 1], out: out + (start &+ i) &* ch)
                }
            }
            k = m
            // The point that stopped the run (unless the plan was full), the plain way.
            if k < batch.count && m &- start < capacity {
                guard render(position: batch.position(k), scale: batch.scale(k), view: view, maxFrame: maxFrame,
                             out: out + k &* ch) else { return k }
                k &+= 1
            }
        }
        return k
    }
}

/// Scratch memory for `WarpSincKernel` (owned by the resampler's store).
struct WarpSincScratch<W> {
    /// One output's weights.
    let weights: UnsafeMutablePointer<W>
    let weightCapacity: Int
    /// A batch plan: taps offset and phase key (`WarpSincPhaseKey`) per point.
    let plan: UnsafeMutablePointer<Int>
    /// Points a plan holds.
    let planCapacity: Int
}

/// The sinc kernel's persistent state: the table cache and the level in use.
struct WarpSincState {
    var bank: WarpSincBank
    var level: WarpSincLevel
    /// Scratch for outputs at a level without a table.
    let direct = WarpSincDirectRow()
    /// Blended rows of recent outputs (for ratios whose outputs repeat a few phases).
    let rows = WarpSincRowCache()
    /// The level in use when it has no table yet (weights evaluated per output), else `nil`
    /// (`level` is in use).
    var directLevel: Int?
    /// The local scale smoothed over the last output points (NaN before the first).
    var smoothedScale = Double.nan

    /// Fresh state for the kernel of `quality`, starting with the unit-speed table.
    init(quality: WarpSincQuality) {
        var bank = WarpSincBank(prototype: WarpSincTable.shared(quality))
        level = bank.table(forScale: 1)
        self.bank = bank
    }

    /// Weight scratch entries a render needs (the widest kernel).
    static let weightCapacity = 2 * WarpSincTable.maxHalfWidth + 8
}
