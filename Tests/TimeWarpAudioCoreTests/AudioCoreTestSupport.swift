import Foundation
import XCTest
@testable import TimeWarpAudioCore

/// Helpers shared by the audio core tests (expected values are computed here independently of
/// the code under test: closed forms, brute-force references, zero-crossing counts).
enum AudioCoreTestSupport {
    /// Runs `input` (interleaved) through a fresh resampler in buffers of `split` samples
    /// (nil: one buffer) and drains it.
    static func run<S: WarpSample>(_ input: [S], channels: Int, rate: Int = 48000,
                                   interpolation: AudioInterpolation, startTime: Double = 0,
                                   split: Int? = nil,
                                   warp: @escaping @Sendable (Double) -> Double) -> [S] {
        var r = WarpResampler(channels: channels, rate: rate, interpolation: interpolation,
                              startTime: startTime, warp: warp)
        var out: [S] = []
        input.withUnsafeBufferPointer { all in
            let step = max(1, split ?? all.count)
            var i = 0
            while i < all.count {
                let n = min(step, all.count - i)
                r.process(UnsafeBufferPointer(rebasing: all[i..<(i + n)]), into: &out)
                i += n
            }
        }
        r.drain(into: &out)
        XCTAssertEqual(Int64(out.count / max(channels, 1)), r.outputCount)
        return out
    }

    /// `round((warp(t0 + N/rate) - warp(t0)) * rate)`, the frame count of
    /// docs/mathematics.md#audio-output-length-and-timestamps.
    static func expectedCount(frames n: Int, rate: Int, startTime t0: Double,
                              warp: (Double) -> Double) -> Int {
        let tEnd = t0 + Double(n) / Double(rate)
        return Int(((warp(tEnd) - warp(t0)) * Double(rate)).rounded())
    }

    /// A sine of `frequency` Hz at `rate`, `frames` long, amplitude `amplitude`.
    static func sine(frequency: Double, rate: Int, frames: Int, amplitude: Double = 0.5,
                     phase: Double = 0) -> [Double] {
        (0..<frames).map { amplitude * sin(2 * Double.pi * frequency * Double($0) / Double(rate) + phase) }
    }

    /// Deterministic pseudo-random values in `-1 ..< 1`.
    static func noise(count: Int, seed: UInt64 = 0x9E3779B97F4A7C15) -> [Double] {
        var s = seed
        return (0..<count).map { _ in
            s = s &* 6364136223846793005 &+ 1442695040888963407
            return Double(Int64(bitPattern: s) >> 11) / Double(1 << 52)
        }
    }

    /// Interleaves per-channel signals of equal length.
    static func interleave(_ chans: [[Double]]) -> [Double] {
        guard let n = chans.first?.count else { return [] }
        var out = [Double](repeating: 0, count: n * chans.count)
        for (c, sig) in chans.enumerated() { for i in 0..<n { out[i * chans.count + c] = sig[i] } }
        return out
    }

    /// Channel `c` of interleaved `x`.
    static func channel(_ x: [Double], _ c: Int, of channels: Int) -> [Double] {
        stride(from: c, to: x.count, by: channels).map { x[$0] }
    }

    /// Frequency (Hz) of the signal `x[from..<to]` sampled at `rate`, from the positions of its
    /// rising and falling zero crossings (linearly interpolated between samples).
    static func zeroCrossingFrequency(_ x: [Double], rate: Int, from: Int, to: Int) -> Double {
        var crossings: [Double] = []
        for i in max(from, 1)..<min(to, x.count) {
            let a = x[i - 1], b = x[i]
            if (a < 0 && b >= 0) || (a >= 0 && b < 0) {
                crossings.append(Double(i - 1) + a / (a - b))
            }
        }
        guard let first = crossings.first, let last = crossings.last, crossings.count > 2 else { return 0 }
        let halfPeriods = Double(crossings.count - 1)
        return halfPeriods / 2 / ((last - first) / Double(rate))
    }

    /// Root mean square of `x[from..<to]`.
    static func rms(_ x: [Double], from: Int = 0, to: Int? = nil) -> Double {
        let end = min(to ?? x.count, x.count)
        guard end > from else { return 0 }
        var s = 0.0
        for i in from..<end { s += x[i] * x[i] }
        return (s / Double(end - from)).squareRoot()
    }

    /// The control points of docs/mathematics.md#audio-control-points computed by brute force
    /// from all warped times at once:
    /// for `tau_j = X(0) + j/rate` find `X(i-1) <= tau_j < X(i)`, `c = (i-1) + (tau-X(i-1))/(X(i)-X(i-1))`.
    static func referenceControlPoints(frames n: Int, rate: Int, startTime t0: Double, outputs: Int,
                                       warp: (Double) -> Double) -> [Double] {
        referenceIntervals(frames: n, rate: rate, startTime: t0, outputs: outputs, warp: warp).map { $0.c }
    }

    /// Brute-force control points with the index `i` of the interval `[X(i-1), X(i))` holding each.
    static func referenceIntervals(frames n: Int, rate: Int, startTime t0: Double, outputs: Int,
                                   warp: (Double) -> Double) -> [(c: Double, i: Int)] {
        let xs = (0...n + 1).map { warp(t0 + Double($0) / Double(rate)) }
        var result: [(c: Double, i: Int)] = []
        var i = 1
        for j in 0..<outputs {
            let tau = xs[0] + Double(j) / Double(rate)
            while i < xs.count - 1 && !(tau < xs[i]) { i += 1 }
            let u = (tau - xs[i - 1]) / (xs[i] - xs[i - 1])
            let b = i >= 2 && i + 1 < xs.count ? referenceBend(xs[i - 2], xs[i - 1], xs[i], xs[i + 1]) : 0
            result.append((Double(i - 1) + u + b * u * (1 - u), i))
        }
        return result
    }

    /// The bend of docs/mathematics.md#audio-control-points, written from its definition:
    /// `((x3 - x2) - (x1 - x0)) / (4 (x2 - x1))` for the interval `[x1, x2)`, 0 unless `x3` would be
    /// accepted after `x2` and `1e-6 <= |b| <= 1/2`.
    static func referenceBend(_ x0: Double, _ x1: Double, _ x2: Double, _ x3: Double) -> Double {
        guard x3.isFinite, x3 > x2, x0.isFinite else { return 0 }
        let b = ((x3 - x2) - (x1 - x0)) / (4 * (x2 - x1))
        return abs(b) >= 1e-6 && abs(b) <= 0.5 ? b : 0
    }

    /// Linear interpolation of mono `x` at fractional index `c`, replicating the edge samples.
    static func linearAt(_ x: [Double], _ c: Double) -> Double {
        let n = Int(c.rounded(.down))
        let f = c - Double(n)
        let a = x[min(max(n, 0), x.count - 1)]
        let b = x[min(max(n + 1, 0), x.count - 1)]
        return a * (1 - f) + b * f
    }
}
