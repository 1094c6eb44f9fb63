import XCTest
@testable import WarpLaunchKit

/// The Matroska tag-string repair: GStreamer's serialized strings (quotes, `\c` and `\ooo`
/// escapes, as `gst_value_serialize` writes them) back to their text, in an EBML Tags element
/// built here byte by byte, without changing its length.
final class MatroskaTagTextTests: XCTestCase {
    func testUnescapeUndoesGStreamerSerialization() {
        XCTAssertEqual(MatroskaTagText.unescape(Array(#""My\ Film:\ a\ test""#.utf8)), Array("My Film: a test".utf8))
        XCTAssertEqual(MatroskaTagText.unescape(Array(#""Fran\303\247ais""#.utf8)), Array("Français".utf8))
        XCTAssertEqual(MatroskaTagText.unescape(Array(#""say\ \"hi\"\\""#.utf8)), Array(#"say "hi"\"#.utf8))
        // Not quoted: GStreamer wrote it as it is.
        XCTAssertNil(MatroskaTagText.unescape(Array("English".utf8)))
        XCTAssertNil(MatroskaTagText.unescape(Array(#""a"b""#.utf8)))
    }

    /// Tags > Tag > SimpleTag > (TagName "TITLE", TagString value + NUL), as matroskamux writes.
    private func tags(_ value: String) -> [UInt8] {
        func element(_ id: [UInt8], _ body: [UInt8]) -> [UInt8] {
            precondition(body.count < 127)
            return id + [0x80 | UInt8(body.count)] + body
        }
        let simple = element([0x67, 0xC8], element([0x45, 0xA3], Array("TITLE".utf8) + [0])
                                            + element([0x44, 0x87], Array(value.utf8) + [0]))
        return element([0x12, 0x54, 0xC3, 0x67], element([0x73, 0x73], element([0x63, 0xC0], []) + simple))
    }

    /// The TagString's text (NULs dropped) and what follows it inside the SimpleTag.
    private func readBack(_ b: [UInt8]) -> (text: String, void: Int)? {
        guard let at = b.indices.dropLast().first(where: { b[$0] == 0x44 && b[$0 + 1] == 0x87 }),
              let (size, width) = MatroskaTagText.vint(b, at + 2, keepMarker: false) else { return nil }
        let data = at + 2 + width
        let text = String(decoding: b[data..<data + Int(size)].filter { $0 != 0 }, as: UTF8.self)
        let next = data + Int(size)
        return (text, next < b.count && b[next] == 0xEC ? b.count - next : 0)
    }

    func testRewriteKeepsTheLengthAndFillsWithVoid() throws {
        for (value, text) in [(#""My\ Film:\ a\ test""#, "My Film: a test"), (#""Fran\303\247ais""#, "Français"),
                              (#""a\ b""#, "a b"), (#""ab""#, "ab")] {
            var b = tags(value)
            let before = b.count
            XCTAssertEqual(MatroskaTagText.rewrite(tags: &b), 1, value)
            XCTAssertEqual(b.count, before, value)
            let back = try XCTUnwrap(readBack(b), value)
            XCTAssertEqual(back.text, text, value)
            // The master sizes still add up: every element of the Tags parses to its end.
            let top = try XCTUnwrap(MatroskaTagText.element(b, at: 0, limit: b.count))
            XCTAssertEqual(top.end, b.count)
            let tag = try XCTUnwrap(MatroskaTagText.children(b, of: top).first)
            let simple = try XCTUnwrap(MatroskaTagText.children(b, of: tag).last)
            XCTAssertEqual(MatroskaTagText.children(b, of: simple).last?.end, simple.end, value)
        }
        // A plain value is left as it is.
        var plain = tags("English")
        let copy = plain
        XCTAssertEqual(MatroskaTagText.rewrite(tags: &plain), 0)
        XCTAssertEqual(plain, copy)
    }
}
