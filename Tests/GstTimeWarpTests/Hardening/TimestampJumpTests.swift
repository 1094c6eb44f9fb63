import XCTest
import CGStreamer
import CGStreamerCheck
@testable import GstTimeWarp

/// Damaged media (issue 20, item 8): a forward timestamp jump longer than the medium's duration
/// is a discontinuity to resynchronise on, not a gap to fill. `factor=2`, so `T(t) = 2t` (by
/// hand); `duration=1 s` is the medium's duration D.
final class TimestampJumpTests: XCTestCase {
    static let capsIn = "video/x-raw,format=GRAY8,width=4,height=4,framerate=25/1"

    /// Frames at 0, 40 and 80 ms, then a jump to 1000 s (past a 1 s medium), then 1000.04 s.
    func run(output caps: String) -> Harness {
        let h = Harness("videotimewarp factor=2 duration=1000000000")
        h.setCaps(input: Self.capsIn, output: caps)
        for pts in [0, 40 * ms, 80 * ms, 1000 * sec, 1000 * sec + 40 * ms] { h.push(pts: pts, duration: 40 * ms) }
        h.pushEOS()
        return h
    }

    func testAJumpPastTheMediumResumesAfterTheLastFrame() {
        // Variable rate: the jump is taken out, so the frames are at 0, 40, 80, 120, 160 ms of
        // input and 0, 80, 160, 240, 320 ms of output.
        let h = run(output: "video/x-raw,format=GRAY8,width=4,height=4,framerate=0/1")
        XCTAssertEqual(h.pullAll().map(\.pts), [0, 80 * ms, 160 * ms, 240 * ms, 320 * ms])
        XCTAssertEqual(h.messages().filter { $0.text.contains("Timestamp jump") }.count, 1)
    }

    func testAJumpPastTheMediumIsNotFilledWithCopies() {
        // Fixed 25 fps: slots every 40 ms up to T(200 ms) = 400 ms, ten of them; filling the
        // jump would have cost 50 000.
        let h = run(output: Self.capsIn)
        XCTAssertEqual(h.pullAll().count, 10)
    }

    /// A frame after a jump that claims to last longer than the jump (a fuzzer's: 68 years)
    /// leaves nothing to take back: the jump to 1000 s is kept as it is
    /// (before, the correction underflowed and trapped on the streaming thread). Variable rate,
    /// T(t) = 2t: 0 and 2000 s of output.
    func testAFrameLongerThanTheJumpLeavesTheJumpAsItIs() {
        let h = Harness("videotimewarp factor=2 duration=1000000000")
        h.setCaps(input: Self.capsIn, output: "video/x-raw,format=GRAY8,width=4,height=4,framerate=0/1")
        h.push(pts: 0, duration: 40 * ms)
        h.push(pts: 1000 * sec, duration: 2_147_483_647 * sec)
        h.pushEOS()
        XCTAssertEqual(h.pullAll().map(\.pts), [0, 2000 * sec])
    }

    func testJumpsWithinTheMediumAreGaps() {
        // A jump shorter than D (0.5 s in a 1 s medium) is kept: 0 ms and 500 ms come out at 0
        // and 1000 ms.
        let h = Harness("videotimewarp factor=2 duration=1000000000")
        h.setCaps(input: Self.capsIn, output: "video/x-raw,format=GRAY8,width=4,height=4,framerate=0/1")
        h.push(pts: 0, duration: 40 * ms)
        h.push(pts: 500 * ms, duration: 40 * ms)
        XCTAssertEqual(h.pullAll().map(\.pts), [0, 1000 * ms])
    }

    /// Audio of the same damaged medium: 0.25 s of samples at 0, then 0.25 s stamped 1000 s.
    /// The jump is taken out, so the 0.5 s of input play contiguously through T(t) = 2t: 1 s of
    /// output (48000 samples at 48 kHz), from 0 to 1 s, not a hole up to 2000 s.
    func testAudioJumpPastTheMediumContinuesTheRun() {
        let caps = "audio/x-raw,format=F32LE,rate=48000,channels=1,layout=interleaved"
        let h = Harness("audiotimewarp factor=2 duration=1000000000")
        h.setCaps(input: caps, output: caps)
        let quarter = AudioSignals.f32Bytes([Double](repeating: 0.25, count: 12000))
        h.push(bytes: quarter, pts: 0, duration: 250 * ms)
        h.push(bytes: quarter, pts: 1000 * sec, duration: 250 * ms)
        h.pushEOS()
        let out = h.pullAllWithBytes()
        let samples = out.reduce(0) { $0 + $1.bytes.count / 4 }
        XCTAssertEqual(samples, 48000)
        let last = out.last.map { $0.buffer.pts + $0.buffer.duration }
        XCTAssertEqual(Double(last ?? 0), Double(sec), accuracy: Double(ms))
        XCTAssertEqual(h.messages().filter { $0.text.contains("Audio timestamp jump") }.count, 1)
    }
}
