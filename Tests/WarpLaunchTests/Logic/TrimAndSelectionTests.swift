import WarpLaunchKit
import XCTest

/// Issue 22, item 2: the pure parts of -ss/-to/-t and stream selection.
final class TrimAndSelectionTests: XCTestCase {
    func testTimesAsFFmpegWritesThem() {
        XCTAssertEqual(TrimRange.seconds("90"), 90)
        XCTAssertEqual(TrimRange.seconds("2.5"), 2.5)
        XCTAssertEqual(TrimRange.seconds("1:30"), 90)
        XCTAssertEqual(TrimRange.seconds("01:02:03.5"), 3723.5)
        for bad in ["", "-1", "1:75", "1.5:00", "1e3", "a", "1:2:3:4"] { XCTAssertNil(TrimRange.seconds(bad), bad) }
    }

    func testRangesResolveAndRefuse() throws {
        XCTAssertEqual(try TrimRange(start: 5, length: 10).resolve(duration: 20).end, 15)
        XCTAssertEqual(try TrimRange(start: 5, length: 100).resolve(duration: 20).end, 20)
        XCTAssertEqual(try TrimRange(end: 4).resolve(duration: 20).start, 0)
        XCTAssertThrowsError(try TrimRange(start: 20).resolve(duration: 20))
        XCTAssertNotNil(TrimRange(end: 3, length: 1).usageError)
        XCTAssertNotNil(TrimRange(start: 3, end: 2).usageError)
        XCTAssertNil(TrimRange(start: 1, end: 2).usageError)
    }

    func testCutDropsMovesAndTrimsAudioToTheSample() {
        let s: UInt64 = 1_000_000_000, e: UInt64 = 3_000_000_000
        // Video: kept when it starts inside the part, moved back by 1 s.
        XCTAssertEqual(TrimRange.cut(pts: 960_000_000, duration: 40_000_000, streamOffset: 0, startNs: s, endNs: e,
                                     bytesPerFrame: nil, rate: nil, size: 10), .drop)
        XCTAssertEqual(TrimRange.cut(pts: 1_000_000_000, duration: 40_000_000, streamOffset: 0, startNs: s, endNs: e,
                                     bytesPerFrame: nil, rate: nil, size: 10), .keep(pts: 0))
        XCTAssertEqual(TrimRange.cut(pts: 3_000_000_000, duration: 40_000_000, streamOffset: 0, startNs: s, endNs: e,
                                     bytesPerFrame: nil, rate: nil, size: 10), .drop)
        // Audio at 48 kHz, 2 bytes a frame: a 20 ms buffer from 0.99 s loses its first 10 ms = 480 frames.
        XCTAssertEqual(TrimRange.cut(pts: 990_000_000, duration: 20_000_000, streamOffset: 0, startNs: s, endNs: e,
                                     bytesPerFrame: 2, rate: 48000, size: 1920),
                       .trimStart(bytes: 960, pts: 0, duration: 10_000_000))
    }

    func testSelectionFromOptionsAndMaps() throws {
        let second = try StreamSelection(noVideo: false, noAudio: false, noSubtitles: false, audioTrack: 2, maps: [])
        XCTAssertEqual(second.audioIndex, 1)
        let mapped = try StreamSelection(noVideo: false, noAudio: false, noSubtitles: false, audioTrack: nil, maps: ["0:a:1"])
        XCTAssertFalse(mapped.video)
        XCTAssertEqual(mapped.audioIndex, 1)
        XCTAssertThrowsError(try StreamSelection(noVideo: true, noAudio: true, noSubtitles: false, audioTrack: nil, maps: []))
        XCTAssertThrowsError(try StreamSelection(noVideo: false, noAudio: false, noSubtitles: false, audioTrack: nil, maps: ["1:a"]))
        XCTAssertThrowsError(try StreamSelection(noVideo: false, noAudio: false, noSubtitles: false, audioTrack: nil,
                                                 maps: ["0:a:0", "0:a:1"]))
    }
}
