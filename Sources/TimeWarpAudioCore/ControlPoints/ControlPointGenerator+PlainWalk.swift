/// The render loop's fastest path through the control points: stretches where every bend is 0.
extension ControlPointGenerator {
    /// `walk` along a stretch where every bend is 0 (a constant or slowly changing speed: the
    /// rule, since a bend below 1e-6 counts as 0), with less work per output: the position is
    /// `leftPosition + (tau - leftX) * positionPerSecond`, exactly what `walk` and `peek()`
    /// compute there, and the interval search is a compare per output and a few moves per input
    /// sample. Stops (leaving the rest to `walk`) where `walk` stops and also before entering an
    /// interval whose bend may not be 0 (`bent`), leaving it to `walk`.
    ///
    /// `body(k, left, leftPosition, position, scale)` gets the interval's left end (and it as a
    /// `Double`), the position and the local scale `(rightX - leftX) * rate`; it returns whether it
    /// took the point. No bound on the position is checked here: `lastLeft` (the largest left end
    /// allowed) and the caller's own checks do that. Returns the number of points taken; the
    /// state left behind is exactly that of `walk` (or `peek()` and `advance()`) after them.
    @inline(__always)
    mutating func walkPlain(limit: Int, lastLeft: Int64,
                            _ body: (_ k: Int, _ left: Int64, _ leftPosition: Double, _ position: Double,
                                     _ scale: Double) -> Bool) -> Int {
        walkPlain(limit: limit, lastLeft: lastLeft, entering: { _ in true }, body)
    }

    /// `walkPlain` that also stops on entering an interval whose scale `(rightX - leftX) * rate`
    /// `entering` refuses (before any point of it), as at a bend.
    @inline(__always)
    mutating func walkPlain(limit: Int, lastLeft: Int64, entering enter: (_ scale: Double) -> Bool,
                            _ body: (_ k: Int, _ left: Int64, _ leftPosition: Double, _ position: Double,
                                     _ scale: Double) -> Bool) -> Int {
        guard limit > 0, acceptedCount >= 2, rightIndex &- leftIndex == 1, tau >= leftX, leftIndex <= lastLeft,
              let firstBend = currentBend(), firstBend == 0 else { return 0 }
        let start = queueHead
        // As in `walk`: consuming `queue[h]` makes the left end `leftIndex + (h - start) + 1`, and
        // values are consumed only while they extend the accepted ones by one step.
        var end = rightIndex &+ 1 == consumedCount && start >= plainFrom ? min(queueEnd, plainEnd) : start
        if lastLeft &- Int64(end &- start) < leftIndex {     // (lastLeft >= leftIndex here)
            end = start &+ Int(truncatingIfNeeded: lastLeft &- leftIndex)
        }
        let origin = self.origin, period = self.period, rate = self.rate
        let j0 = outputIndex
        var jd = Double(j0)                                    // Double(j0 + k), exact below 2^53
        var t = tau, lx = leftX, rx = rightX, lp = leftPosition, pps = positionPerSecond, px = farLeftX
        var scale = (rx - lx) * rate
        var head = start
        let leftOffset = leftIndex &- Int64(start)
        var k = 0
        queue.withUnsafeBufferPointer { q in
            steps.withUnsafeBufferPointer { st in
                bent.withUnsafeBufferPointer { bn in
                    guard let p = q.baseAddress, let sp = st.baseAddress, let bp = bn.baseAddress, end <= q.count,
                          end <= st.count, end <= bn.count else { return }
                    outer: while k < limit {
                        if !(t < rx) {
                            repeat {
                                // The interval entered must be straight too (marked when the value
                                // after it was fed); else `walk` takes over from here, entering it.
                                guard head < end, bp[head] == 0 else { break outer }
                                pps = sp[head]
                                px = lx
                                lx = rx
                                rx = p[head]
                                head &+= 1
                                lp += 1                    // Double(left), exact below 2^53
                            } while !(t < rx)
                            scale = (rx - lx) * rate
                            guard enter(scale) else { break outer }
                        }
                        guard body(k, leftOffset &+ Int64(head), lp, lp + (t - lx) * pps, scale) else { break }
                        k &+= 1
                        jd += 1
                        t = origin + jd * period
                    }
                }
            }
        }
        settleWalk(tau: t, outputIndex: j0 &+ Int64(k), moved: head != start, head: head,
                   left: leftOffset &+ Int64(head), lx: lx, rx: rx, lp: lp, pps: pps, px: px)
        return k
    }

    /// The current interval's scale as `walkPlain` computes it, `(rightX - leftX) * rate`.
    var currentScale: Double { (rightX - leftX) * rate }
}
