import CWarpFlowAPI
import GStreamerBinding

/// `frame-mode=flow`: a slot between two input frames (slow motion) shows both frames moved
/// along their optical flow to the slot's instant, each pair of frames estimated once for all
/// the slots between them. Everything else is blend mode's: frames at input times pass as
/// they are, speed-ups get the shutter average, and a pair the flow fails on (scene cut,
/// forward/backward inconsistency, an OpenCV error) is blended, counted in `flow-fallbacks`.
extension VideoState {
    /// The slot at `slotTime` (lasting `duration`) from frames `indices` of the run moved along
    /// their flow, in a new buffer; nil when the slot is a speed-up's (blend averages it) or the
    /// flow falls back (blend mixes it, and the fallback is counted).
    mutating func renderFlow(indices: (Int, Int), slotTime: UInt64, duration: UInt64,
                             _ blendFormat: BlendFormat, _ out: StreamOutput) -> Buffer? {
        let (i, j) = indices
        guard j == i + 1, run.blendFrames.indices.contains(j), let warp = run.timeline.warp else { return nil }
        let first = run.blendFrames[i], second = run.blendFrames[j]
        let a = Self.inputTime(of: slotTime, warp), b = Self.inputTime(of: slotTime &+ duration, warp)
        let s0 = first.span.start, s1 = second.span.start
        // The planner's rule: a slot spanning more than a frame period is a speed-up's shutter.
        guard first.span.period > 0, b >= a, b - a <= first.span.period &+ BlendPlanner.tolerance,
              a > s0, a < s1 else { return nil }
        let position = Double(a - s0) / Double(s1 - s0)
        return renderFlow(between: first.box, at: s0, and: second.box, at: s1, position: position, blendFormat, out)
    }

    /// The frame at `position` (strictly between 0 and 1) from `first` (input time `s0`) to
    /// `second` (`s1`), both moved along their flow, in a new buffer; nil when the flow falls
    /// back (counted in `flow-fallbacks`). The pair's flow is estimated once for all its slots.
    mutating func renderFlow(between first: BlendFrame.Box, at s0: UInt64, and second: BlendFrame.Box, at s1: UInt64,
                             position: Double, _ blendFormat: BlendFormat, _ out: StreamOutput) -> Buffer? {
        let flowFormat = format.flow ?? FlowFormat(blendFormat.info)
        format.flow = flowFormat
        guard let source0 = MappedVideoFrame(first.buffer, info: blendFormat.info),
              let source1 = MappedVideoFrame(second.buffer, info: blendFormat.info) else { return nil }
        guard case .usable(let pair) = cachedEstimate(first, at: s0, source0, second, at: s1, source1, flowFormat, out) else {
            out.counters.bump(.flowFallbacks)
            return nil
        }
        guard let buffer = outputBuffer(blendFormat, out) else { return nil }
        let done: Bool = {
            guard let target = MappedVideoFrame(buffer, info: blendFormat.info, write: true) else { return false }
            return warpComponents(pair, position: position, source0, source1, into: target, flowFormat,
                                  nearer: position < 0.5 ? source0 : source1, blendFormat.layout, out)
        }()
        guard done else {
            out.counters.bump(.flowFallbacks)
            return nil
        }
        return buffer
    }

    /// The flow of the pair `first` (input time `s0`) and `second` (`s1`): the last pair's again
    /// when it is the same (every slot between two frames shares one estimate), else estimated.
    mutating func cachedEstimate(_ first: BlendFrame.Box, at s0: UInt64, _ source0: MappedVideoFrame,
                                 _ second: BlendFrame.Box, at s1: UInt64, _ source1: MappedVideoFrame,
                                 _ flowFormat: FlowFormat, _ out: StreamOutput) -> FlowEstimate {
        let key = FlowKey(first: s0, second: s1, firstBuffer: ObjectIdentifier(first),
                          secondBuffer: ObjectIdentifier(second))
        if let last = run.flow.last, last.key == key { return last.estimate }
        let estimate = estimateFlow(source0, source1, flowFormat, out)
        run.flow.last = (key, estimate)
        return estimate
    }

    /// Both flows of a pair of mapped frames, checked; a failure is posted once as a warning.
    private mutating func estimateFlow(_ source0: MappedVideoFrame, _ source1: MappedVideoFrame,
                                       _ flowFormat: FlowFormat, _ out: StreamOutput) -> FlowEstimate {
        let functions: FlowFunctions
        switch FlowModule.functions() {
        case .success(let loaded): functions = loaded
        case .failure(let missing):
            reportFlowError("frame-mode=flow needs the flow module \(FlowModule.installedName) (OpenCV), which "
                            + "could not be loaded: blending instead", debug: missing.description, out)
            return .fallback
        }
        let (width, height) = flowFormat.lumaSize
        let quality = FlowEstimator.preset(run.segment.flowQuality)
        let scale = FlowEstimator.downscale(width: width, height: height)
        var pair: OpaquePointer? = nil
        var message = [CChar](repeating: 0, count: 256)
        let status: WarpFlowStatus? = flowFormat.withLuma(source0) { luma0 in
            flowFormat.withLuma(source1) { luma1 in
                message.withUnsafeMutableBufferPointer { text in
                    functions.estimate(FlowEstimator.method, quality, scale, luma0, luma1, &pair, text.baseAddress,
                                       text.count)
                }
            } ?? WARP_FLOW_ERROR
        }
        let made = pair.map { FlowPair($0, functions: functions) }
        switch status {
        case WARP_FLOW_OK?:
            if let made { return .usable(made) }
        case WARP_FLOW_INCONSISTENT?:
            out.log(.debug, "flow between two frames fails its consistency check (scene cut?): blending them")
            return .fallback
        default: break
        }
        reportFlowError(debug: Self.text(message), out)
        return .fallback
    }

    /// Warps every component of the pair's frames to `position` into `target` (the nearer frame
    /// first copied in when the components leave bytes of a pixel uncovered).
    private mutating func warpComponents(_ pair: FlowPair, position: Double, _ source0: MappedVideoFrame,
                                         _ source1: MappedVideoFrame, into target: MappedVideoFrame,
                                         _ flowFormat: FlowFormat, nearer: MappedVideoFrame,
                                         _ layout: VideoLayout, _ out: StreamOutput) -> Bool {
        if !flowFormat.coversEveryByte, !target.copyPlanes(from: nearer, layout) { return false }
        var message = [CChar](repeating: 0, count: 256)
        for c in flowFormat.components {
            guard let c0 = flowFormat.component(c, of: source0), let c1 = flowFormat.component(c, of: source1),
                  let cOut = flowFormat.component(c, of: target) else { return false }
            let status = message.withUnsafeMutableBufferPointer { text in
                pair.functions.render(pair.pointer, position, c0, c1, cOut, text.baseAddress, text.count)
            }
            guard status == WARP_FLOW_OK else {
                reportFlowError(debug: Self.text(message), out)
                return false
            }
        }
        return true
    }

    /// The text the flow module wrote into `message` (up to its NUL).
    static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Posts the first flow error as a warning, `text` with `debug` (later ones go to the debug
    /// log).
    mutating func reportFlowError(_ text: String = "frame-mode=flow: the optical flow failed, blending those "
                                              + "frames instead", debug message: String, _ out: StreamOutput) {
        guard !run.flow.warnedError else {
            out.log(.warning, "optical flow failed (\(message)): blending")
            return
        }
        run.flow.warnedError = true
        out.postWarning(.stream, code: ErrorCode.streamFormat, text, debug: message)
    }
}
