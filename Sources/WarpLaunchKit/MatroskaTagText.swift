#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Unmangles the tag strings that matroskamux (GStreamer 1.22) writes: it turns each tag's value
/// into text with `gst_value_serialize`, so a title `My Film: a test` is stored as
/// `"My\ Film:\ a\ test"` and `Français` as `"Fran\303\247ais"` (the quotes, backslashes and
/// octal escapes of GStreamer's own serialization), and every reader shows them so. This rewrites
/// each such TagString in place to the text it stands for; the unescaped text is shorter, so the
/// element keeps its place and the bytes left over become an EBML Void element (or a wider size
/// field, for one byte), and nothing else in the file moves.
public enum MatroskaTagText {
    static let segmentID: UInt32 = 0x1853_8067, tagsID: UInt32 = 0x1254_C367, tagID: UInt32 = 0x7373
    static let simpleTagID: UInt32 = 0x67C8, tagStringID: UInt32 = 0x4487, voidID: UInt32 = 0xEC
    static let crcID: UInt32 = 0xBF

    /// The text a serialized GStreamer string stands for: `"…"` with `\ooo` (a byte in octal)
    /// and `\c` (the character c) escapes inside; nil when `value` is not such a string (a
    /// string GStreamer did not need to quote is written as it is and is left alone).
    public static func unescape(_ value: [UInt8]) -> [UInt8]? {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        guard value.count >= 2, value.first == quote, value.last == quote else { return nil }
        var out: [UInt8] = []
        var i = 1
        let end = value.count - 1
        while i < end {
            let c = value[i]
            if c == quote { return nil }
            guard c == backslash else { out.append(c); i += 1; continue }
            guard i + 1 < end else { return nil }
            let octal = (UInt8(ascii: "0")...UInt8(ascii: "7"))
            if i + 3 < end, octal.contains(value[i + 1]),
               octal.contains(value[i + 2]), octal.contains(value[i + 3]) {
                let v = Int(value[i + 1] - 48) << 6 | Int(value[i + 2] - 48) << 3 | Int(value[i + 3] - 48)
                guard v < 256 else { return nil }
                out.append(UInt8(v))
                i += 4
            } else {
                out.append(value[i + 1])
                i += 2
            }
        }
        return out
    }

    /// An EBML element: its ID, where its header starts, where its data starts and ends.
    struct Element {
        var id: UInt32
        var start: Int, data: Int, end: Int
        var sizeWidth: Int { data - start - idWidth }
        var idWidth: Int
    }

    /// The element whose header starts at `at` in `b` (nil when malformed or of unknown size).
    static func element(_ b: [UInt8], at: Int, limit: Int) -> Element? {
        guard at < limit, let (id, idWidth) = vint(b, at, keepMarker: true),
              let (size, sizeWidth) = vint(b, at + idWidth, keepMarker: false) else { return nil }
        let data = at + idWidth + sizeWidth
        guard size != (1 << (7 * UInt64(sizeWidth))) - 1, data + Int(clamping: size) <= limit else { return nil }
        return Element(id: UInt32(truncatingIfNeeded: id), start: at, data: data, end: data + Int(size), idWidth: idWidth)
    }

    /// The EBML variable-length integer at `i` and its width (the marker bit kept for IDs).
    static func vint(_ b: [UInt8], _ i: Int, keepMarker: Bool) -> (UInt64, Int)? {
        guard i < b.count, b[i] != 0 else { return nil }
        let width = b[i].leadingZeroBitCount + 1
        guard i + width <= b.count else { return nil }
        var v = UInt64(keepMarker ? b[i] : b[i] & (0xFF >> UInt8(width)))
        for k in 1..<width { v = v << 8 | UInt64(b[i + k]) }
        return (v, width)
    }

