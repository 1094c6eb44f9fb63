import Foundation
import XCTest

/// `warp --remap` and `--boomerang` (issue 30): inputs made by ffmpeg with frames whose grey level
/// encodes their index (16 + 2·index) and a rising chirp; expected values worked out by hand from
/// the curve p(τ).
final class RemapToolTests: XCTestCase {


    /// 2 s of 64x48 lossless H.264 at 30 fps (grey 16 + 2·index) and a chirp rising from 300 Hz
    /// (instantaneous frequency 300 + 600·t) as float PCM at 32 kHz, in Matroska.
    private func makeInput(_ name: String, in dir: URL) throws {
        try FFmpegInput.run(["-f", "lavfi", "-i", "color=black:size=64x48:rate=30:duration=2,geq=lum='16+2*N':cb=128:cr=128",
                    "-f", "lavfi", "-i", "aevalsrc='0.5*sin(2*PI*(300+300*t)*t)':s=32000:d=2",
                    "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv420p", "-c:a", "pcm_f32le", name], in: dir)
    }

    /// The frame indices of `name` read from their mean luma.
    private func indices(_ name: String, in dir: URL) throws -> [Int] {
        try FFmpegInput.lumaPerFrame(name, in: dir).map { Int((($0 - 16) / 2).rounded()) }
    }

    /// The audio of `name`, mono float at 32 kHz.
    private func samples(_ name: String, in dir: URL) throws -> [Float] {
        try FFmpegInput.run(["-i", name, "-map", "0:a:0", "-f", "f32le", "-ac", "1", "-ar", "32000", "pcm.raw"], in: dir)
        let data = try Data(contentsOf: dir.appendingPathComponent("pcm.raw"))
        return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }

    /// Frequency from zero crossings of `x` between `from` and `to` seconds.
    private func frequency(_ x: [Float], from: Double, to: Double) -> Double {
        let a = Int(from * 32000), b = min(Int(to * 32000), x.count)
        var crossings = 0
        for i in (a + 1)..<b where (x[i - 1] < 0) != (x[i] < 0) { crossings += 1 }
        return Double(crossings) / 2 / (Double(b - a) / 32000)
    }

    func testBoomerangPlaysTheClipForwardsThenBackwards() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try makeInput("in.mkv", in: dir)
        let r = try ToolProcess.run(["warp", "in.mkv", "out.mkv", "--boomerang", "--crf", "0", "-c:a", "pcm"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertTrue(r.stdout.contains("History:"), r.summary)
        // p(τ) = τ on [0, 2], 4 - τ on [2, 4]: 120 slots; slot k shows index k, then 120 - k
        // (the last frame, 59, at the turn).
        let got = try indices("out.mkv", in: dir)
        XCTAssertEqual(got.count, 120, accuracy: 1)
        for (k, index) in got.enumerated() {
            let expected = k < 60 ? k : min(59, 120 - k)
            XCTAssertLessThanOrEqual(abs(index - expected), 1, "slot \(k): \(got)")
        }
        // The chirp rises in the first half and falls in the second (the audio reversed): at
        // input t the frequency is 300 + 600 t; τ = 2.5 plays t = 1.5 (1200 Hz), τ = 3.5 plays
        // t = 0.5 (600 Hz).
        let audio = try samples("out.mkv", in: dir)
        XCTAssertEqual(Double(audio.count) / 32000, 4, accuracy: 0.05)
        XCTAssertEqual(frequency(audio, from: 0.4, to: 0.6), 600, accuracy: 40)
        XCTAssertEqual(frequency(audio, from: 2.4, to: 2.6), 1200, accuracy: 40)
        XCTAssertEqual(frequency(audio, from: 3.4, to: 3.6), 600, accuracy: 40)
    }

    func testBoomerangWithTheSpectralEngineKeepsThePitchBothWays() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try makeInput("in.mkv", in: dir)
        // --pitch preserve --pitch-engine spectral passes through with a remap curve. At speed ±1
        // the pitch is the input's at p(τ): the chirp's 300 + 600 t at t = p(τ) (τ = 0.5: 600 Hz;
        // τ = 2.5: t = 1.5, 1200 Hz; τ = 3.5: t = 0.5, 600 Hz), 4 s long.
        var audio: [String: [Float]] = [:]
        for engine in ["spectral", "wsola"] {
            let r = try ToolProcess.run(["warp", "in.mkv", "\(engine).mkv", "--boomerang", "--pitch", "preserve",
                                         "--pitch-engine", engine, "--crf", "0", "-c:a", "pcm"], in: dir)
            XCTAssertEqual(r.status, 0, r.summary)
            audio[engine] = try samples("\(engine).mkv", in: dir)
        }
        let spectral = audio["spectral"] ?? []
        XCTAssertEqual(Double(spectral.count) / 32000, 4, accuracy: 0.05)
        XCTAssertEqual(frequency(spectral, from: 0.4, to: 0.6), 600, accuracy: 40)
        XCTAssertEqual(frequency(spectral, from: 2.4, to: 2.6), 1200, accuracy: 40)
        XCTAssertEqual(frequency(spectral, from: 3.4, to: 3.6), 600, accuracy: 40)
        // The engine reached the element: its output is not WSOLA's.
        let wsola = audio["wsola"] ?? []
        XCTAssertGreaterThan(zip(spectral, wsola).map { abs($0 - $1) }.max() ?? 0, 0.05)
    }

    func testRemapHoldsAndRewindsTheFramesItNames() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try makeInput("in.mkv", in: dir)
        // Play 0–1 s, hold input 1 s for 0.5 s, rewind to 0.5 s at speed -1, play 0.5–2 s.
        let r = try ToolProcess.run(["warp", "in.mkv", "out.mkv", "--remap", "0s:0s, 1s:1s, 1.5s:1s, 2s:0.5s, 3.5s:2s",
                                     "--crf", "0", "-c:a", "pcm"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        let got = try indices("out.mkv", in: dir)
        XCTAssertEqual(got.count, 105, accuracy: 1)
        // Slots 0–29: k; 30–44: 30 (the hold); 45–59: 30 - (k - 45); 60–104: 15 + (k - 60).
        for (k, index) in got.enumerated() {
            let expected = k < 30 ? k : k < 45 ? 30 : k < 60 ? 75 - k : k - 45
            XCTAssertLessThanOrEqual(abs(index - expected), 1, "slot \(k): \(got)")
        }
    }

    func testBadRemapsAreRefusedWithTheKey() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        try makeInput("in.mkv", in: dir)
        let unordered = try ToolProcess.run(["warp", "in.mkv", "out.mkv", "--remap", "0s:0s, 3s:1s, 2s:2s"], in: dir)
        XCTAssertEqual(unordered.status, 2, unordered.summary)
        XCTAssertTrue(unordered.stderr.contains("keyframe 3"), unordered.summary)
        let pastEnd = try ToolProcess.run(["warp", "in.mkv", "out.mkv", "--remap", "0s:0s, 2s:9s"], in: dir)
        XCTAssertEqual(pastEnd.status, 2, pastEnd.summary)
        XCTAssertTrue(pastEnd.stderr.contains("past the end"), pastEnd.summary)
        let both = try ToolProcess.run(["warp", "in.mkv", "out.mkv", "--boomerang", "--speed", "2"], in: dir)
        XCTAssertEqual(both.status, 2, both.summary)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.mkv").path))
    }
}
