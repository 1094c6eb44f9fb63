import XCTest
import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp

/// The element writes a mix over an input frame that no later slot needs when no one else holds
/// that frame's buffer, and into a buffer of its own when someone does; the samples are the same
/// either way, as worked out by hand. GRAY8, 30 fps in and out, `factor=0.25`: slot k averages
/// frames 4k ... 4k+3, which hold 10·n: (10·(16k + 6) + 2) >> 2 = 40k + 15.
final class BlendOverInputTests: XCTestCase {
    /// Pushes `count` frames (frame n holds `value(n)`) and EOS, setting `factor` live before
    /// the frames of `changes`; with `holdInputs`, a reference to each input is kept (released
    /// at the end) as a tee's other branch would. Returns the outputs and the inputs' data
    /// addresses.
    func run(holdInputs: Bool, count: Int = 12, changes: [Int: Double] = [:],
             value: (Int) -> Int = { 10 * $0 }) -> (out: [(pts: UInt64, samples: [Int], address: UInt)], inputs: Set<UInt>) {
        let clip = BlendClip(format: "GRAY8")
        let h = Harness("videotimewarp factor=0.25 frame-mode=blend")
        h.setCaps(input: clip.caps, output: clip.caps)
        var inputs = Set<UInt>(), held: [UnsafeMutablePointer<GstBuffer>] = []
        for n in 0..<count {
            if let factor = changes[n] { h.set("factor", double: factor) }
            let data = clip.bytes(value(n))
            let buf = gst_harness_create_buffer(h.raw, gsize(data.count))!
            _ = data.withUnsafeBytes { gst_buffer_fill(buf, 0, $0.baseAddress, gsize(data.count)) }
            var info = GstMapInfo()
            if gst_buffer_map(buf, &info, GST_MAP_READ) != 0 {
                inputs.insert(UInt(bitPattern: info.data))
                gst_buffer_unmap(buf, &info)
            }
            buf.pointee.pts = GstClockTime(clip.pts(n))
            buf.pointee.duration = GstClockTime(clip.pts(n + 1) - clip.pts(n))
            if holdInputs { held.append(gst_buffer_ref(buf)) }
            XCTAssertEqual(gst_harness_push(h.raw, buf), GST_FLOW_OK)
        }
        h.pushEOS()
        XCTAssertFalse(h.messages().contains { $0.isError })
        let out = clip.pull(h)
        for (n, b) in held.enumerated() {
            // Nothing written over a frame someone else holds.
            var info = GstMapInfo()
            if gst_buffer_map(b, &info, GST_MAP_READ) != 0 {
                XCTAssertEqual(Set(UnsafeBufferPointer(start: info.data, count: Int(info.size))), [UInt8(value(n))],
                               "input \(n)")
                gst_buffer_unmap(b, &info)
            }
            gst_mini_object_unref(UnsafeMutableRawPointer(b).assumingMemoryBound(to: GstMiniObject.self))
        }
        return (out, inputs)
    }

    func testAMixIsWrittenOverAnInputNoLaterSlotNeeds() {
        let (out, inputs) = run(holdInputs: false)
        XCTAssertEqual(out.count, 3)
        for (k, frame) in out.enumerated() {
            XCTAssertEqual(Set(frame.samples), [40 * k + 15], "slot \(k)")
            XCTAssertTrue(inputs.contains(frame.address), "slot \(k) written over one of its inputs")
        }
    }

    func testAMixGoesToItsOwnBufferWhileTheInputsAreHeldElsewhere() {
        let (out, inputs) = run(holdInputs: true)
        XCTAssertEqual(out.count, 3)
        for (k, frame) in out.enumerated() {
            XCTAssertEqual(Set(frame.samples), [40 * k + 15], "slot \(k)")
            XCTAssertFalse(inputs.contains(frame.address), "slot \(k): the inputs are someone else's too")
        }
    }

    func testLiveFactorChangesGiveTheSameFramesWhetherOrNotInputsAreOverwritten() {
        // Speed-ups (shutters over several frames), slow-downs (two-frame mixes) and back, set
        // while frames are held: the frames written over must be ones no later slot reads.
        let changes: [Int: Double] = [9: 0.6, 20: 1.7, 31: 0.3, 45: 0.8, 52: 2.5]
        let value = { (n: Int) in (37 * n + 11) % 256 }
        let over = run(holdInputs: false, count: 64, changes: changes, value: value)
        let held = run(holdInputs: true, count: 64, changes: changes, value: value)
        XCTAssertGreaterThan(over.out.count, 20)
        XCTAssertEqual(over.out.map(\.pts), held.out.map(\.pts))
        XCTAssertEqual(over.out.map(\.samples), held.out.map(\.samples))
        XCTAssertTrue(over.out.contains { over.inputs.contains($0.address) }, "some mixes written over inputs")
    }
}
