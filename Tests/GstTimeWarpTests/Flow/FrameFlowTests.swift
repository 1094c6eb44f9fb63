import XCTest
import Foundation
import CGStreamer
@testable import GstTimeWarp

/// videotimewarp frame-mode=flow on synthetic motion of known velocity (`MovingSquare`).
///
/// The 30 fps sequence is halved: input frame m (15 fps, PTS m/15 s) is sequence frame 2m. Out
/// at 30 fps with factor 1: slot 2m falls on input frame m (shown as it is), slot 2m+1 halfway
/// between frames m and m+1, where the truth is sequence frame 2m+1 (the square 3 px further).
///
/// PSNR bound for a rebuilt frame, derived from the scene and the ±0.5 px tolerance: a flow
/// error of ε = 0.5 px moves samples of a texture A·sin(kx)·cos(ly) by ε, an RMS error of at
/// most ε·(A/2)·√(k² + l²): 4.9 on the square (A = 30, k = 2π/16, l = 2π/12; 576 of 6144
/// pixels) and 2.1 on the background (A = 15, k = 2π/20, l = 2π/14). At the square's two moving
/// edges one column per row (48 pixels) may mix square and background: error up to half the
/// contrast, (160 − 50)/2 = 55. MSE ≤ (576·4.9² + 5520·2.1² + 48·55²)/6144 ≈ 30.2, so
/// PSNR ≥ 10·log10(255²/30.2) ≈ 33.3 dB. Blending the two frames instead ghosts the square
/// (6 px bands at half contrast, the texture mixed with itself 6 px away), about 26 dB: the
/// test also requires flow to beat blend by 4 dB.
final class FrameFlowTests: XCTestCase {
    static let formats = ["GRAY8", "I420", "NV12", "RGBA", "YUY2", "GRAY16_LE", "P010_10LE"]

    /// The derived PSNR bound (see the class comment), computed from the scene's parameters.
    static var psnrBound: Double {
        let epsilon = 0.5
        let square = epsilon * 15 * (pow(2 * Double.pi / 16, 2) + pow(2 * Double.pi / 12, 2)).squareRoot()
        let background = epsilon * 7.5 * (pow(2 * Double.pi / 20, 2) + pow(2 * Double.pi / 14, 2)).squareRoot()
        let n = Double(MovingSquare.width * MovingSquare.height), sq = 576.0, edge = 48.0
        let mse = (sq * square * square + (n - sq - edge) * background * background + edge * 55 * 55) / n
        return 10 * log10(255 * 255 / mse)
    }

    /// Runs `frames` input frames (sequence frames 0, 2, 4, ...; `cutAt`: from this input frame
    /// on, the other scene) through videotimewarp at twice their rate, then EOS.
    func run(_ format: String, mode: String, frames: Int = 6, cutAt: Int? = nil)
        -> (out: [(pts: UInt64, bytes: [UInt8])], inputs: [[UInt8]], fallbacks: UInt64, warnings: Int) {
        let w = MovingSquare.width, hgt = MovingSquare.height
        let h = Harness("videotimewarp frame-mode=\(mode)")
        h.setCaps(input: "video/x-raw,format=\(format),width=\(w),height=\(hgt),framerate=15/1",
                  output: "video/x-raw,format=\(format),width=\(w),height=\(hgt),framerate=30/1")
        var inputs: [[UInt8]] = []
        for m in 0..<frames {
            let scene = cutAt.map { m >= $0 ? 1 : 0 } ?? 0
            let bytes = MovingSquare.bytes(MovingSquare.luma(2 * m, scene: scene), format: format)
            inputs.append(bytes)
            let pts = ClockTime.scale(UInt64(m), ClockTime.second, 15) ?? 0
            let next = ClockTime.scale(UInt64(m + 1), ClockTime.second, 15) ?? 0
            XCTAssertEqual(h.push(bytes: bytes, pts: pts, duration: next - pts), GST_FLOW_OK)
        }
        h.pushEOS()
        let messages = h.messages()
        XCTAssertFalse(messages.contains { $0.isError }, format)
        let out = h.pullAllWithBytes().map { ($0.buffer.pts, $0.bytes) }
        return (out, inputs, h.uint64Property("flow-fallbacks"), messages.filter { !$0.isError }.count)
    }

