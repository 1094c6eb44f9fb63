import XCTest
import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp

/// videotimewarp frame-mode=blend against values worked out by hand.
///
/// Blink input: frame n is black (0) for even n, white (full scale) for odd n, at 30 fps, out at
/// 30 fps. Slot k covers [k/30, (k+1)/30) s of output.
/// - factor=2: T⁻¹(k/30) = k/60 s. For even k = 2m that is frame m's PTS (weight 0: frame m
///   itself, exact). For odd k it lies halfway between frames (k−1)/2 and (k+1)/2, one black and
///   one white: mid-grey, full/2 (127.5 for 8 bits: 127 or 128).
/// - factor=0.5: slot k's input interval is [2k/30, (2k+2)/30): frames 2k (black) and 2k+1
///   (white) each cover half of it: mid-grey.
final class FrameBlendTests: XCTestCase {
    /// Runs `count` blink frames through `videotimewarp factor=… frame-mode=blend` and EOS.
    func blink(_ clip: BlendClip, factor: Double, count: Int, white: Int) -> [(pts: UInt64, samples: [Int], address: UInt)] {
        let h = Harness("videotimewarp factor=\(factor) frame-mode=blend")
        h.setCaps(input: clip.caps, output: clip.caps)
        for n in 0..<count { clip.push(h, n, value: n % 2 == 0 ? 0 : white) }
        h.pushEOS()
        XCTAssertFalse(h.messages().contains { $0.isError })
        return clip.pull(h)
    }

    /// Asserts every sample of `samples` is within `tolerance` of `expected`.
    func assertAll(_ samples: [Int], near expected: Double, tolerance: Double, _ what: String,
                   file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(samples.isEmpty, what, file: file, line: line)
        let worst = samples.map { abs(Double($0) - expected) }.max() ?? 0
        XCTAssertLessThanOrEqual(worst, tolerance, "\(what): \(samples.prefix(8)) vs \(expected)", file: file, line: line)
    }

    /// The formats the issue names for the hand-derived checks, with their full-scale value.
    static let formats: [(String, Int)] = [
        ("I420", 255), ("NV12", 255), ("GRAY8", 255), ("RGBA", 255), ("GRAY16_LE", 65535), ("P010_10LE", 0xFFC0),
    ]

    func testFactorTwoShowsTheFramesOnEvenSlotsAndMidGreyOnOddSlots() {
        for (format, white) in Self.formats {
            let clip = BlendClip(format: format)
            let out = blink(clip, factor: 2, count: 6, white: white)
            // Frame 5 lands at 10/30 s and ends at 12/30 s: slots 0...11.
            XCTAssertEqual(out.count, 12, format)
            XCTAssertEqual(out.map(\.pts), (0..<12).map { clip.pts($0) }, format)
            for (k, frame) in out.enumerated() {
                if k % 2 == 0 {
                    let m = k / 2
                    XCTAssertEqual(Set(frame.samples), [m % 2 == 0 ? 0 : white], "\(format) slot \(k) is frame \(m)")
                } else if k == 11 {
                    // After the last frame, at EOS: the last frame itself (no frame to mix with).
                    XCTAssertEqual(Set(frame.samples), [white], "\(format) slot 11")
                } else {
                    assertAll(frame.samples, near: Double(white) / 2, tolerance: 1, "\(format) slot \(k)")
                }
            }
        }
    }

    func testFactorHalfAveragesEachBlackAndWhitePairToMidGrey() {
        for (format, white) in Self.formats {
            let clip = BlendClip(format: format)
            let out = blink(clip, factor: 0.5, count: 8, white: white)
            // 8 frames end at 8/30 s of input, 4/30 s of output: slots 0...3.
            XCTAssertEqual(out.count, 4, format)
            for (k, frame) in out.enumerated() {
                assertAll(frame.samples, near: Double(white) / 2, tolerance: 1, "\(format) slot \(k)")
            }
        }
    }

    func testEvenSlotsAtFactorTwoAreTheInputFramesNotCopies() {
        let clip = BlendClip(format: "GRAY8")
        let h = Harness("videotimewarp factor=2 frame-mode=blend")
        h.setCaps(input: clip.caps, output: clip.caps)
        for n in 0..<4 { clip.push(h, n, value: n * 50) }
        h.pushEOS()
        let out = clip.pull(h)
        // Slot 7 (after frame 3, at EOS) is frame 3 again: the same memory as slot 6.
        XCTAssertEqual(out.count, 8)
        XCTAssertEqual(out[6].address, out[7].address)
        XCTAssertEqual(out.map { $0.samples[0] }, [0, 25, 50, 75, 100, 125, 150, 150])
        XCTAssertEqual(h.uint64Property("out"), 8)
        XCTAssertEqual(h.uint64Property("duplicate"), 1)
        XCTAssertEqual(h.uint64Property("drop"), 0)
    }

    func testFactorQuarterAveragesFourFrames() {
        // Slot k's input interval [4k/30, (4k+4)/30) holds frames 4k...4k+3 whole: the mean of
        // 0, 40, 80, 120 (the values repeat every 4 frames) is 60.
        for (format, scale) in [("I420", 1), ("GRAY16_LE", 256)] {
            let clip = BlendClip(format: format)
            let h = Harness("videotimewarp factor=0.25 frame-mode=blend")
            h.setCaps(input: clip.caps, output: clip.caps)
            for n in 0..<12 { clip.push(h, n, value: (n % 4) * 40 * scale) }
            h.pushEOS()
            let out = clip.pull(h)
            XCTAssertEqual(out.count, 3, format)
            for (k, frame) in out.enumerated() {
                assertAll(frame.samples, near: Double(60 * scale), tolerance: 1, "\(format) slot \(k)")
            }
        }
    }

