import XCTest
import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp

/// Caps negotiation of the videorate suite (test_upstream_caps_nego, test_selected_caps,
/// test_caps_negotiation, test_fixed_framerate, test_variable_framerate_renegotiation), plus
/// odd-rate (999/7) cases and caps events that must not repeat.
///
/// Not ported:
/// - test_caps_negotiation rows with drop-only=TRUE, and test_fixed_framerate case 4
///   (`drop-only`: videotimewarp has no such property).
/// - The max-rate rows are ported in testCapsNegotiationWithMaxRate but skipped for
///   videotimewarp while it has no `max-rate` property (planned).
final class VideorateCapsConformanceTests: XCTestCase {
    static let anyRate = "(fraction)[0/1, 2147483647/1]"

    // MARK: test_upstream_caps_nego

    /// Downstream accepts only 320x240 25/1 I420. The element's sink pad then offers that
    /// format at 25/1 first (no conversion preferred) and then at any rate, in that order.
    func testUpstreamCapsNego() {
        forEachFactory { f in
            let h = Harness(factory: f)
            h.setSinkCaps(Conformance.caps25)
            let caps: String? = h.withElement(f) { el in
                let pad = gst_element_get_static_pad(el, "sink")!
                defer { gst_object_unref(pad) }
                let c = gst_pad_query_caps(pad, nil)!
                defer { gst_mini_object_unref(UnsafeMutableRawPointer(c).assumingMemoryBound(to: GstMiniObject.self)) }
                return capsString(c)
            } ?? nil
            let expected = Conformance.caps25 + "; video/x-raw,width=(int)320,height=(int)240,framerate=\(Self.anyRate),format=(string)I420"
            XCTAssertTrue(capsEqual(caps, expected),
                          "[\(f)] sink caps \(caps ?? "none"), expected \(expected)")
        }
    }

    // MARK: test_caps_negotiation

    /// One row of the suite's caps_negotiation_tests: both neighbours answer CAPS queries with
    /// `caps` (filter ignored); the element's sink and src pads must then offer exactly the
    /// expected caps, structure by structure in order.
    struct Row { var caps: String; var maxRate: Int32?; var sink: String; var src: String }

    static let rows: [Row] = [
        Row(caps: "video/x-raw", maxRate: nil, sink: "video/x-raw", src: "video/x-raw, framerate=\(anyRate)"),
        Row(caps: "video/x-raw, framerate=\(anyRate)", maxRate: nil,
            sink: "video/x-raw, framerate=\(anyRate)", src: "video/x-raw, framerate=\(anyRate)"),
        Row(caps: "video/x-raw, framerate=15/1", maxRate: nil,
            sink: "video/x-raw, framerate=(fraction)15/1; video/x-raw, framerate=\(anyRate)",
            src: "video/x-raw, framerate=(fraction)15/1; video/x-raw, framerate=\(anyRate)"),
        Row(caps: "video/x-raw, framerate=[15/1, 30/1]", maxRate: nil,
            sink: "video/x-raw, framerate=(fraction)[15/1, 30/1]; video/x-raw, framerate=\(anyRate)",
            src: "video/x-raw, framerate=(fraction)[15/1, 30/1]; video/x-raw, framerate=\(anyRate)"),
        Row(caps: "video/x-raw, framerate={15/1, 30/1}", maxRate: nil,
            sink: "video/x-raw, framerate=(fraction){15/1, 30/1}; video/x-raw, framerate=\(anyRate)",
            src: "video/x-raw, framerate=(fraction){15/1, 30/1}; video/x-raw, framerate=\(anyRate)"),
        // The odd rate of test_selected_caps, by the same rule as the 15/1 row.
        Row(caps: "video/x-raw, framerate=999/7", maxRate: nil,
            sink: "video/x-raw, framerate=(fraction)999/7; video/x-raw, framerate=\(anyRate)",
            src: "video/x-raw, framerate=(fraction)999/7; video/x-raw, framerate=\(anyRate)"),
    ]

