/// The render loop's fast path through the control points.
extension ControlPointGenerator {
    /// Passes the control points of outputs `outputIndex`, `outputIndex + 1`, ... (at most `limit`
    /// of them) to `body(k, point)` (`k` counting from 0) and advances past each one `body`
    /// accepts (returns true). Stops at the first point `body` rejects, at a point whose position
    /// is not below `bound` (when `checksBound`; positions are never negative here), at a point
    /// whose interval's left end is above `lastLeft`, when a point needs an X value not fed yet,
    /// and before an X value that does not simply extend the accepted values by one step (not
    /// finite, not increasing, or after skipped values) or when the current interval spans
    /// skipped values: `peek()` deals with those. Returns the number of points accepted.
    ///
    /// The points and the state left behind are exactly those of `peek()` and `advance()`
    /// (consuming a run of X values one at a time leaves the state `skipRun()` would), so callers
    /// may mix both freely; this loop only keeps the state in registers.
    @inline(__always)
    mutating func walk(limit: Int, bound: Double, checksBound: Bool = true, lastLeft: Int64 = .max,
                       _ body: (_ k: Int, _ point: WarpWalkPoint) -> Bool) -> Int {
        // From a current interval with `leftX <= tau` (as every interval is entered), `tau` only
        // grows and an interval is left for the next once `tau` reaches its right end, so every
        // position below is `leftPosition + (tau - leftX) * positionPerSecond >= 0`.
        guard limit > 0, acceptedCount >= 2, rightIndex &- leftIndex == 1, tau >= leftX,
              leftIndex <= lastLeft, var bend = currentBend() else { return 0 }
        let start = queueHead
        // Fed values extend the accepted ones by one step only if none was skipped since, and
        // then as far as they are all steps; consuming `queue[h]` makes the left end
        // `leftIndex + (h - start) + 1`.
        var end = rightIndex &+ 1 == consumedCount && start >= plainFrom ? min(queueEnd, plainEnd) : start
        if lastLeft &- Int64(end &- start) < leftIndex {     // (lastLeft >= leftIndex here)
            end = start &+ Int(truncatingIfNeeded: lastLeft &- leftIndex)
        }
        let origin = self.origin, period = self.period, rate = self.rate
        let j0 = outputIndex
        var jd = Double(j0)                                    // Double(j0 + k), exact below 2^53
        var t = tau, lx = leftX, rx = rightX, lp = leftPosition, pps = positionPerSecond, px = farLeftX
        let fed = queueEnd
        var head = start
        // The interval's left end is `leftIndex + (head - start)`: tracked through `head`.
        let leftOffset = leftIndex &- Int64(start)
        var k = 0
        queue.withUnsafeBufferPointer { q in
            steps.withUnsafeBufferPointer { st in
                guard let p = q.baseAddress, let sp = st.baseAddress, end <= q.count, end <= st.count,
                      fed <= q.count else { return }
                outer: while k < limit {
                    if !(t < rx) {
                        repeat {
                            guard head < end else { break outer }
                            pps = sp[head]
                            px = lx
                            lx = rx
                            rx = p[head]
                            head &+= 1
                            lp += 1                    // Double(left), exact below 2^53
                        } while !(t < rx)
                        // The bend of the interval the point lands in needs the value after `rx`
                        // (one step; `px` is one step before `lx`).
                        guard head < fed else { break outer }
                        bend = ControlPointGenerator.bend(px, lx, rx, p[head], pps)
                    }
                    let position = ControlPointGenerator.position(lp, (t - lx) * pps, bend)
                    guard !checksBound || position < bound,
                          body(k, WarpWalkPoint(position: position, left: leftOffset &+ Int64(head), leftPosition: lp,
                                                scale: (rx - lx) * rate)) else { break }
                    k &+= 1
                    jd += 1
                    t = origin + jd * period
                }
            }
        }
        settleWalk(tau: t, outputIndex: j0 &+ Int64(k), moved: head != start, head: head,
                   left: leftOffset &+ Int64(head), lx: lx, rx: rx, lp: lp, pps: pps, px: px)
        return k
    }
}

extension ControlPointGenerator {
    /// Where a walk (`walk`, `walkPlain`) stopped: the next output's index and tau, and, when it
    /// `moved` past the interval it started in, the interval `[lx, rx]` it ended in (left end
    /// `left` at queue position `head`, position `lp`, slope `pps`, `px` one step before `lx`).
    @inline(__always)
    mutating func settleWalk(tau t: Double, outputIndex next: Int64, moved: Bool, head: Int, left: Int64,
                             lx: Double, rx: Double, lp: Double, pps: Double, px: Double) {
        tau = t
        outputIndex = next
        guard moved else { return }
        leftX = lx
        rightX = rx
        leftIndex = left
        rightIndex = left &+ 1
        leftPosition = lp
        positionPerSecond = pps
        farLeftX = px
        intervalScale = (rx - lx) * rate
        consumedCount = left &+ 2
        queueHead = head
    }
}

/// A control point from `ControlPointGenerator.walk`, with its interval's left end.
struct WarpWalkPoint {
    /// The position `c` (in `leftPosition ... leftPosition + 1`).
    let position: Double
    /// The input index of the interval's left end, `leftIndex`.
    let left: Int64
    /// `Double(left)`.
    let leftPosition: Double
    /// The local scale.
    let scale: Double
}