    func testSlotsSpanningMoreThanMaxBlendFramesAreSampledEvenly() {
        // 25 fps, factor 0.2: slot k spans frames 5k...5k+4 (values 10, 100, 20, 200, 30).
        // All five: (10+100+20+200+30)/5 = 72. With max-blend-frames=2 the instants 1.25 and
        // 3.75 frame periods into the slot pick frames 5k+1 and 5k+3: (100+200)/2 = 150, and the
        // other three frames of each slot are never held (counted as dropped).
        let values = [10, 100, 20, 200, 30]
        for (maxFrames, expected) in [(8, 72.0), (2, 150.0)] {
            let clip = BlendClip(format: "GRAY8", rate: 25)
            let h = Harness("videotimewarp factor=0.2 frame-mode=blend max-blend-frames=\(maxFrames)")
            h.setCaps(input: clip.caps, output: clip.caps)
            for n in 0..<15 { clip.push(h, n, value: values[n % 5]) }
            h.pushEOS()
            let out = clip.pull(h)
            XCTAssertEqual(out.count, 3)
            for (k, frame) in out.enumerated() {
                assertAll(frame.samples, near: expected, tolerance: 1, "max-blend-frames=\(maxFrames) slot \(k)")
            }
            XCTAssertEqual(h.uint64Property("drop"), maxFrames == 2 ? 9 : 0)
        }
    }

    func testMovingEdgeAtAQuarterPosition() {
        // GRAY8 8x1: frame 0 is white left of x=2, frame 1 white left of x=6. factor=4: slot k
        // shows input time k/120 s, a quarter of the way from frame 0 to frame 1 for k=1,
        // halfway for k=2, three quarters for k=3. Pixels 2...5 are black in frame 0 and white
        // in frame 1: 255/4 = 63.75, 127.5, 191.25; pixels 0-1 stay 255 and 6-7 stay 0.
        let clip = BlendClip(format: "GRAY8", width: 8, height: 1)
        let h = Harness("videotimewarp factor=4 frame-mode=blend")
        h.setCaps(input: clip.caps, output: clip.caps)
        let edges = [2, 6]
        for (n, edge) in edges.enumerated() {
            let row = (0..<8).map { $0 < edge ? UInt8(255) : 0 }
            let size = clip.frameSize
            h.push(bytes: row + Array(repeating: 0, count: size - 8), pts: clip.pts(n), duration: clip.pts(n + 1) - clip.pts(n))
        }
        h.pushEOS()
        let out = clip.pull(h)
        XCTAssertEqual(out.count, 8)
        for (k, mid) in [(1, 63.75), (2, 127.5), (3, 191.25)] {
            let row = out[k].samples.prefix(8)
            XCTAssertEqual(Array(row.prefix(2)), [255, 255], "slot \(k)")
            XCTAssertEqual(Array(row.suffix(2)), [0, 0], "slot \(k)")
            assertAll(Array(row.dropFirst(2).prefix(4)), near: mid, tolerance: 0.5, "slot \(k) at the edge")
        }
    }
}

/// Interlaced input under frame-mode=blend (issue 21): mixing whole frames would mix fields of
/// different instants and drop the buffers' interlace flags, so the element shows the nearest
/// frames instead, with their flags, and says so once.
final class FrameBlendInterlacedTests: XCTestCase {
    func testInterlacedInputFallsBackToNearestWithItsFlags() throws {
        let caps = "video/x-raw,format=GRAY8,width=8,height=2,framerate=30/1,interlace-mode=mixed"
        let h = Harness("videotimewarp factor=2 frame-mode=blend")
        h.setCaps(input: caps, output: caps)
        let interlaced = GST_VIDEO_BUFFER_FLAG_INTERLACED.rawValue | GST_VIDEO_BUFFER_FLAG_TFF.rawValue
        // Black and white frames, all interlaced (top field first): with blending odd slots
        // would be mid-grey (FrameBlendTests); nearest shows black or white only.
        for n in 0..<6 {
            let buf = gst_harness_create_buffer(h.raw, 16)!
            var info = GstMapInfo()
            if gst_buffer_map(buf, &info, GST_MAP_WRITE) != 0 {
                info.data.update(repeating: n % 2 == 0 ? 0 : 255, count: Int(info.size))
                gst_buffer_unmap(buf, &info)
            }
            buf.pointee.pts = GstClockTime(UInt64(n) * sec / 30)
            buf.pointee.duration = GstClockTime(sec / 30)
            buf.pointee.mini_object.flags |= interlaced
            XCTAssertEqual(gst_harness_push(h.raw, buf), GST_FLOW_OK)
        }
        h.pushEOS()
        var count = 0
        while let out = gst_harness_try_pull(h.raw) {
            defer { gst_buffer_unref(out) }
            count += 1
            XCTAssertEqual(out.pointee.mini_object.flags & interlaced, interlaced, "output \(count) keeps its flags")
            var info = GstMapInfo()
            guard gst_buffer_map(out, &info, GST_MAP_READ) != 0 else { continue }
            let values = Set(UnsafeBufferPointer(start: info.data, count: Int(info.size)))
            gst_buffer_unmap(out, &info)
            XCTAssertTrue(values == [0] || values == [255], "output \(count) is a whole input frame: \(values)")
        }
        XCTAssertEqual(count, 12)  // frame 5 ends at 12/30 s of output at factor 2
        let warnings = h.messages().filter { !$0.isError }
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings.first?.text.contains("interlaced") ?? false, warnings.first?.text ?? "")
    }
}