    static let maxRateRows: [Row] = [
        Row(caps: "video/x-raw", maxRate: 15, sink: "video/x-raw", src: "video/x-raw, framerate=(fraction)[0/1, 15/1]"),
        Row(caps: "video/x-raw, framerate=\(anyRate)", maxRate: 15,
            sink: "video/x-raw, framerate=\(anyRate)", src: "video/x-raw, framerate=(fraction)[0/1, 15/1]"),
        Row(caps: "video/x-raw, framerate=15/1", maxRate: 20,
            sink: "video/x-raw, framerate=(fraction)15/1; video/x-raw, framerate=\(anyRate)",
            src: "video/x-raw, framerate=(fraction)15/1; video/x-raw, framerate=(fraction)[0/1, 20/1]"),
        Row(caps: "video/x-raw, framerate=[15/1, 30/1]", maxRate: 20,
            sink: "video/x-raw, framerate=(fraction)[15/1, 30/1]; video/x-raw, framerate=\(anyRate)",
            src: "video/x-raw, framerate=(fraction)[15/1, 20/1]; video/x-raw, framerate=(fraction)[0/1, 20/1]"),
        Row(caps: "video/x-raw, framerate={15/1, 30/1}", maxRate: 20,
            sink: "video/x-raw, framerate=(fraction){15/1, 30/1}; video/x-raw, framerate=\(anyRate)",
            src: "video/x-raw, framerate=(fraction)15/1; video/x-raw, framerate=(fraction)[0/1, 20/1]"),
    ]

    func check(_ row: Row, _ f: String) {
        let h = Harness(factory: f)
        if let maxRate = row.maxRate { _ = h.withElement(f) { setInt($0, "max-rate", maxRate) } }
        h.answerCapsQueries(with: row.caps)
        let sink = h.elementSinkCaps(), src = h.elementSrcCaps()
        XCTAssertTrue(capsIdentical(sink, row.sink),
                      "[\(f)] \(row.caps) max-rate \(row.maxRate ?? 0): sink caps \(sink ?? "none"), expected \(row.sink)")
        XCTAssertTrue(capsIdentical(src, row.src),
                      "[\(f)] \(row.caps) max-rate \(row.maxRate ?? 0): src caps \(src ?? "none"), expected \(row.src)")
    }

    func testCapsNegotiation() {
        forEachFactory { f in for row in Self.rows { check(row, f) } }
    }

    func testCapsNegotiationWithMaxRate() throws {
        try forEachFactory { f in
            let supported = Harness(factory: f).withElement(f) { hasProperty($0, "max-rate") } ?? false
            guard supported else { throw XCTSkip("\(f) has no max-rate property (planned for a later issue)") }
            for row in Self.maxRateRows { check(row, f) }
        }
    }

    // MARK: test_selected_caps

    /// videotestsrc ! identity ! <element> ! 240x120 999/7 I420 ! fakesink: upstream
    /// negotiation makes videotestsrc produce 999/7, so the element's sink pad has 999/7.
    func testSelectedCaps() throws {
        try forEachFactory { f in
            let p = try TestPipeline("videotestsrc num-buffers=1 ! identity ! \(f) name=rate0 ! "
                                     + Conformance.caps999over7 + " ! fakesink")
            XCTAssertNil(p.runToEnd(), "[\(f)]")
            let rate = p.framerate(element: "rate0", pad: "sink")
            XCTAssertEqual(rate?.0, 999, "[\(f)] sink caps \(p.currentCaps(element: "rate0", pad: "sink") ?? "none")")
            XCTAssertEqual(rate?.1, 7, "[\(f)]")
        }
    }

    // MARK: test_fixed_framerate / test_variable_framerate_renegotiation

    /// Pushes the suite's three buffers (0, 40, 80 ms).
    func sendThreeBuffers(_ h: Harness, _ f: String) {
        for t in [0, 40, 80] { XCTAssertEqual(h.push(pts: UInt64(t) * ms, size: 4), GST_FLOW_OK, "[\(f)]") }
    }

