import Foundation
import XCTest
@testable import TimeWarpAudioCore

/// Both engines (`WarpResampler`, `WarpStretcher`) driven through the one interface
/// (`AudioWarpEngine`), as the element drives them: expected lengths from the closed-form map,
/// the output pitch from the physics of each engine (a resampler divides the frequency by the
/// slow-down, a stretcher keeps it), a live change of the map, and the end.
final class AudioCoreEngineTests: XCTestCase {
    static let rate = 16000

    /// The engines under test for `channels` channels following `warp`, type-erased.
    static func engines(channels: Int, warp: @escaping @Sendable (Double) -> Double) -> [(String, any AudioWarpEngine)] {
        var list: [(String, any AudioWarpEngine)] = AudioInterpolation.allCases.map {
            ("resampler \($0)", WarpResampler(channels: channels, rate: rate, interpolation: $0, startTime: 0, warp: warp))
        }
        list.append(("stretcher", WarpStretcher(channels: channels, rate: rate, startTime: 0, warp: warp)))
        return list
    }

    /// Renders every ready frame into pieces of at most `piece` frames, appended to `output`.
    static func collect<E: AudioWarpEngine, S: WarpSample & Numeric>(_ engine: inout E, piece: Int,
                                                                       into output: inout [S]) {
        while true {
            let ready = engine.framesReady(upTo: piece)
            guard ready > 0 else { break }
            let frames = min(ready, piece)
            var buffer = [S](repeating: 0, count: frames * engine.channels)
            let written = buffer.withUnsafeMutableBufferPointer { engine.render(into: $0) }
            XCTAssertLessThanOrEqual(written, frames)
            output.append(contentsOf: buffer.prefix(written * engine.channels))
            if written == 0 { break }
        }
    }

    /// The documented loop: `input` in buffers of `split` samples (frames may split across
    /// them), each appended a step at a time with the ready frames rendered after each step;
    /// `change` is called (once) before the buffer starting at sample `changeAt`; then the end.
    static func drive<E: AudioWarpEngine, S: WarpSample & Numeric>(
        _ engine: inout E, _ input: [S], split: Int, piece: Int = 1000, changeAt: Int? = nil,
        change: ((inout E) -> Void)? = nil
    ) -> [S] {
        var out: [S] = []
        input.withUnsafeBufferPointer { all in
            var at = 0
            var changed = false
            while at < all.count {
                if let changeAt, at >= changeAt, !changed, let change {
                    change(&engine)
                    changed = true
                }
                let end = min(at + split, all.count)
                var taken = at
                while taken < end {
                    let n = engine.append(UnsafeBufferPointer(rebasing: all[taken..<end]))
                    XCTAssertGreaterThan(n, 0)
                    guard n > 0 else { break }
                    taken += n
                    collect(&engine, piece: piece, into: &out)
                }
                at = end
            }
        }
        engine.finish()
        collect(&engine, piece: piece, into: &out)
        return out
    }

    /// Opens the existential and drives the engine inside it.
    static func drive<S: WarpSample & Numeric>(_ engine: any AudioWarpEngine, _ input: [S], split: Int,
                                               piece: Int = 1000) -> (out: [S], engine: any AudioWarpEngine) {
        func open<E: AudioWarpEngine>(_ e: E) -> ([S], any AudioWarpEngine) {
            var e = e
            let out = drive(&e, input, split: split, piece: piece)
            return (out, e)
        }
        return open(engine)
    }

    func testConstantFactorGivesTheRoundedLengthThroughTheInterface() {
        // warp(t) = f t from t0 = 0: round(f N) frames for N input frames (no halves).
        let frames = 4804
        let sine = AudioCoreTestSupport.sine(frequency: 440, rate: Self.rate, frames: frames)
        for (f, expected) in [(1.5, 7206), (0.75, 3603), (1.37, 6581), (2.0, 9608)] {
            for channels in [1, 2] {
                let input = sine.flatMap { Array(repeating: $0, count: channels) }
                for (name, engine) in Self.engines(channels: channels, warp: { f * $0 }) {
                    // 997 samples: buffers end inside frames.
                    let (out, done) = Self.drive(engine, input, split: 997, piece: 700)
                    XCTAssertEqual(out.count, expected * channels, "\(name) f=\(f) x\(channels)")
                    XCTAssertEqual(done.outputCount, Int64(expected), "\(name) f=\(f)")
                    XCTAssertEqual(done.expectedOutputCount, Int64(expected), "\(name) f=\(f)")
                    XCTAssertTrue(done.isFinished, "\(name) f=\(f)")
                }
            }
        }
    }

