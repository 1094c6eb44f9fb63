import Foundation
@testable import GstTimeWarp

/// A synthetic scene for the frame-mode=flow tests, in closed form: a static textured
/// background and a textured 24x24 square moving right 3 px per frame of a 30 fps sequence.
/// Luma: background 50 + 15·sin(2πx/20)·sin(2πy/14) (35...65); square (rows 20...43, columns
/// sx...sx+23) 160 + 30·sin(2πu/16)·cos(2πv/12) (130...190), u, v relative to its corner, so the
/// texture moves with it.
struct MovingSquare {
    static let width = 96, height = 64
    static let side = 24, top = 20
    /// The square's left column in frame `n` of the 30 fps sequence.
    static func left(_ n: Int) -> Int { 10 + 3 * n }

    /// Luma of frame `n` of the 30 fps sequence (`scene` 1: the cut scene, unrelated stripes).
    static func luma(_ n: Int, scene: Int = 0) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height)
        let sx = left(n)
        for y in 0..<height {
            for x in 0..<width {
                let v: Double
                if scene == 1 {
                    v = 200 - 60 * cos(2 * Double.pi * Double(x + 2 * y) / 7)
                } else if x >= sx, x < sx + side, y >= top, y < top + side {
                    v = 160 + 30 * sin(2 * Double.pi * Double(x - sx) / 16) * cos(2 * Double.pi * Double(y - top) / 12)
                } else {
                    v = 50 + 15 * sin(2 * Double.pi * Double(x) / 20) * sin(2 * Double.pi * Double(y) / 14)
                }
                out[y * width + x] = UInt8((v).rounded())
            }
        }
        return out
    }

    /// The frame's bytes in `format` (chroma neutral, RGB channels all luma, alpha opaque).
    static func bytes(_ luma: [UInt8], format: String) -> [UInt8] {
        switch format {
        case "GRAY8": return luma
        case "I420": return luma + [UInt8](repeating: 128, count: width * height / 2)
        case "NV12": return luma + [UInt8](repeating: 128, count: width * height / 2)
        case "RGBA": return luma.flatMap { [$0, $0, $0, 255] }
        case "YUY2": return stride(from: 0, to: luma.count, by: 2).flatMap { [luma[$0], 128, luma[$0 + 1], 128] }
        case "GRAY16_LE": return luma.flatMap { [$0, $0] }  // g · 257
        case "P010_10LE":
            return luma.flatMap { [0, $0] } + (0..<width * height / 2).flatMap { _ in [0, 0x80] }  // 512 << 6
        default: fatalError("no test layout for \(format)")
        }
    }

    /// The luma of an output frame in `format` (16-bit: the high byte).
    static func luma(of bytes: [UInt8], format: String) -> [Int] {
        let n = width * height
        switch format {
        case "GRAY8", "I420", "NV12": return bytes.prefix(n).map(Int.init)
        case "RGBA": return (0..<n).map { Int(bytes[4 * $0]) }
        case "YUY2": return (0..<n).map { Int(bytes[2 * $0]) }
        case "GRAY16_LE", "P010_10LE": return (0..<n).map { Int(bytes[2 * $0 + 1]) }
        default: return []
        }
    }

    /// The square's horizontal centre in a luma image: per row inside it (rows top+2 ... top+side−3),
    /// the left and right crossings of level 97.5 (halfway between the background's top, 65,
    /// and the square's bottom, 130), linearly interpolated between columns; averaged.
    static func centre(_ image: [Int]) -> Double {
        let level = 97.5
        var sum = 0.0, rows = 0
        for y in (top + 2)..<(top + side - 2) {
            let row = image[(y * width)..<(y * width + width)].map(Double.init)
            guard let r0 = row.firstIndex(where: { $0 >= level }), r0 > 0,
                  let r1 = row.lastIndex(where: { $0 >= level }), r1 + 1 < width else { continue }
            let left = Double(r0 - 1) + (level - row[r0 - 1]) / (row[r0] - row[r0 - 1])
            let right = Double(r1) + (row[r1] - level) / (row[r1] - row[r1 + 1])
            sum += (left + right) / 2
            rows += 1
        }
        return rows > 0 ? sum / Double(rows) : .nan
    }

    /// PSNR (dB, peak 255) of `image` against `truth`.
    static func psnr(_ image: [Int], _ truth: [UInt8]) -> Double {
        var sum = 0.0
        for (a, b) in zip(image, truth) {
            let d = Double(a - Int(b))
            sum += d * d
        }
        let mse = sum / Double(truth.count)
        return mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
    }
}
