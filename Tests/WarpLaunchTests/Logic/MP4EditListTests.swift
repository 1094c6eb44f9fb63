import Foundation
import XCTest
@testable import WarpLaunchKit

/// The AAC priming edit of an MP4 file, on a moov built here byte by byte as mp4mux
/// (GStreamer 1.22) writes it: one edit per track from media time 0, and the sound track's
/// tkhd and the mvhd counting every encoded AAC frame (priming and padding included). The
/// numbers are those of a real mp4mux file: 12 s of 30 fps video and 575,488 samples of 48 kHz
/// audio fed to avenc_aac, which wrote 563 frames (576,512 samples); movie timescale 3000.
final class MP4EditListTests: XCTestCase {
    private func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
        be32(UInt32(8 + body.count)) + Array(type.utf8) + body
    }

    private func be32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (24 - 8 * $0)) } }

    private func be64(_ v: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: v >> (56 - 8 * UInt64($0))) } }

    /// mvhd version 0: version/flags, creation, modification, timescale, duration, the rest zero.
    private func mvhd(scale: UInt32, duration: UInt32) -> [UInt8] {
        box("mvhd", [0, 0, 0, 0] + be32(0) + be32(0) + be32(scale) + be32(duration) + [UInt8](repeating: 0, count: 80))
    }

    /// tkhd (version 0 or 1): version/flags, creation, modification, track ID, reserved, duration, the rest zero.
    private func tkhd(id: UInt32, duration: UInt64, version: UInt8 = 0) -> [UInt8] {
        let times = version == 1 ? be64(0) + be64(0) : be32(0) + be32(0)
        let d = version == 1 ? be64(duration) : be32(UInt32(duration))
        return box("tkhd", [version, 0, 0, 7] + times + be32(id) + be32(0) + d + [UInt8](repeating: 0, count: 60))
    }

    /// A track: tkhd, edts > elst (version 0: duration, media time, rate 1.0), mdia > mdhd, hdlr.
    private func trak(id: UInt32, handler: String, mediaScale: UInt32, mediaDuration: UInt32, trackDuration: UInt64,
                      edits: [(UInt32, Int32)], tkhdVersion: UInt8 = 0) -> [UInt8] {
        let elst = box("elst", [0, 0, 0, 0] + be32(UInt32(edits.count))
                       + edits.flatMap { be32($0.0) + be32(UInt32(bitPattern: $0.1)) + be32(0x0001_0000) })
        let mdhd = box("mdhd", [0, 0, 0, 0] + be32(0) + be32(0) + be32(mediaScale) + be32(mediaDuration) + [0, 0, 0, 0])
        let hdlr = box("hdlr", [0, 0, 0, 0] + be32(0) + Array(handler.utf8) + [UInt8](repeating: 0, count: 13))
        return box("trak", tkhd(id: id, duration: trackDuration, version: tkhdVersion) + box("edts", elst)
                   + box("mdia", mdhd + hdlr))
    }

    /// Writes ftyp, mdat and the moov with `traks` and an mvhd of `movieDuration` (timescale 3000).
    private func file(_ traks: [[UInt8]], movieDuration: UInt32) throws -> String {
        let bytes = box("ftyp", Array("isom".utf8) + be32(0)) + box("mdat", [UInt8](repeating: 0xAA, count: 64))
            + box("moov", mvhd(scale: 3000, duration: movieDuration) + traks.flatMap { $0 })
        let path = NSTemporaryDirectory() + "/mp4editlist-\(UUID().uuidString).mp4"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    /// mvhd duration, and for each track its tkhd duration and edits (duration, media time).
    private func read(_ path: String) throws -> (movie: UInt64, tracks: [(duration: UInt64, edits: [(UInt64, Int64)])]) {
        let (b, _) = try XCTUnwrap(MP4EditList.loadMoov(path))
        let inMoov = MP4EditList.boxes(in: b, from: 8, to: b.count)
        let mvhd = try XCTUnwrap(inMoov.first { $0.type == "mvhd" })
        var tracks: [(UInt64, [(UInt64, Int64)])] = []
        for trak in inMoov where trak.type == "trak" {
            let inTrak = MP4EditList.boxes(in: b, from: trak.body, to: trak.end)
            let tkhd = try XCTUnwrap(inTrak.first { $0.type == "tkhd" })
            let edts = try XCTUnwrap(inTrak.first { $0.type == "edts" })
            let elst = try XCTUnwrap(MP4EditList.boxes(in: b, from: edts.body, to: edts.end).first)
            let edits = (0..<Int(MP4EditList.be32(b, elst.body + 4))).map { k -> (UInt64, Int64) in
                let at = elst.body + 8 + 12 * k
                return (UInt64(MP4EditList.be32(b, at)), Int64(Int32(bitPattern: MP4EditList.be32(b, at + 4))))
            }
            let at = tkhd.body + (b[tkhd.body] == 1 ? 28 : 20)
            tracks.append((b[tkhd.body] == 1 ? MP4EditList.be64(b, at) : UInt64(MP4EditList.be32(b, at)), edits))
        }
        return (UInt64(MP4EditList.be32(b, mvhd.body + 16)), tracks)
    }

    private let video = (id: UInt32(1), duration: UInt64(36000))  // 360 frames of 1/30 s: 12 s at 3000

    /// The priming edit skips 1024 samples and lasts the 575,488 fed (575488 / 48000 · 3000 =
    /// 35,968 ticks); the sound track lasts its edit, 35,968 ticks, not the 36,032 of its 563
    /// frames; the movie lasts its longest track, the 36,000 of the video.
    func testTrackAndMovieDurationsFollowTheEdit() throws {
        let path = try file([
            trak(id: video.id, handler: "vide", mediaScale: 3000, mediaDuration: 36000, trackDuration: video.duration,
                 edits: [(36000, 0)]),
            trak(id: 2, handler: "soun", mediaScale: 48000, mediaDuration: 576_512, trackDuration: 36032, edits: [(36032, 0)]),
        ], movieDuration: 36032)
        try MP4EditList.signalPriming(path: path, priming: 1024, samples: 575_488, sampleRate: 48000)
        let r = try read(path)
        XCTAssertEqual(r.tracks[1].edits.map { $0.0 }, [35968])
        XCTAssertEqual(r.tracks[1].edits.map { $0.1 }, [1024])
        XCTAssertEqual(r.tracks[1].duration, 35968)
        XCTAssertEqual(r.tracks[0].duration, 36000, "the video track is left as it is")
        XCTAssertEqual(r.movie, 36000)
    }

    /// Audio longer than the video (an input whose audio runs past its video): 577,536 samples
    /// fed are 36,096 ticks, which the movie lasts.
    func testTheMovieLastsTheAudioWhenItIsLonger() throws {
        let path = try file([
            trak(id: video.id, handler: "vide", mediaScale: 3000, mediaDuration: 36000, trackDuration: video.duration,
                 edits: [(36000, 0)]),
            trak(id: 2, handler: "soun", mediaScale: 48000, mediaDuration: 578_560, trackDuration: 36160, edits: [(36160, 0)]),
        ], movieDuration: 36160)
        try MP4EditList.signalPriming(path: path, priming: 1024, samples: 577_536, sampleRate: 48000)
        let r = try read(path)
        XCTAssertEqual(r.tracks[1].duration, 36096)
        XCTAssertEqual(r.movie, 36096)
    }

    /// A track that starts after 0 (mp4mux's empty edit first, media time -1, kept): its
    /// duration is the empty edit's 69 ticks plus the media edit's 35,968; a version 1 tkhd
    /// takes the duration in 64 bits.
    func testAnEmptyEditCountsInTheTrackDuration() throws {
        let path = try file([
            trak(id: video.id, handler: "vide", mediaScale: 3000, mediaDuration: 36000, trackDuration: video.duration,
                 edits: [(36000, 0)]),
            trak(id: 2, handler: "soun", mediaScale: 48000, mediaDuration: 576_512, trackDuration: 36101,
                 edits: [(69, -1), (36032, 0)], tkhdVersion: 1),
        ], movieDuration: 36101)
        try MP4EditList.signalPriming(path: path, priming: 1024, samples: 575_488, sampleRate: 48000)
        let r = try read(path)
        XCTAssertEqual(r.tracks[1].edits.map { $0.0 }, [69, 35968])
        XCTAssertEqual(r.tracks[1].edits.map { $0.1 }, [-1, 1024])
        XCTAssertEqual(r.tracks[1].duration, 69 + 35968)
        XCTAssertEqual(r.movie, 36037)
    }
}
