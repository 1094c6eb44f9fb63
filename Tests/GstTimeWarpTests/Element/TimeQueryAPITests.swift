import XCTest
import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp

/// `T` and `T⁻¹` for applications (issue 21, item 1): `TimeWarpPlugin.outputTime/inputTime`
/// and the class handlers of the `output-time-with` / `input-time-with` action signals.
/// (The signals themselves are emitted from Python in Tests/python/test_time_signals.py.)
/// Expected values are hand calculations of T(t) = D·F(t/D).
final class TimeQueryAPITests: XCTestCase {
    /// The triangle with factor 2, modifier 0.5: s = 1 outside u ∈ [0.25, 0.75], rising linearly
    /// to 2 at u = 0.5. The bump above 1 is a triangle of base 0.5 and height 1 (area 0.25), so
    /// F(0.5) = 0.5 + 0.125 = 0.625 and F(1) = 1.25; with D = 10 s, T(5 s) = 6.25 s and
    /// T(10 s) = 12.5 s, and past the end the slope is 1: T⁻¹(15 s) = 10 + (15 - 12.5) = 12.5 s.
    func testTriangleWithDuration() throws {
        let h = Harness("videotimewarp function=triangle factor=2 duration=10000000000")
        let element = try XCTUnwrap(h.inner("videotimewarp"))
        defer { gst_object_unref(element) }
        let warp = Element(retaining: element)
        XCTAssertEqual(try XCTUnwrap(TimeWarpPlugin.outputTime(of: 5 * sec, on: warp)), 6_250 * ms)
        XCTAssertEqual(try XCTUnwrap(TimeWarpPlugin.outputTime(of: 10 * sec, on: warp)), 12_500 * ms)
        XCTAssertEqual(try XCTUnwrap(TimeWarpPlugin.inputTime(of: 6_250 * ms, on: warp)), 5 * sec)
        XCTAssertEqual(try XCTUnwrap(TimeWarpPlugin.inputTime(of: 15 * sec, on: warp)), 12_500 * ms)
    }

    /// factor=2: T(t) = 2t, T⁻¹(y) = y/2; a curve in fractions of D has no map without a
    /// duration (nothing upstream answers a duration query here).
    func testConstantAndUndefined() throws {
        let h = Harness("audiotimewarp factor=2")
        let element = try XCTUnwrap(h.inner("audiotimewarp"))
        defer { gst_object_unref(element) }
        let warp = Element(retaining: element)
        XCTAssertEqual(TimeWarpPlugin.outputTime(of: 3 * sec, on: warp), 6 * sec)
        XCTAssertEqual(TimeWarpPlugin.inputTime(of: 3 * sec, on: warp), 1_500 * ms)
        XCTAssertNil(TimeWarpPlugin.outputTime(of: ClockTime.none, on: warp))
        h.set("function", string: "triangle")
        XCTAssertNil(TimeWarpPlugin.outputTime(of: 3 * sec, on: warp))
    }

    /// The map counts from the origin (`start-time`, as for a medium that starts at 2 s): with
    /// factor 2, input stream time 5 s is 3 s after the origin and goes out at 2·3 = 6 s; output
    /// 6 s comes from 2 + 6/2 = 5 s; input before the origin is outside the map and gives 0.
    func testTimesCountFromTheOrigin() throws {
        let h = Harness("videotimewarp factor=2 start-time=2000000000")
        let element = try XCTUnwrap(h.inner("videotimewarp"))
        defer { gst_object_unref(element) }
        let warp = Element(retaining: element)
        XCTAssertEqual(TimeWarpPlugin.outputTime(of: 5 * sec, on: warp), 6 * sec)
        XCTAssertEqual(TimeWarpPlugin.inputTime(of: 6 * sec, on: warp), 5 * sec)
        XCTAssertEqual(TimeWarpPlugin.outputTime(of: 1 * sec, on: warp), 0)
    }

    /// Other settings give their own map and leave the element's alone: factor 3 maps 2 s to
    /// 6 s while the element keeps factor 1 (T(2 s) = 2 s).
    func testOtherSettingsLeaveTheElementAlone() throws {
        let h = Harness("videotimewarp")
        let element = try XCTUnwrap(h.inner("videotimewarp"))
        defer { gst_object_unref(element) }
        let warp = Element(retaining: element)
        var settings = try XCTUnwrap(TimeWarpPlugin.timeMapSettings(of: warp))
        settings.factor = 3
        XCTAssertEqual(TimeWarpPlugin.outputTime(of: 2 * sec, on: warp, settings: settings), 6 * sec)
        XCTAssertEqual(TimeWarpPlugin.outputTime(of: 2 * sec, on: warp), 2 * sec)
        let identity = gst_element_factory_make("identity", nil)!
        defer { gst_object_unref(identity) }
        let other = Element(retaining: identity)
        XCTAssertNil(TimeWarpPlugin.outputTime(of: 2 * sec, on: other))
    }