    /// Case 1: upstream 25/1, downstream free: 25/1 passes on, before and after buffers.
    func testFixedFramerateFromUpstream() {
        forEachFactory { f in
            let h = Harness(factory: f)
            XCTAssertTrue(h.startStream(caps: "video/x-raw,framerate=25/1"))
            XCTAssertTrue(h.outputCapsEqual("video/x-raw,framerate=25/1"), "[\(f)] before: \(h.outputCaps() ?? "none")")
            sendThreeBuffers(h, f)
            XCTAssertTrue(h.outputCapsEqual("video/x-raw,framerate=25/1"), "[\(f)] after: \(h.outputCaps() ?? "none")")
        }
    }

    /// Case 2: upstream variable (0/1), downstream free: output starts at 0/1 and, from the
    /// buffer interval (40 ms), is renegotiated to 25/1.
    ///
    /// videorate only: videotimewarp deliberately keeps a variable-rate input variable when
    /// downstream leaves the rate open (every frame passes, retimed), instead of guessing a rate.
    func testVariableUpstreamRateIsGuessed() {
        forEachFactory([Conformance.reference]) { f in
            let h = Harness(factory: f)
            XCTAssertTrue(h.startStream(caps: "video/x-raw,framerate=0/1"))
            XCTAssertTrue(h.outputCapsEqual("video/x-raw,framerate=0/1"), "[\(f)] before: \(h.outputCaps() ?? "none")")
            sendThreeBuffers(h, f)
            XCTAssertTrue(h.outputCapsEqual("video/x-raw,framerate=25/1"), "[\(f)] after: \(h.outputCaps() ?? "none")")
        }
    }

    /// Case 3: downstream forces variable rate: 0/1 stays.
    func testDownstreamForcesVariableRate() {
        forEachFactory { f in
            let h = Harness(factory: f)
            h.setSinkCaps("video/x-raw,framerate=(fraction)0/1")
            XCTAssertTrue(h.startStream(caps: "video/x-raw,framerate=0/1"))
            XCTAssertTrue(h.outputCapsEqual("video/x-raw,framerate=0/1"), "[\(f)] before: \(h.outputCaps() ?? "none")")
            sendThreeBuffers(h, f)
            XCTAssertTrue(h.outputCapsEqual("video/x-raw,framerate=0/1"), "[\(f)] after: \(h.outputCaps() ?? "none")")
        }
    }

    /// test_variable_framerate_renegotiation: after the guess to 25/1, framerate=0/1 must still
    /// be allowed upstream of the element. videorate only (no guessed rate in videotimewarp, see
    /// case 2).
    func testVariableFramerateRenegotiation() {
        forEachFactory([Conformance.reference]) { f in
            let h = Harness(factory: f)
            XCTAssertTrue(h.startStream(caps: "video/x-raw,framerate=0/1"))
            sendThreeBuffers(h, f)
            XCTAssertTrue(h.outputCapsEqual("video/x-raw,framerate=25/1"), "[\(f)] after: \(h.outputCaps() ?? "none")")
            let allowed = gst_pad_get_allowed_caps(h.raw.pointee.srcpad)
            let variable = makeCaps("video/x-raw,framerate=0/1")
            XCTAssertNotEqual(allowed.map { gst_caps_is_subset(variable, $0) } ?? 0, 0,
                              "[\(f)] allowed upstream: \(allowed.map { capsString($0) } ?? "none")")
            gst_mini_object_unref(UnsafeMutableRawPointer(variable).assumingMemoryBound(to: GstMiniObject.self))
            if let allowed { gst_mini_object_unref(UnsafeMutableRawPointer(allowed).assumingMemoryBound(to: GstMiniObject.self)) }
        }
    }

    // MARK: Odd rates (999/7)

    /// Frame k of a 999/7 stream starts at floor(k * 7 s / 999) (GStreamer's frame timestamps).
    static func oddPTS(_ k: Int) -> UInt64 { UInt64(k) * 7 * sec / 999 }