    /// `value` as an EBML size field exactly `width` bytes wide.
    static func sizeField(_ value: Int, width: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width)
        var v = UInt64(value)
        for k in stride(from: width - 1, through: 0, by: -1) {
            out[k] = UInt8(truncatingIfNeeded: v)
            v >>= 8
        }
        out[0] |= UInt8(0x80 >> (width - 1))
        return out
    }

    /// The children of the master element `e` in `b` (stops at the first malformed one).
    static func children(_ b: [UInt8], of e: Element) -> [Element] {
        var result: [Element] = []
        var at = e.data
        while at < e.end, let child = element(b, at: at, limit: e.end) {
            result.append(child)
            at = child.end
        }
        return result
    }

    /// Rewrites, inside `tags` (a whole Tags element, header included), every TagString whose
    /// value is a serialized GStreamer string; returns how many were rewritten. The length of
    /// `tags` does not change. A Tags element guarded by a CRC-32 is left alone.
    public static func rewrite(tags b: inout [UInt8]) -> Int {
        guard let top = element(b, at: 0, limit: b.count), top.id == tagsID else { return 0 }
        var count = 0
        let tagList = children(b, of: top)
        guard !tagList.contains(where: { $0.id == crcID }) else { return 0 }
        for tag in tagList where tag.id == tagID {
            // SimpleTags nest (a SimpleTag may hold SimpleTags): walk them all.
            var masters = children(b, of: tag).filter { $0.id == simpleTagID }
            while let simple = masters.popLast() {
                let inside = children(b, of: simple)
                guard !inside.contains(where: { $0.id == crcID }) else { continue }
                masters += inside.filter { $0.id == simpleTagID }
                for string in inside where string.id == tagStringID {
                    // The writer ends the string with a NUL (kept, as readers expect either).
                    var value = Array(b[string.data..<string.end])
                    var nuls = 0
                    while value.last == 0 { value.removeLast(); nuls += 1 }
                    guard let unescaped = unescape(value) else { continue }
                    let text = unescaped + [UInt8](repeating: 0, count: min(nuls, 1))
                    let room = string.end - string.start
                    var replacement = Array(b[string.start..<string.data - string.sizeWidth])
                    let spare = (string.end - string.data) - text.count
                    if spare == 1 && string.sizeWidth < 8 {
                        replacement += sizeField(text.count, width: string.sizeWidth + 1) + text
                    } else if spare >= 2 {
                        replacement += sizeField(text.count, width: string.sizeWidth) + text
                        let width = spare - 2 <= 126 ? 1 : 8
                        guard spare >= 1 + width else { continue }
                        replacement += [UInt8(voidID)] + sizeField(spare - 1 - width, width: width)
                            + [UInt8](repeating: 0, count: spare - 1 - width)
                    } else {
                        continue
                    }
                    guard replacement.count == room else { continue }
                    b.replaceSubrange(string.start..<string.end, with: replacement)
                    count += 1
                }
            }
        }
        return count
    }

    /// Rewrites the tag strings of the Matroska/WebM file at `path` in place (see the type's
    /// doc); returns how many were rewritten (0 when the file has no Tags element that can be
    /// found by walking the Segment's children, e.g. an unfinished, unknown-size Segment).
    @discardableResult
    public static func unmangle(path: String) -> Int {
        guard let f = fopen(path, "r+b") else { return 0 }
        defer { fclose(f) }
        func read(_ offset: Int, _ count: Int) -> [UInt8] {
            guard fseeko(f, off_t(offset), SEEK_SET) == 0 else { return [] }
            var buffer = [UInt8](repeating: 0, count: count)
            let n = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, count, f) }
            return Array(buffer.prefix(n))
        }
        func header(_ offset: Int) -> Element? {
            let bytes = read(offset, 12)
            guard let (id, idWidth) = vint(bytes, 0, keepMarker: true),
                  let (size, sizeWidth) = vint(bytes, idWidth, keepMarker: false),
                  size != (1 << (7 * UInt64(sizeWidth))) - 1, size < UInt64(Int.max / 2) else { return nil }
            let data = offset + idWidth + sizeWidth
            return Element(id: UInt32(truncatingIfNeeded: id), start: offset, data: data, end: data + Int(size),
                           idWidth: idWidth)
        }
        var at = 0
        var segment: Element?
        while segment == nil, let e = header(at) {
            if e.id == segmentID { segment = e } else { at = e.end }
        }
        guard let segment else { return 0 }
        var total = 0
        at = segment.data
        while at < segment.end, let e = header(at) {
            if e.id == tagsID, e.end - e.start <= 1 << 24 {
                var bytes = read(e.start, e.end - e.start)
                let n = bytes.count == e.end - e.start ? rewrite(tags: &bytes) : 0
                if n > 0, fseeko(f, off_t(e.start), SEEK_SET) == 0,
                   bytes.withUnsafeBytes({ fwrite($0.baseAddress, 1, $0.count, f) }) == bytes.count {
                    total += n
                }
            }
            at = e.end
        }
        return total
    }
}