    /// The map in use, with a change spliced in while playing: factor 1 until the buffer at
    /// 1 s, then 2, so T(2 s) = 1 + 2·1 = 3 s and T⁻¹(3 s) = 2 s.
    func testSplicedMapInUse() throws {
        let h = Harness("videotimewarp")
        let element = try XCTUnwrap(h.inner("videotimewarp"))
        defer { gst_object_unref(element) }
        let warp = Element(retaining: element)
        h.setCaps(input: "video/x-raw,format=GRAY8,width=4,height=4,framerate=25/1",
                  output: "video/x-raw,format=GRAY8,width=4,height=4,framerate=0/1")
        for i in 0..<25 { h.push(pts: UInt64(i) * 40 * ms, duration: 40 * ms) }
        h.set("factor", double: 2)
        for i in 25..<50 { h.push(pts: UInt64(i) * 40 * ms, duration: 40 * ms) }
        XCTAssertEqual(TimeWarpPlugin.outputTime(of: 2 * sec, on: warp), 3 * sec)
        XCTAssertEqual(TimeWarpPlugin.inputTime(of: 3 * sec, on: warp), 2 * sec)
    }

    /// The structure variant's handler: fields named like the properties, nicks or enum values
    /// for `function`, integers for numbers; anything else gives NONE. Triangle factor 2 on
    /// D = 10 s maps 10 s to 12.5 s (above).
    func testStructureHandler() throws {
        let h = Harness("videotimewarp")
        let element = try XCTUnwrap(h.inner("videotimewarp"))
        defer { gst_object_unref(element) }
        let warp = Element(retaining: element)
        func mapped(_ text: String, _ t: UInt64, inverse: Bool = false) -> UInt64 {
            guard let s = gst_structure_new_from_string(text) else { return 0 }
            defer { gst_structure_free(s) }
            return UInt64(timewarpImplMapTimeWith(element, s, guint64(t), inverse ? 1 : 0))
        }
        XCTAssertEqual(mapped("p, function=triangle, factor=2, duration=(guint64)10000000000", 10 * sec), 12_500 * ms)
        XCTAssertEqual(mapped("p, function=(int)1, factor=(double)2, duration=10000000000", 10 * sec), 12_500 * ms)
        XCTAssertEqual(mapped("p, factor=4", 12 * sec, inverse: true), 3 * sec)
        XCTAssertEqual(mapped("p, function=no-such-curve", sec), ClockTime.none)
        XCTAssertEqual(mapped("p, colour=red", sec), ClockTime.none)
        XCTAssertEqual(mapped("p, factor=fast", sec), ClockTime.none)
        XCTAssertEqual(TimeWarpPlugin.outputTime(of: 2 * sec, on: warp), 2 * sec, "the element keeps factor 1")
    }

    /// `speed` is 1/factor (GES's rate convention): speed 2 sets factor 0.5, so T(2 s) = 1 s;
    /// factor 4 reads back as speed 0.25; a structure may give `speed` too.
    func testSpeedIsTheInverseOfFactor() throws {
        let h = Harness("videotimewarp speed=2")
        let element = try XCTUnwrap(h.inner("videotimewarp"))
        defer { gst_object_unref(element) }
        let warp = Element(retaining: element)
        XCTAssertEqual(TimeWarpPlugin.timeMapSettings(of: warp)?.factor, 0.5)
        XCTAssertEqual(TimeWarpPlugin.outputTime(of: 2 * sec, on: warp), 1 * sec)
        h.set("factor", double: 4)
        var v = GValue()
        g_value_init(&v, GType(G_TYPE_DOUBLE_RAW))
        g_object_get_property(UnsafeMutableRawPointer(element).assumingMemoryBound(to: GObject.self), "speed", &v)
        XCTAssertEqual(g_value_get_double(&v), 0.25)
        g_value_unset(&v)
        let s = try XCTUnwrap(gst_structure_new_from_string("p, speed=4"))
        defer { gst_structure_free(s) }
        XCTAssertEqual(UInt64(timewarpImplMapTimeWith(element, s, guint64(2 * sec), 0)), 500 * ms)
    }
}