    /// 999/7 in, downstream accepts any rate: the rate is kept (no needless conversion) and
    /// 3 frames in are 3 frames out, at their own timestamps.
    /// By hand: the frames lie exactly on the 999/7 grid (slot k at floor(k * 7 s / 999)); the
    /// second and third frames settle slots 0 and 1, EOS pushes the third at slot 2.
    func testOddRateIsKeptWhenDownstreamAcceptsAnyRate() {
        forEachFactory { f in
            let h = Harness(factory: f)
            XCTAssertTrue(h.startStream(caps: Conformance.caps999over7))
            XCTAssertTrue(h.outputCapsEqual(Conformance.caps999over7), "[\(f)] caps downstream: \(h.outputCaps() ?? "none")")
            for k in 0..<3 { XCTAssertEqual(h.push(pts: Self.oddPTS(k), duration: Self.oddPTS(k + 1) - Self.oddPTS(k), tag: UInt8(k), size: 4), GST_FLOW_OK) }
            h.pushEOS()
            let out = h.pullFrames()
            XCTAssertEqual(out.map(\.pts), [0, 7_007_007, 14_014_014], "[\(f)]")
            XCTAssertEqual(out.map(\.tag), [0, 1, 2], "[\(f)]")
            XCTAssertEqual(out.map(\.duration), [7_007_007, 7_007_007, 7_007_007], "[\(f)]")
            XCTAssertTrue(h.outputCapsEqual(Conformance.caps999over7), "[\(f)] caps downstream: \(h.outputCaps() ?? "none")")
        }
    }

    /// Downstream accepts only 999/7: the element's sink pad offers 999/7 first, then any rate
    /// (the test_upstream_caps_nego rule at an odd rate).
    func testOddRateIsPreferredUpstream() {
        forEachFactory { f in
            let h = Harness(factory: f)
            h.setSinkCaps(Conformance.caps999over7)
            let caps = h.elementSinkCaps()
            let expected = Conformance.caps999over7 + "; video/x-raw,width=(int)240,height=(int)120,framerate=\(Self.anyRate),format=(string)I420"
            XCTAssertTrue(capsEqual(caps, expected), "[\(f)] sink caps \(caps ?? "none")")
        }
    }

    /// 999/7 in, 25/1 out: 30 frames (0 .. 203.2 ms).
    /// By hand, the nearest frame k to slot t is round(t * 999 / 7000 ms): 40 → 5.71 (frame 6 at
    /// 42.04 ms, 2.04 ms away vs 4.96), 80 → 11.42 (11), 120 → 17.13 (17), 160 → 22.83 (23),
    /// 200 → 28.54 (29 at 203.20, 3.20 ms away vs 3.80). Before EOS slots 0 .. 160 ms are
    /// settled (frame 29 is held and is the nearest to 200 ms); no duplicates; frames 1-5, 7-10,
    /// 12-16, 18-22, 24-28 are never shown: 24 drops. EOS pushes frame 29 at 200 ms.
    func testOddRateToFixedRate() {
        forEachFactory { f in
            let h = Harness(factory: f)
            h.setSinkCaps("video/x-raw,width=(int)240,height=(int)120,framerate=(fraction)25/1,format=(string)I420")
            XCTAssertTrue(h.startStream(caps: Conformance.caps999over7))
            for k in 0..<30 {
                XCTAssertEqual(h.push(pts: Self.oddPTS(k), duration: Self.oddPTS(k + 1) - Self.oddPTS(k), tag: UInt8(k), size: 4), GST_FLOW_OK)
            }
            var out = h.pullFrames()
            XCTAssertEqual(out.map(\.pts), (0..<5).map { UInt64($0) * 40 * ms }, "[\(f)]")
            XCTAssertEqual(out.map(\.tag), [0, 6, 11, 17, 23], "[\(f)]")
            XCTAssertEqual(h.stats(f), RateStats(30, 5, 24, 0), "[\(f)]")
            h.pushEOS()
            out += h.pullFrames()
            XCTAssertEqual(out.map(\.pts), (0..<6).map { UInt64($0) * 40 * ms }, "[\(f)] eos")
            XCTAssertEqual(out.map(\.tag), [0, 6, 11, 17, 23, 29], "[\(f)] eos")
            XCTAssertTrue(h.outputCapsEqual("video/x-raw,width=(int)240,height=(int)120,framerate=(fraction)25/1,format=(string)I420"),
                          "[\(f)] caps downstream: \(h.outputCaps() ?? "none")")
        }
    }