    func testTheRebuiltSquareIsWhereItShouldBeAndLooksRightInEveryFormat() {
        for format in Self.formats {
            let r = run(format, mode: "flow")
            XCTAssertGreaterThanOrEqual(r.out.count, 11, format)
            XCTAssertEqual(r.fallbacks, 0, format)
            for k in stride(from: 1, through: 9, by: 2) where k < r.out.count {
                let image = MovingSquare.luma(of: r.out[k].bytes, format: format)
                let truth = MovingSquare.luma(k)
                let expected = MovingSquare.centre(truth.map(Int.init))
                XCTAssertEqual(expected, Double(MovingSquare.left(k)) + 11.5, accuracy: 1, "the estimator itself")
                XCTAssertEqual(MovingSquare.centre(image), expected, accuracy: 0.5, "\(format) slot \(k): position")
                XCTAssertGreaterThanOrEqual(MovingSquare.psnr(image, truth), Self.psnrBound, "\(format) slot \(k): content")
                if format == "I420" || format == "NV12" {
                    // Neutral chroma, warped with the scaled flow, stays neutral.
                    let chroma = Set(r.out[k].bytes.dropFirst(MovingSquare.width * MovingSquare.height))
                    XCTAssertEqual(chroma, [128], "\(format) slot \(k): chroma")
                }
                if format == "P010_10LE" {
                    // Neutral chroma (512 << 6, little-endian: 0x00 0x80) in U and V alike.
                    let chroma = Array(r.out[k].bytes.dropFirst(2 * MovingSquare.width * MovingSquare.height))
                    let samples = Set(stride(from: 0, to: chroma.count - 1, by: 2).map { UInt16(chroma[$0]) | UInt16(chroma[$0 + 1]) << 8 })
                    XCTAssertEqual(samples, [0x8000], "\(format) slot \(k): chroma")
                }
            }
        }
    }

    func testFlowBeatsBlendOnTheMovingSquare() {
        let flow = run("GRAY8", mode: "flow"), blend = run("GRAY8", mode: "blend")
        for k in [3, 5] {
            let truth = MovingSquare.luma(k)
            let f = MovingSquare.psnr(MovingSquare.luma(of: flow.out[k].bytes, format: "GRAY8"), truth)
            let b = MovingSquare.psnr(MovingSquare.luma(of: blend.out[k].bytes, format: "GRAY8"), truth)
            XCTAssertGreaterThanOrEqual(f, b + 4, "slot \(k): flow \(f) dB, blend \(b) dB")
        }
    }

    func testFramesAtInputTimesPassBitForBit() {
        for format in Self.formats {
            let r = run(format, mode: "flow")
            for m in 0..<r.inputs.count where 2 * m < r.out.count {
                XCTAssertEqual(r.out[2 * m].bytes, r.inputs[m], "\(format): slot \(2 * m) is input frame \(m)")
            }
        }
    }

    func testASceneCutIsBlendedAndCounted() {
        // Input frames 0...2 the moving square, 3...5 the stripes: the one slot between frames 2
        // and 3 (slot 5) is blended, the other odd slots are flowed.
        let r = run("GRAY8", mode: "flow", cutAt: 3)
        XCTAssertEqual(r.fallbacks, 1)
        XCTAssertGreaterThanOrEqual(r.out.count, 11)
        let a = r.inputs[2], b = r.inputs[3]
        var worst = 0.0
        for (i, value) in r.out[5].bytes.enumerated() {
            let mid = (Double(a[i]) + Double(b[i])) / 2
            worst = max(worst, abs(Double(value) - mid))
        }
        XCTAssertLessThanOrEqual(worst, 1, "slot 5 is the half-and-half blend of frames 2 and 3")
        XCTAssertEqual(r.warnings, 0, "a scene cut is no error")
    }

    func testFlowQualityPresetsAllMoveTheSquare() {
        for quality in ["fast", "balanced", "best"] {
            let h = Harness("videotimewarp frame-mode=flow flow-quality=\(quality)")
            let w = MovingSquare.width, hgt = MovingSquare.height
            h.setCaps(input: "video/x-raw,format=GRAY8,width=\(w),height=\(hgt),framerate=15/1",
                      output: "video/x-raw,format=GRAY8,width=\(w),height=\(hgt),framerate=30/1")
            for m in 0..<3 {
                let pts = ClockTime.scale(UInt64(m), ClockTime.second, 15) ?? 0
                h.push(bytes: MovingSquare.luma(2 * m), pts: pts, duration: ClockTime.second / 15)
            }
            h.pushEOS()
            let out = h.pullAllWithBytes()
            XCTAssertGreaterThan(out.count, 1, quality)
            let centre = MovingSquare.centre(MovingSquare.luma(of: out[1].bytes, format: "GRAY8"))
            XCTAssertEqual(centre, MovingSquare.centre(MovingSquare.luma(1).map(Int.init)), accuracy: 0.5, quality)
        }
    }
}
