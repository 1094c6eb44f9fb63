import XCTest
import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp
import TimeWarpMap

/// frame-mode: the default stays nearest, and blending never mixes frames of two runs
/// (DISCONT, flush).
final class FrameBlendRunTests: XCTestCase {
    let clip = BlendClip(format: "GRAY8")

    func testNearestIsTheDefaultAndUnchanged() {
        XCTAssertEqual(FrameMode.propertyDefault, .nearest)
        var outputs: [[Int]] = []
        for launch in ["videotimewarp factor=2", "videotimewarp factor=2 frame-mode=nearest"] {
            let h = Harness(launch)
            h.setCaps(input: clip.caps, output: clip.caps)
            for n in 0..<4 { clip.push(h, n, value: n * 50) }
            h.pushEOS()
            // Nearest at factor 2 (see VideoFixedRateTests): odd slots are ties and show the
            // later frame; EOS fills to T(4/30 s) = 8/30 s.
            outputs.append(clip.pull(h).map { $0.samples[0] })
            XCTAssertTrue(clip.pull(h).isEmpty)
        }
        XCTAssertEqual(outputs[0], [0, 50, 50, 100, 100, 150, 150, 150])
        XCTAssertEqual(outputs[1], outputs[0])
    }

    func testNoMixAcrossADiscont() {
        // Frames 0-2 (values 10, 20, 30), then frame 3 (value 200) with DISCONT, at factor 2.
        // Slots 1 and 3 mix within the first run (15, 25). Slot 5 at 5/30 s lies between frame 2
        // (4/30) and frame 3 (6/30): not mixed, it is a tie and shows the later frame, as in
        // nearest mode.
        let h = Harness("videotimewarp factor=2 frame-mode=blend")
        h.setCaps(input: clip.caps, output: clip.caps)
        for (n, v) in [10, 20, 30].enumerated() { clip.push(h, n, value: v) }
        clip.push(h, 3, value: 200, discont: true)
        clip.push(h, 4, value: 220)
        h.pushEOS()
        let out = clip.pull(h).map { $0.samples[0] }
        XCTAssertEqual(out, [10, 15, 20, 25, 30, 200, 200, 210, 220, 220])
    }

    func testNoMixAcrossAGap() {
        // Frame 3 is missing: frames 0-2 (10, 20, 30, at output 0, 2/30, 4/30 s) and frame 4
        // (200, at 8/30 s) are two runs. Slots 1 and 3 mix within the first run. Slot 5 (5/30 s)
        // is nearer frame 2 than frame 4 (midpoint 6/30 s): frame 2 itself, not a mix with 200.
        // Slot 6 is the tie at the midpoint, and with slots 7-9 (EOS fills to T(5/30) = 10/30 s)
        // shows frame 4, the first of its run, as it is.
        let h = Harness("videotimewarp factor=2 frame-mode=blend")
        h.setCaps(input: clip.caps, output: clip.caps)
        for (n, v) in [(0, 10), (1, 20), (2, 30), (4, 200)] { clip.push(h, n, value: v) }
        h.pushEOS()
        let out = clip.pull(h).map { $0.samples[0] }
        XCTAssertEqual(out, [10, 15, 20, 25, 30, 30, 200, 200, 200, 200])
    }

    func testNoMixAcrossAFlush() {
        // Frames 0-2 (10, 20, 30) then a flush and a new segment from 3/30 s with frames 3, 4
        // (200, 220): the frames held before the flush are gone; the new segment's first slot
        // is frame 3 itself, never a mix with frame 2.
        let h = Harness("videotimewarp factor=2 frame-mode=blend")
        h.setCaps(input: clip.caps, output: clip.caps)
        for (n, v) in [10, 20, 30].enumerated() { clip.push(h, n, value: v) }
        let beforeFlush = clip.pull(h).map { $0.samples[0] }
        XCTAssertEqual(beforeFlush, [10, 15, 20, 25])
        h.flush()
        h.pushSegment(start: clip.pts(3))
        clip.push(h, 3, value: 200)
        clip.push(h, 4, value: 220)
        h.pushEOS()
        let after = clip.pull(h).map { $0.samples[0] }
        XCTAssertEqual(after, [200, 210, 220, 220])
    }

    func testUnsupportedFormatFallsBackToNearestWithOneWarning() {
        assertUnsupportedFormatShowsNearestFrames(mode: "blend")
    }

    func testUnsupportedFormatInFlowModeNamesFlowInItsWarning() {
        // The warning names the mode the user set, not always "blend".
        assertUnsupportedFormatShowsNearestFrames(mode: "flow")
    }

    /// v210 (10-bit packed 4:2:2) cannot be mixed: at factor 2 the slots show the nearest frames
    /// (ties to the later one), with one warning that names the mode and the format.
    private func assertUnsupportedFormatShowsNearestFrames(mode: String, line: UInt = #line) {
        let caps = "video/x-raw,format=v210,width=48,height=2,framerate=30/1"
        let h = Harness("videotimewarp factor=2 frame-mode=\(mode)")
        h.setCaps(input: caps, output: caps)
        for n in 0..<3 { h.push(pts: clip.pts(n), duration: clip.pts(n + 1) - clip.pts(n), tag: UInt8(n), size: 512) }
        h.pushEOS()
        XCTAssertEqual(h.pullAll().map(\.tag), [0, 1, 1, 2, 2, 2], line: line)
        let warnings = h.messages().filter { !$0.isError }.map(\.text)
        XCTAssertEqual(warnings.count, 1, "\(warnings)", line: line)
        XCTAssertTrue(warnings.first?.contains("frame-mode=\(mode) cannot mix v210") ?? false, "\(warnings)", line: line)
    }