    /// The selected-caps pipeline with a sink that accepts any rate: videotestsrc (999/7) !
    /// <element> ! appsink. The element keeps 999/7 on both pads and 3 frames in are 3 out.
    func testOddRatePipelineKeepsRate() throws {
        try forEachFactory { f in
            let p = try TestPipeline("videotestsrc num-buffers=3 ! " + Conformance.caps999over7
                                     + " ! \(f) name=rate0 ! appsink name=sink sync=false")
            let (samples, error) = p.collect(from: "sink")
            XCTAssertNil(error, "[\(f)]")
            XCTAssertEqual(samples.map(\.pts), [0, 7_007_007, 14_014_014], "[\(f)]")
            for pad in ["sink", "src"] {
                let rate = p.framerate(element: "rate0", pad: pad)
                XCTAssertTrue(rate?.0 == 999 && rate?.1 == 7, "[\(f)] \(pad) caps \(p.currentCaps(element: "rate0", pad: pad) ?? "none")")
            }
        }
    }

    /// test_selected_caps with the rate fixed only downstream of the element and a sink that
    /// takes any size: videotestsrc ! <element> ! video/x-raw,framerate=999/7 ! appsink. Upstream
    /// negotiation must select 999/7 at the source (no needless conversion), so 3 frames in are
    /// 3 frames out, at floor(k * 7 s / 999).
    func testOddRateSelectedUpstreamThreeInThreeOut() throws {
        try forEachFactory { f in
            let p = try TestPipeline("videotestsrc num-buffers=3 ! \(f) name=rate0 ! video/x-raw,framerate=999/7 "
                                     + "! appsink name=sink sync=false")
            let (samples, error) = p.collect(from: "sink")
            XCTAssertNil(error, "[\(f)]")
            XCTAssertEqual(samples.map(\.pts), [0, 7_007_007, 14_014_014], "[\(f)]")
            for pad in ["sink", "src"] {
                let rate = p.framerate(element: "rate0", pad: pad)
                XCTAssertTrue(rate?.0 == 999 && rate?.1 == 7, "[\(f)] \(pad) caps \(p.currentCaps(element: "rate0", pad: pad) ?? "none")")
            }
        }
    }

    // MARK: Caps events must not repeat

    /// Fixed caps on both sides: exactly one CAPS event reaches downstream for a whole stream.
    func testSameCapsAreNotPushedTwice() {
        forEachFactory { f in
            let h = Harness(factory: f)
            h.setCaps(input: Conformance.caps25, output: Conformance.caps25)
            for k in 0..<5 { XCTAssertEqual(h.push(pts: UInt64(k) * 40 * ms, size: 4), GST_FLOW_OK) }
            h.pushEOS()
            _ = h.pullFrames()
            let caps = h.pullCapsEvents().caps
            XCTAssertEqual(caps.count, 1, "[\(f)] CAPS events downstream: \(caps)")
        }
    }

    /// The same input caps sent again mid-stream change nothing downstream: still one CAPS
    /// event.
    func testRepeatedInputCapsAreNotPushedTwice() {
        forEachFactory { f in
            let h = Harness(factory: f)
            h.setCaps(input: Conformance.caps25, output: Conformance.caps25)
            for k in 0..<3 { XCTAssertEqual(h.push(pts: UInt64(k) * 40 * ms, size: 4), GST_FLOW_OK) }
            XCTAssertTrue(h.pushCaps(Conformance.caps25))
            for k in 3..<5 { XCTAssertEqual(h.push(pts: UInt64(k) * 40 * ms, size: 4), GST_FLOW_OK) }
            let caps = h.pullCapsEvents().caps
            XCTAssertEqual(caps.count, 1, "[\(f)] CAPS events downstream: \(caps)")
        }
    }
}
