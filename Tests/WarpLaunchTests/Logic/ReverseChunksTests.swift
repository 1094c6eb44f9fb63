import Foundation
import WarpLaunchKit
import XCTest

/// `warp --reverse`'s pure parts: the chunk plan, sample boundaries, the audio alignment and the
/// store (memory up to a bound, a nameless file past it). Expected values by hand.
final class ReverseChunksTests: XCTestCase {
    func testChunksStartAtKeyframesAtLeastTheMinimumApart() {
        let s: UInt64 = 1_000_000_000
        // Keyframes every 0.4 s: merged into chunks of at least 1 s (0, 1.2, 2.4), the last open.
        let plan = ReverseChunks.plan(keyframes: [0, 400_000_000, 800_000_000, 1_200_000_000, 1_600_000_000,
                                                  2_000_000_000, 2_400_000_000],
                                      duration: 3 * s, minimumLength: s, fallbackLength: 2 * s)
        XCTAssertEqual(plan, [0..<1_200_000_000, 1_200_000_000..<2_400_000_000, 2_400_000_000..<UInt64.max])
        // No keyframes (audio only): fixed 2 s chunks over 5 s.
        XCTAssertEqual(ReverseChunks.plan(keyframes: [], duration: 5 * s, minimumLength: s, fallbackLength: 2 * s),
                       [0..<2 * s, 2 * s..<4 * s, 4 * s..<UInt64.max])
        // Unsorted keyframes and one at 0 only: one chunk.
        XCTAssertEqual(ReverseChunks.plan(keyframes: [0], duration: 5 * s, minimumLength: s, fallbackLength: 2 * s),
                       [0..<UInt64.max])
    }

    func testSampleBoundariesPartitionTheSamples() {
        // 1/3 s at 48 kHz is sample 16000 exactly; 1 ns later the next boundary is 16001.
        XCTAssertEqual(ReverseChunks.sampleBoundary(333_333_333, rate: 48000), 16000)
        XCTAssertEqual(ReverseChunks.sampleBoundary(333_333_334, rate: 48000), 16001)
        XCTAssertEqual(ReverseChunks.sampleBoundary(0, rate: 44100), 0)
        XCTAssertEqual(ReverseChunks.sampleBoundary(UInt64.max, rate: 44100), Int64.max)
        // A buffer of 1000 samples from 15500 against the chunk [16000, 17000): its last 500.
        XCTAssertEqual(ReverseChunks.keep(first: 15500, frames: 1000, lower: 16000, upper: 17000), 500..<1000)
        XCTAssertEqual(ReverseChunks.keep(first: 16800, frames: 1000, lower: 16000, upper: 17000), 0..<200)
        XCTAssertEqual(ReverseChunks.keep(first: 17000, frames: 10, lower: 16000, upper: 17000), 0..<0)
        // A timestamp off by 20 samples continues the count; one off by 200 does not.
        XCTAssertEqual(ReverseChunks.bufferStart(timestampIndex: 1020, counted: 1000, tolerance: 96), 1000)
        XCTAssertEqual(ReverseChunks.bufferStart(timestampIndex: 1200, counted: 1000, tolerance: 96), 1200)
    }

    func testTheAnchorFindsTheShift() {
        // Two-byte frames numbered 0, 1, 2, ... (low byte), counted 16 too high in the window.
        let frame = { (i: Int) -> [UInt8] in [UInt8(i & 0xff), UInt8((i >> 8) & 0xff)] }
        let anchor = (1000..<1256).flatMap(frame)
        let window = (900..<1400).flatMap(frame)  // true indices 900..., counted from 916
        XCTAssertEqual(ReverseAudioAlignment.shift(anchor: anchor, anchorIndex: 1000, window: window, windowStart: 916,
                                                   bytesPerFrame: 2, tolerance: 96), -16)
        XCTAssertEqual(ReverseAudioAlignment.shift(anchor: anchor, anchorIndex: 1000, window: window, windowStart: 900,
                                                   bytesPerFrame: 2, tolerance: 96), 0)
        XCTAssertNil(ReverseAudioAlignment.shift(anchor: anchor, anchorIndex: 1000, window: window, windowStart: 1100,
                                                 bytesPerFrame: 2, tolerance: 96), "200 off is beyond the tolerance")
        // The window gathers [from, to) across buffers.
        var w = ReverseAudioAlignment.Window(from: 10, to: 20)
        for first in stride(from: 0, to: 30, by: 8) {
            let bytes = (first..<first + 8).flatMap(frame)
            bytes.withUnsafeBytes { w.add(first: Int64(first), bytes: $0, bytesPerFrame: 2) }
        }
        XCTAssertEqual(w.start, 10)
        XCTAssertEqual(w.frames(at: 12, count: 3, bytesPerFrame: 2), (12..<15).flatMap(frame))
        XCTAssertNil(w.frames(at: 18, count: 3, bytesPerFrame: 2))
    }

