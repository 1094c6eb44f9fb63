import WarpLaunchKit
import XCTest

/// `StreamChoice` for inputs with several audio tracks, subtitles and other streams (issue 20).
final class StreamChoiceTracksTests: XCTestCase {
    let mkv = OutputContainer.all.first { $0.fileExtension == "mkv" }!
    let mp4 = OutputContainer.all.first { $0.fileExtension == "mp4" }!
    let types = ["video/x-h264", "audio/x-vorbis", "audio/x-vorbis", "subpicture/x-dvd", "text/x-raw", "application/x-data"]

    func testEveryAudioAndTextTrackIsKeptAndTheRestNamed() {
        let c = StreamChoice.decide(videoStreams: 1, audioStreams: 2, container: mkv, streamTypes: types)
        XCTAssertEqual(c.audioIndices, [0, 1])
        XCTAssertEqual(c.subtitleIndices, [0])
        XCTAssertEqual(c.dropped, ["stream 3 (dvd_subtitle): not supported", "stream 5 (application/x-data): not supported"])
    }

    func testSelectionLeavesOutWithoutNaming() throws {
        var selection = try StreamSelection(noVideo: false, noAudio: false, noSubtitles: true, audioTrack: 2, maps: [])
        var c = StreamChoice.decide(videoStreams: 1, audioStreams: 2, container: mkv, selection: selection, streamTypes: types)
        XCTAssertEqual(c.audioIndices, [1])
        XCTAssertEqual(c.subtitleIndices, [])
        XCTAssertEqual(c.dropped, ["stream 5 (application/x-data): not supported"])
        selection = try StreamSelection(noVideo: false, noAudio: true, noSubtitles: false, audioTrack: nil, maps: [])
        c = StreamChoice.decide(videoStreams: 1, audioStreams: 2, container: mp4, selection: selection, streamTypes: types)
        XCTAssertEqual(c.audioIndices, [])
        // MP4 holds text subtitles as timed text (issue 20); WebM does not.
        XCTAssertEqual(c.subtitleIndices, [0])
        XCTAssertEqual(c.dropped, ["stream 3 (dvd_subtitle): not supported", "stream 5 (application/x-data): not supported"])
        let webm = try XCTUnwrap(OutputContainer.all.first { $0.fileExtension == "webm" })
        c = StreamChoice.decide(videoStreams: 1, audioStreams: 2, container: webm, selection: selection, streamTypes: types)
        XCTAssertEqual(c.subtitleIndices, [])
        XCTAssertEqual(c.dropped, ["stream 3 (dvd_subtitle): not supported", "stream 4 (text/x-raw): not supported in .webm output",
                                   "stream 5 (application/x-data): not supported"])
    }
}
