import XCTest
@testable import WarpLaunchKit

/// The Duration added to a pipe's Matroska header (issue 33). The bytes are laid out by hand
/// after the Matroska specification (RFC 9559): element IDs, sizes as EBML variable-length
/// integers, Duration (0x4489) an 8-byte big-endian float in TimestampScale units.
final class MatroskaStreamDurationTests: XCTestCase {
    /// What matroskamux streamable=true writes first: EBML header, a Segment of unknown size,
    /// Info (size on 8 bytes) with TimestampScale 1 ms and a MuxingApp, then Tracks.
    func header(scale: [UInt8] = [0x0F, 0x42, 0x40]) -> [UInt8] {
        let ebml: [UInt8] = [0x1A, 0x45, 0xDF, 0xA3, 0x84, 0x42, 0x86, 0x81, 0x01]
        let segment: [UInt8] = [0x18, 0x53, 0x80, 0x67, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
        let infoBody: [UInt8] = [0x2A, 0xD7, 0xB1, 0x80 | UInt8(scale.count)] + scale + [0x4D, 0x80, 0x81, 0x47]
        let info: [UInt8] = [0x15, 0x49, 0xA9, 0x66, 0x01, 0, 0, 0, 0, 0, 0, UInt8(infoBody.count)] + infoBody
        let tracks: [UInt8] = [0x16, 0x54, 0xAE, 0x6B, 0x82, 0xEC, 0x80]
        return ebml + segment + info + tracks
    }

    func testTheDurationGoesAtTheEndOfInfoInMillisecondsAndInfoGrowsByElevenBytes() {
        let bytes = header()
        guard case .added(let out) = MatroskaStreamDuration.adding(seconds: 2.5, to: bytes) else {
            return XCTFail("nothing added")
        }
        XCTAssertEqual(out.count, bytes.count + 11)
        // Info starts at 9 + 12 = 21; its size (on 8 bytes) was 11 (TimestampScale 7 + MuxingApp 4), now 22.
        let infoBodyLength = 7 + 4
        XCTAssertEqual(Array(out[25..<33]), [0x01, 0, 0, 0, 0, 0, 0, UInt8(infoBodyLength + 11)])
        // 2.5 s in 1 ms units is 2500.0 = 0x40A3880000000000 (IEEE 754 double).
        let durationAt = 33 + infoBodyLength
        XCTAssertEqual(Array(out[durationAt..<durationAt + 11]),
                       [0x44, 0x89, 0x88, 0x40, 0xA3, 0x88, 0x00, 0x00, 0x00, 0x00, 0x00])
        // Everything before and after is as it was.
        XCTAssertEqual(Array(out[..<25]), Array(bytes[..<25]))
        XCTAssertEqual(Array(out[33..<durationAt]), Array(bytes[33..<durationAt]))
        XCTAssertEqual(Array(out[(durationAt + 11)...]), Array(bytes[durationAt...]))
    }

    func testTheTimestampScaleOfInfoIsUsed() {
        // TimestampScale 1 µs (0x03E8): 2.5 s = 2_500_000.0 = 0x414312D000000000.
        guard case .added(let out) = MatroskaStreamDuration.adding(seconds: 2.5, to: header(scale: [0x03, 0xE8])) else {
            return XCTFail("nothing added")
        }
        XCTAssertEqual(Array(out.suffix(7 + 11).prefix(11)), [0x44, 0x89, 0x88, 0x41, 0x43, 0x12, 0xD0, 0, 0, 0, 0])
    }

    func testTheEBMLHeaderAloneIsNotYetAndAClusterOrADurationStops() {
        let bytes = header()
        XCTAssertEqual(MatroskaStreamDuration.adding(seconds: 1, to: Array(bytes[..<9])), .notYet)
        XCTAssertEqual(MatroskaStreamDuration.adding(seconds: 1, to: [0x1F, 0x43, 0xB6, 0x75, 0x80]), .stop)
        guard case .added(let once) = MatroskaStreamDuration.adding(seconds: 1, to: bytes) else { return XCTFail() }
        XCTAssertEqual(MatroskaStreamDuration.adding(seconds: 1, to: once), .stop)
        XCTAssertEqual(MatroskaStreamDuration.adding(seconds: .nan, to: bytes), .stop)
        // A truncated Info is left alone.
        XCTAssertEqual(MatroskaStreamDuration.adding(seconds: 1, to: Array(bytes[..<30])), .stop)
    }
}
