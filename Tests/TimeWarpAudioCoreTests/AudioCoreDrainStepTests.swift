import XCTest
@testable import TimeWarpAudioCore

/// `render(into:)` and `drainStep(into:)` in pieces of any size give exactly the frames of
/// `process(_:into:)` and `drain(into:)`.
final class AudioCoreDrainStepTests: XCTestCase {
    func run<S: WarpSample & Equatable>(_ input: [S], channels: Int, piece: Int, interpolation: AudioInterpolation,
                                             scale: Double) -> (whole: [S], pieces: [S]) {
        let warp: @Sendable (Double) -> Double = { t in scale * t + 0.05 * t * t }
        var a = WarpResampler(channels: channels, rate: 8000, interpolation: interpolation, startTime: 0, warp: warp)
        var whole: [S] = []
        input.withUnsafeBufferPointer { a.process($0, into: &whole) }
        a.drain(into: &whole)
        var b = WarpResampler(channels: channels, rate: 8000, interpolation: interpolation, startTime: 0, warp: warp)
        var pieces: [S] = []
        var room = [S](repeating: input[0], count: piece * channels)
        input.withUnsafeBufferPointer { all in
            var taken = 0
            while taken < all.count {
                let n = b.append(UnsafeBufferPointer(rebasing: all[taken...]))
                guard n > 0 else { break }
                taken += n
                // As the element does: the frames within the bound, in pieces; none: move on.
                var left = b.renderBound
                if left == 0 { b.renderNothing(S.self) }
                while left > 0 {
                    let w = room.withUnsafeMutableBufferPointer { buf in
                        b.render(into: UnsafeMutableBufferPointer(rebasing: buf[0..<(min(left, piece) * channels)]))
                    }
                    pieces += room.prefix(w * channels)
                    if w == 0 { break }
                    left -= w
                }
            }
        }
        while !b.isFinished {
            let w = room.withUnsafeMutableBufferPointer { b.drainStep(into: $0) }
            pieces += room.prefix(w * channels)
        }
        return (whole, pieces)
    }

    func testPiecesEqualTheWhole() {
        let input = (0..<6000).map { Float(sin(Double($0) * 0.01)) }
        for interpolation in AudioInterpolation.allCases {
            for piece in [1, 7, 4096] {
                for scale in [0.3, 1.5, 40.0] {
                    let (whole, pieces) = run(input, channels: 2, piece: piece, interpolation: interpolation, scale: scale)
                    XCTAssertEqual(whole.count, pieces.count, "\(interpolation) piece \(piece) scale \(scale)")
                    let d = zip(whole, pieces).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    XCTAssertNil(d, "first difference at \(String(describing: d)) of \(whole.count) \(interpolation) piece \(piece) scale \(scale)")
                }
            }
        }
        let ints = (0..<3000).map { Int16(truncatingIfNeeded: $0 * 37) }
        let (whole, pieces) = run(ints, channels: 3, piece: 5, interpolation: .sinc, scale: 1.5)
        XCTAssertEqual(whole, pieces)
    }
}