    func testTheStoreSpillsPastItsBoundIntoANamelessFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gwl-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = ReverseStore(memoryLimit: 250, beside: dir.appendingPathComponent("out.mp4").path)
        let items = (0..<5).map { i in [UInt8](repeating: UInt8(i + 1), count: 100) }
        for item in items { _ = try item.withUnsafeBytes { try store.append($0) } }
        // 2 in memory (200 ≤ 250), 3 in the file; the file has no name in the directory.
        XCTAssertEqual(store.spilledBytes, 300)
        XCTAssertTrue(store.usedFile)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
        for i in (0..<5).reversed() {
            var back = [UInt8](repeating: 0, count: 40)
            try back.withUnsafeMutableBytes { try store.read(i, offset: 60, into: $0) }
            XCTAssertEqual(back, [UInt8](repeating: UInt8(i + 1), count: 40), "item \(i)")
        }
        store.clear()
        XCTAssertEqual(store.count, 0)
        _ = try [UInt8](repeating: 9, count: 10).withUnsafeBytes { try store.append($0) }
        XCTAssertEqual(store.length(of: 0), 10)
    }
}

extension ReverseChunksTests {
    func testFramesPerChunkFromTheFirstPass() {
        // Keyframes every 0.5 s with 15 frames each, chunks of 1 s: 30 frames in each.
        let k: [UInt64] = [0, 500_000_000, 1_000_000_000, 1_500_000_000]
        let chunks = ReverseChunks.plan(keyframes: k, duration: 2_000_000_000, minimumLength: 1_000_000_000,
                                        fallbackLength: 2_000_000_000)
        XCTAssertEqual(ReverseChunks.frames(in: chunks, keyframes: k, counts: [15, 15, 15, 15]), [30, 30])
        // Without counts (frames without timestamps): nothing to check against.
        XCTAssertEqual(ReverseChunks.frames(in: chunks, keyframes: k, counts: []), [0, 0])
    }

    /// A cue [t0, t1) of a D-long input goes to [T(D) - T(t1), T(D) - T(t0)): by hand, with
    /// T(t) = 2t and D = 3 s, [0.5, 1.0) goes to [6 - 2, 6 - 1) = [4, 5); a cue past D is held to
    /// it ([2.5, 4) to [0, 1)); one from D on is gone.
    func testSubtitleCuesAreReversedThroughTheMap() {
        let s: UInt64 = 1_000_000_000
        let twice = { (t: UInt64) in 2 * t }
        XCTAssertEqual(ReverseChunks.reversed(start: s / 2, end: s, duration: 3 * s, warp: twice), 4 * s..<5 * s)
        XCTAssertEqual(ReverseChunks.reversed(start: 5 * s / 2, end: 4 * s, duration: 3 * s, warp: twice), 0..<s)
        XCTAssertNil(ReverseChunks.reversed(start: 3 * s, end: 4 * s, duration: 3 * s, warp: twice))
        XCTAssertNil(ReverseChunks.reversed(start: s, end: s, duration: 3 * s, warp: twice))
    }

    /// A chapter [s, e] goes to [T(D) - T(e), T(D) - T(s)]; an unset end is D; an entry without
    /// a start (an edition) stays as it is. By hand, T(t) = 2t, D = 3 s: [1, 2] to [2, 4], [2, unset] to [0, 2].
    func testChaptersAreReversedThroughTheMap() {
        let s: Int64 = 1_000_000_000
        let twice = { (t: UInt64) in 2 * t }
        XCTAssertTrue(ReverseChunks.reversedChapter(start: s, stop: 2 * s, duration: 3 * UInt64(s), warp: twice) == (2 * s, 4 * s))
        XCTAssertTrue(ReverseChunks.reversedChapter(start: 2 * s, stop: -1, duration: 3 * UInt64(s), warp: twice) == (0, 2 * s))
        XCTAssertTrue(ReverseChunks.reversedChapter(start: -1, stop: -1, duration: 3 * UInt64(s), warp: twice) == (-1, -1))
    }

    /// A frame lasts until the next decoded one: the first later time, none after the last.
    func testSuccessorIsTheFirstLaterTime() {
        let times: [UInt64] = [0, 33, 67, 100]
        XCTAssertEqual(ReverseChunks.successor(of: 0, in: times), 33)
        XCTAssertEqual(ReverseChunks.successor(of: 50, in: times), 67)
        XCTAssertNil(ReverseChunks.successor(of: 100, in: times))
    }

    /// MPEG-TS and MPEG-PS are remuxed first; Matroska, MP4, WebM and a bare stream are read as they are.
    func testWhichContainersSeekExactly() {
        XCTAssertFalse(ReverseChunks.seeksExactly(containerType: "video/mpegts"))
        XCTAssertFalse(ReverseChunks.seeksExactly(containerType: "video/mpeg"))
        XCTAssertTrue(ReverseChunks.seeksExactly(containerType: "video/x-matroska"))
        XCTAssertTrue(ReverseChunks.seeksExactly(containerType: "video/quicktime"))
        XCTAssertTrue(ReverseChunks.seeksExactly(containerType: nil))
    }
}
