import Foundation
import XCTest
@testable import TimeWarpAudioCore

/// `SpectralFFT` against a naive DFT computed here in `Double`, and its inverse.
final class AudioCoreSpectralFFTTests: XCTestCase {
    func testMatchesNaiveDFT() {
        for n in [2, 4, 8, 16, 32, 64, 128, 512, 2048] {
            let x = AudioCoreTestSupport.noise(count: 2 * n, seed: UInt64(n))
            var re = (0..<n).map { Float(x[2 * $0]) }, im = (0..<n).map { Float(x[2 * $0 + 1]) }
            let fft = SpectralFFT(size: n)
            XCTAssertEqual(fft.size, n)
            re.withUnsafeMutableBufferPointer { r in im.withUnsafeMutableBufferPointer { m in fft.transform(re: r, im: m, inverse: false) } }
            for k in 0..<n {
                var sr = 0.0, si = 0.0
                for t in 0..<n {
                    let a = -2 * Double.pi * Double(k * t) / Double(n)
                    sr += x[2 * t] * cos(a) - x[2 * t + 1] * sin(a)
                    si += x[2 * t] * sin(a) + x[2 * t + 1] * cos(a)
                }
                XCTAssertEqual(Double(re[k]), sr, accuracy: 1e-4 * Double(n), "n \(n) bin \(k) re")
                XCTAssertEqual(Double(im[k]), si, accuracy: 1e-4 * Double(n), "n \(n) bin \(k) im")
            }
        }
    }

    func testInverseUndoesForwardTimesN() {
        let n = 256
        let x = AudioCoreTestSupport.noise(count: n)
        var re = x.map { Float($0) }, im = [Float](repeating: 0, count: n)
        let fft = SpectralFFT(size: n)
        re.withUnsafeMutableBufferPointer { r in im.withUnsafeMutableBufferPointer { m in
            fft.transform(re: r, im: m, inverse: false)
            fft.transform(re: r, im: m, inverse: true)
        } }
        for t in 0..<n {
            XCTAssertEqual(Double(re[t]) / Double(n), x[t], accuracy: 1e-5)
            XCTAssertEqual(Double(im[t]) / Double(n), 0, accuracy: 1e-5)
        }
    }

    func testPermutedInputGivesTheSameTransform() {
        // Writing value i at index reversed[i] and skipping the permutation is the same
        // transform: the permutation is all the skipped pass does.
        for n in [2, 16, 2048] {
            let x = AudioCoreTestSupport.noise(count: 2 * n, seed: 3)
            let re = (0..<n).map { Float(x[2 * $0]) }, im = (0..<n).map { Float(x[2 * $0 + 1]) }
            let fft = SpectralFFT(size: n)
            var pr = [Float](repeating: 0, count: n), pi = pr
            for i in 0..<n { pr[Int(fft.reversed[i])] = re[i]; pi[Int(fft.reversed[i])] = im[i] }
            for inverse in [false, true] {
                var a = re, b = im, c = pr, d = pi
                a.withUnsafeMutableBufferPointer { r in b.withUnsafeMutableBufferPointer { m in fft.transform(re: r, im: m, inverse: inverse) } }
                c.withUnsafeMutableBufferPointer { r in d.withUnsafeMutableBufferPointer { m in fft.transform(re: r, im: m, inverse: inverse, permuted: true) } }
                XCTAssertEqual(a, c, "n \(n)")
                XCTAssertEqual(b, d, "n \(n)")
            }
        }
    }

    func testShortBuffersAndOddSizesAreTotal() {
        let fft = SpectralFFT(size: 100)
        XCTAssertEqual(fft.size, 128)
        var re = [Float](repeating: 1, count: 10), im = re
        re.withUnsafeMutableBufferPointer { r in im.withUnsafeMutableBufferPointer { m in fft.transform(re: r, im: m, inverse: false) } }
        XCTAssertEqual(re, [Float](repeating: 1, count: 10))
    }
}

/// `SpectralGrainSynth.cosSin` against the C library's `cos` and `sin`.
final class AudioCoreSpectralCosSinTests: XCTestCase {
    func testMatchesTheCLibrary() {
        for i in -20000...20000 {
            let x = Double(i) * 0.0137
            let (c, s) = SpectralGrainSynth.cosSin(x)
            XCTAssertEqual(c, cos(x), accuracy: 1e-8, "cos \(x)")
            XCTAssertEqual(s, sin(x), accuracy: 1e-8, "sin \(x)")
        }
        XCTAssertTrue(SpectralGrainSynth.cosSin(.nan) == (1, 0))
    }
}
