/// One call of `WarpResampler`'s sample-typed entry points (`process`, `drain`, `append`,
/// `render`, `drainStep`, `renderNothing`) with its samples, handed to the sample format
/// (`WarpSample.warpRun`) so that it runs in the format's working precision.
public enum WarpResamplerCall<S> {
    /// `process(_:into:)`: `input` in, the frames that became ready appended to `output`.
    case process(UnsafeBufferPointer<S>, into: UnsafeMutablePointer<[S]>)
    /// `drain(into:)`: the rest of the stream appended to `output`.
    case drain(into: UnsafeMutablePointer<[S]>)
    /// `append(_:)`: one step's worth of `input`, without rendering.
    case append(UnsafeBufferPointer<S>)
    /// `render(into:)` (`final` false) or `drainStep(into:)` (`final` true).
    case render(UnsafeMutableBufferPointer<S>, final: Bool)
    /// `renderNothing(_:)`.
    case renderNothing
}

extension WarpResampler {
    /// Runs `call` in the working precision of `S`; returns the samples taken (`append`), the
    /// frames written (`render`) or 0. Called by each format's `warpRun` with its concrete type,
    /// so the loops below are specialised per format.
    @inline(__always)
    mutating func run<S: WarpCodec>(_ call: WarpResamplerCall<S>) -> Int {
        switch call {
        case .process(let input, let output):
            typedProcess(input, into: &output.pointee)
            return 0
        case .drain(let output):
            typedDrain(into: &output.pointee)
            return 0
        case .append(let input):
            return typedAppend(input)
        case .render(let output, let final):
            return typedRender(into: output, final: final)
        case .renderNothing:
            typedRenderNothing(S.self)
            return 0
        }
    }
}
