import CWarpFlowAPI
import GStreamerBinding

/// `frame-mode=flow`'s vector motion blur: a speed-up's output frame integrates the image along
/// the optical flow over `shutter-angle / 360` of the input span it covers (`FlowShutterPlan`),
/// sampled at instants close enough that nothing moves more than about a pixel between two of
/// them, where blend's shutter average would show separate copies of what moves.
extension VideoState {
    /// The speed-up slot at `slotTime` (lasting `duration`) as flow's shutter makes it: the index
    /// of the run's frame to show as it is (a closed shutter), or nil with the image integrated
    /// along the flow in `image`. Nil and no image when the slot is not a speed-up's, spans more
    /// than `max-blend-frames` frames (blend samples it), or a pair's flow falls back (counted;
    /// blend averages the slot).
    mutating func renderShutter(slotTime: UInt64, duration: UInt64, _ blendFormat: BlendFormat,
                                _ out: StreamOutput, image: inout Buffer?) -> Int? {
        guard let warp = run.timeline.warp, !run.blendFrames.isEmpty else { return nil }
        let a = Self.inputTime(of: slotTime, warp), b = Self.inputTime(of: slotTime &+ duration, warp)
        let spans = run.blendFrames.map(\.span)
        let i = spans.lastIndex(where: { $0.start <= a }) ?? 0
        let period = spans[i].period
        guard period > 0, b > a, b - a > period &+ BlendPlanner.tolerance,
              !BlendPlanner.isSampled(span: b - a, period: period, maxFrames: run.segment.maxBlendFrames) else { return nil }
        let e = FlowShutterPlan.exposureEnd(slotStart: a, slotEnd: b, angle: run.segment.shutterAngle)
        let pieces = FlowShutterPlan.pieces(exposureStart: a, exposureEnd: e, frames: spans)
        guard pieces.count > 1 || pieces.first?.second != nil else {
            return pieces.first?.first ?? i  // a closed shutter, or one frame held: that frame
        }
        image = integrate(pieces, blendFormat, out)
        if image == nil { out.counters.bump(.flowFallbacks) }
        return nil
    }

    /// The pieces' frames moved along their flow and summed, in a new buffer; nil when a frame
    /// cannot be mapped, a pair's flow falls back or the module fails.
    private mutating func integrate(_ pieces: [ShutterPiece], _ blendFormat: BlendFormat,
                                    _ out: StreamOutput) -> Buffer? {
        let flowFormat = format.flow ?? FlowFormat(blendFormat.info)
        format.flow = flowFormat
        var mapped: [Int: MappedVideoFrame] = [:]
        for index in Set(pieces.flatMap { [$0.first] + ($0.second.map { [$0] } ?? []) }) {
            guard let frame = MappedVideoFrame(run.blendFrames[index].box.buffer, info: blendFormat.info) else { return nil }
            mapped[index] = frame
        }
        var pairs: [FlowPair?] = []
        for piece in pieces {
            guard let second = piece.second else { pairs.append(nil); continue }
            guard let m0 = mapped[piece.first], let m1 = mapped[second],
                  case .usable(let pair) = cachedEstimate(run.blendFrames[piece.first].box, at: run.blendFrames[piece.first].span.start, m0,
                                                          run.blendFrames[second].box, at: run.blendFrames[second].span.start, m1,
                                                          flowFormat, out) else { return nil }
            pairs.append(pair)
        }
        guard let buffer = outputBuffer(blendFormat, out),
              let target = MappedVideoFrame(buffer, info: blendFormat.info, write: true) else { return nil }
        let heaviest = pieces.max(by: { $0.weight < $1.weight }).map { $0.t1 > 0.5 ? ($0.second ?? $0.first) : $0.first }
        if !flowFormat.coversEveryByte, let nearer = heaviest.flatMap({ mapped[$0] }) {
            guard target.copyPlanes(from: nearer, blendFormat.layout) else { return nil }
        }
        var message = [CChar](repeating: 0, count: 256)
        for c in flowFormat.components {
            guard let cOut = flowFormat.component(c, of: target) else { return nil }
            var sum = ShutterSum(width: c.width, height: c.height, reusing: &run.flow.shutterStorage)
            defer { sum.giveBack(to: &run.flow.shutterStorage) }
            for (piece, pair) in zip(pieces, pairs) {
                guard let c0 = mapped[piece.first].flatMap({ flowFormat.component(c, of: $0) }) else { return nil }
                guard let pair, let second = piece.second,
                      let c1 = mapped[second].flatMap({ flowFormat.component(c, of: $0) }) else {
                    sum.add(c0, weight: piece.weight)
                    continue
                }
                let status = sum.withPointer { total in
                    message.withUnsafeMutableBufferPointer { text in
                        pair.functions.accumulate(pair.pointer, piece.t0, piece.t1, weight: piece.weight, c0, c1,
                                                  into: total, text.baseAddress, text.count)
                    }
                }
                guard status == WARP_FLOW_OK else {
                    reportFlowError(debug: Self.text(message), out)
                    return nil
                }
            }
            sum.write(into: cOut)
        }
        return buffer
    }
}