    func testEverySampleFormatKeepsTheLength() {
        // 3000 frames at f = 1.25: 3750 frames.
        let values = AudioCoreTestSupport.sine(frequency: 300, rate: Self.rate, frames: 3000, amplitude: 0.5)
        for (name, engine) in Self.engines(channels: 1, warp: { 1.25 * $0 }) {
            XCTAssertEqual(Self.drive(engine, values.map { Int16($0 * 20000) }, split: 512).out.count, 3750, name)
            XCTAssertEqual(Self.drive(engine, values.map { Int32($0 * 1e9) }, split: 512).out.count, 3750, name)
            XCTAssertEqual(Self.drive(engine, values.map { Float($0) }, split: 512).out.count, 3750, name)
            XCTAssertEqual(Self.drive(engine, values, split: 512).out.count, 3750, name)
        }
    }

    func testPitchFollowsTheResamplerAndStaysWithTheStretcher() {
        // Twice as slow: a resampler plays 1000 Hz at 500 Hz (tape), a stretcher keeps 1000 Hz.
        let input = AudioCoreTestSupport.sine(frequency: 1000, rate: Self.rate, frames: 8000)
        for (name, engine) in Self.engines(channels: 1, warp: { 2 * $0 }) {
            let out = Self.drive(engine, input, split: 1024).out
            XCTAssertEqual(out.count, 16000, name)
            let measured = AudioCoreTestSupport.zeroCrossingFrequency(out, rate: Self.rate, from: 2000, to: 14000)
            let expected = name == "stretcher" ? 1000.0 : 500.0
            XCTAssertEqual(measured, expected, accuracy: expected * 0.01, name)
        }
    }

    func testALiveChangeOfTheMapSetsTheLengthFromThen() {
        // Factor 1 up to T = 0.25 s (4000 frames), then 2 from there: the map
        // T + 2 (t - T) at t_end = 0.5 s gives round((0.25 + 0.5) * 16000) = 12000 frames.
        let input = AudioCoreTestSupport.sine(frequency: 440, rate: Self.rate, frames: 8000)
        let changed: @Sendable (UnsafeMutableBufferPointer<Double>) -> Void = { times in
            for k in times.indices { times[k] = times[k] <= 0.25 ? times[k] : 0.25 + 2 * (times[k] - 0.25) }
        }
        for (name, engine) in Self.engines(channels: 1, warp: { $0 }) {
            func open<E: AudioWarpEngine>(_ e: E) -> [Double] {
                var e = e
                return Self.drive(&e, input, split: 1000, changeAt: 4000) { $0.replaceWarp(warpTimes: changed) }
            }
            XCTAssertEqual(open(engine).count, 12000, name)
        }
    }

    func testNothingIsTakenAfterTheEndAndAnEmptyRunFinishes() {
        for (name, engine) in Self.engines(channels: 2, warp: { 1.5 * $0 }) {
            func open<E: AudioWarpEngine>(_ e: E) {
                var e = e
                let input = [Float](repeating: 0.25, count: 2000)
                var out: [Float] = []
                _ = input.withUnsafeBufferPointer { e.append($0) }
                e.finish()
                Self.collect(&e, piece: 256, into: &out)
                XCTAssertEqual(out.count, 1500 * 2, name)       // 1000 frames at 1.5
                XCTAssertTrue(e.isFinished, name)
                XCTAssertEqual(input.withUnsafeBufferPointer { e.append($0) }, 0, name)
                XCTAssertEqual(e.framesReady(upTo: 100), 0, name)
                var room = [Float](repeating: 0, count: 20)
                XCTAssertEqual(room.withUnsafeMutableBufferPointer { e.render(into: $0) }, 0, name)
            }
            open(engine)
        }
        for (name, engine) in Self.engines(channels: 1, warp: { $0 }) {
            func open<E: AudioWarpEngine>(_ e: E) {
                var e = e
                e.finish()
                XCTAssertEqual(e.framesReady(upTo: 100), 0, name)
                XCTAssertTrue(e.isFinished, name)
                XCTAssertEqual(e.outputCount, 0, name)
            }
            open(engine)
        }
    }

    func testTheResamplerGivesTheSameFramesThroughEitherInterface() {
        // The engine loop and the array form (`process`, `drain`) are two drivers of the same
        // resampler: the same frames, bit for bit.
        let input = AudioCoreTestSupport.noise(count: 2 * 6000)
        let warp: @Sendable (Double) -> Double = { 1.3 * $0 + 0.02 * sin(9 * $0) }
        for interpolation in AudioInterpolation.allCases {
            var viaEngine = WarpResampler(channels: 2, rate: Self.rate, interpolation: interpolation, startTime: 0, warp: warp)
            let a = Self.drive(&viaEngine, input, split: 1001)
            let b = AudioCoreTestSupport.run(input, channels: 2, rate: Self.rate, interpolation: interpolation,
                                             split: 1001, warp: warp)
            XCTAssertEqual(a, b, "\(interpolation)")
        }
    }
}