    func testGLMemoryFallsBackToNearestWithAWarningThatNamesTheMemory() {
        // Frames in GL memory (glupload before the element) cannot be mixed on the CPU whatever
        // their format: the warning names the memory, and RGBA (a format blend does mix) does
        // not appear in it, nor any format the stream does not have. The harness pushes system
        // buffers under these caps; the element decides from the caps alone (this machine has
        // no GStreamer GL plugin, so glupload itself cannot be run here).
        for mode in ["blend", "flow"] {
            let caps = "video/x-raw(memory:GLMemory),format=RGBA,width=8,height=2,framerate=30/1,texture-target=2D"
            let h = Harness("videotimewarp factor=2 frame-mode=\(mode)")
            h.setCaps(input: caps, output: caps)
            for n in 0..<3 { h.push(pts: clip.pts(n), duration: clip.pts(n + 1) - clip.pts(n), tag: UInt8(n), size: 64) }
            h.pushEOS()
            XCTAssertEqual(h.pullAll().map(\.tag), [0, 1, 1, 2, 2, 2], mode)
            let warnings = h.messages().filter { !$0.isError }.map(\.text)
            XCTAssertEqual(warnings.count, 1, "\(warnings)")
            XCTAssertTrue(warnings.first?.contains("frame-mode=\(mode) cannot mix video in memory:GLMemory") ?? false,
                          "\(warnings)")
            XCTAssertFalse(warnings.first?.contains("RGBA") ?? true, "\(warnings)")
            XCTAssertFalse(warnings.first?.contains("ARGB64") ?? true, "\(warnings)")
        }
    }

    func testFramesTooSmallForTheCapsShowTheNearestFrameWithOneWarning() {
        // GRAY8 8x2 needs 16 bytes; 4-byte frames cannot be mapped. Slot 1 (halfway between
        // frames 0 and 1, equal weights) shows the later one, as nearest mode breaks ties.
        let h = Harness("videotimewarp factor=2 frame-mode=blend")
        h.setCaps(input: clip.caps, output: clip.caps)
        for n in 0..<3 { h.push(pts: clip.pts(n), duration: clip.pts(n + 1) - clip.pts(n), tag: UInt8(10 * n), size: 4) }
        h.pushEOS()
        XCTAssertEqual(h.pullAll().map(\.tag), [0, 10, 10, 20, 20, 20])
        let messages = h.messages()
        XCTAssertFalse(messages.contains { $0.isError })
        XCTAssertEqual(messages.filter { !$0.isError }.count, 1, "\(messages.map(\.text))")
    }

    /// Sends an ALLOCATION query for the clip's caps into the element; its first pool entry.
    func allocationAnswer(_ launch: String) -> (pools: UInt32, hasPool: Bool, min: UInt32, size: UInt32) {
        let h = Harness(launch)
        h.setCaps(input: clip.caps, output: clip.caps)
        let caps = gst_caps_from_string(clip.caps)!
        defer { gst_mini_object_unref(UnsafeMutableRawPointer(caps).assumingMemoryBound(to: GstMiniObject.self)) }
        let q = gst_query_new_allocation(caps, 1)!
        defer { gst_mini_object_unref(UnsafeMutableRawPointer(q).assumingMemoryBound(to: GstMiniObject.self)) }
        _ = gst_pad_peer_query(h.raw.pointee.srcpad, q)
        let n = gst_query_get_n_allocation_pools(q)
        guard n > 0 else { return (0, false, 0, 0) }
        var pool: UnsafeMutablePointer<GstBufferPool>?
        var size: guint = 0, mn: guint = 0, mx: guint = 0
        gst_query_parse_nth_allocation_pool(q, 0, &pool, &size, &mn, &mx)
        if let pool { gst_object_unref(pool) }
        return (n, pool != nil, mn, size)
    }

    func testBlendAsksUpstreamForRoomForTheHeldFrames() {
        // Downstream (the harness) proposes no pool: blend asks for upstream's own pool with
        // max-blend-frames + 2 = 10 buffers of 16 bytes (GRAY8 8x2); nearest proxies as before.
        let blend = allocationAnswer("videotimewarp frame-mode=blend")
        XCTAssertEqual(blend.pools, 1)
        XCTAssertFalse(blend.hasPool)
        XCTAssertEqual(blend.min, 10)
        XCTAssertEqual(blend.size, UInt32(clip.frameSize))
        XCTAssertEqual(allocationAnswer("videotimewarp frame-mode=blend max-blend-frames=4").min, 6)
        XCTAssertEqual(allocationAnswer("videotimewarp").pools, 0)
    }

    func testVariableRateOutputIgnoresTheMode() {
        let variable = "video/x-raw,format=GRAY8,width=8,height=2,framerate=0/1"
        let h = Harness("videotimewarp factor=2 frame-mode=blend")
        h.setCaps(input: clip.caps, output: variable)
        for n in 0..<3 { clip.push(h, n, value: n * 50) }
        h.pushEOS()
        let out = clip.pull(h)
        XCTAssertEqual(out.map { $0.samples[0] }, [0, 50, 100])
        XCTAssertEqual(out.map(\.pts), [0, 1, 2].map { 2 * clip.pts($0) })  // T(t) = 2t
    }
}
