#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Signals an AAC encoder's priming in a written MP4/QuickTime file the way ffmpeg does: the
/// audio track's edit list starts `priming` samples into the media (`media_time`), so players
/// skip the encoder delay and the first warped sample plays at time 0; the edit's duration is
/// the audio actually fed to the encoder, so the padding of the last frame is not played either.
/// The track's and the movie's durations (tkhd, mvhd) are set to match the edits, so the file's
/// duration counts neither the priming nor the padding.
///
/// mp4mux (GStreamer 1.22) writes one edit per track starting at 0; this rewrites that edit in
/// place (same sizes, nothing moves). Boxes: moov > trak > (mdia > hdlr 'soun', mdhd timescale),
/// (edts > elst) and tkhd, mvhd for the movie timescale and duration.
public enum MP4EditList {
    /// Moves the sound track's edit past `priming` media samples and sets its duration to
    /// `samples` (at `sampleRate`). Throws a one-line `CLIError` when the file has no such edit.
    public static func signalPriming(path: String, priming: Int, samples: Int, sampleRate: Int) throws(CLIError) {
        guard let (moov, fileOffset) = loadMoov(path) else {
            throw CLIError("cannot find the moov box of '\(path)' to signal the AAC priming")
        }
        var bytes = moov
        let inMoov = boxes(in: bytes, from: be32(bytes, 0) == 1 ? 16 : 8, to: bytes.count)
        guard let mvhd = inMoov.first(where: { $0.type == "mvhd" }) else { throw CLIError("'\(path)': no mvhd box") }
        // mvhd: version(1) flags(3), then times (4 or 8 each), then the timescale.
        let movieScale = Int(be32(bytes, mvhd.body + (bytes[mvhd.body] == 1 ? 20 : 12)))
        for trak in inMoov where trak.type == "trak" {
            let inTrak = boxes(in: bytes, from: trak.body, to: trak.end)
            guard let mdia = inTrak.first(where: { $0.type == "mdia" }) else { continue }
            let inMdia = boxes(in: bytes, from: mdia.body, to: mdia.end)
            // hdlr: version/flags(4), pre_defined(4), handler_type(4).
            guard let hdlr = inMdia.first(where: { $0.type == "hdlr" }), fourCC(bytes, hdlr.body + 8) == "soun",
                  let mdhd = inMdia.first(where: { $0.type == "mdhd" }) else { continue }
            let mediaScale = Int(be32(bytes, mdhd.body + (bytes[mdhd.body] == 1 ? 20 : 12)))
            guard let edts = inTrak.first(where: { $0.type == "edts" }),
                  let elst = boxes(in: bytes, from: edts.body, to: edts.end).first(where: { $0.type == "elst" }),
                  be32(bytes, elst.body + 4) >= 1 else {
                throw CLIError("'\(path)' has no edit list for its audio: cannot signal the AAC priming")
            }
            guard movieScale > 0, mediaScale > 0, sampleRate > 0 else { throw CLIError("'\(path)': a zero timescale") }
            let duration = UInt64((Double(samples) * Double(movieScale) / Double(sampleRate)).rounded())
            let mediaTime = UInt64((Double(priming) * Double(mediaScale) / Double(sampleRate)).rounded())
            var entry: [UInt8]
            if bytes[elst.body] == 1 {
                entry = [UInt8](repeating: 0, count: 16)
                put64(&entry, 0, duration)
                put64(&entry, 8, mediaTime)
            } else {
                entry = [UInt8](repeating: 0, count: 8)
                put32(&entry, 0, UInt32(clamping: duration))
                put32(&entry, 4, UInt32(clamping: mediaTime))
            }
            // The first edit that plays media: mp4mux starts with an empty edit (media time -1)
            // when the track begins after 0 (a reversed track can), which stays as it is.
            let entrySize = bytes[elst.body] == 1 ? 20 : 12
            let count = Int(be32(bytes, elst.body + 4))
            var target = elst.body + 8
            for k in 0..<count {
                let at = elst.body + 8 + k * entrySize
                guard at + entrySize <= elst.end else { break }
                let empty = bytes[elst.body] == 1 ? be64(bytes, at + 8) == UInt64.max : be32(bytes, at + 4) == UInt32.max
                if !empty { target = at; break }
            }
            bytes.replaceSubrange(target..<target + entry.count, with: entry)
            // The track's duration is the sum of its edits (ISO/IEC 14496-12, tkhd), and the
            // movie's the longest track's (mvhd), both in the movie timescale: mp4mux counted
            // the whole media, priming and padding included, and players and GstDiscoverer
            // report that as the file's duration.
            guard let tkhd = inTrak.first(where: { $0.type == "tkhd" }) else { throw CLIError("'\(path)': no tkhd box") }
            let edits = (0..<count).map { elst.body + 8 + $0 * entrySize }.filter { $0 + entrySize <= elst.end }
            setDuration(&bytes, of: tkhd, to: edits.reduce(0) { $0 + storedDuration(bytes, at: $1, wide: bytes[elst.body] == 1) })
            let longest = inMoov.filter { $0.type == "trak" }
                .compactMap { boxes(in: bytes, from: $0.body, to: $0.end).first(where: { $0.type == "tkhd" }) }
                .map { storedDuration(bytes, at: durationOffset($0, bytes), wide: bytes[$0.body] == 1) }.max() ?? 0
            setDuration(&bytes, of: mvhd, to: longest)
            guard write(bytes, to: path, at: fileOffset) else {
                throw CLIError("cannot write '\(path)' to signal the AAC priming")
            }
            return
        }
        throw CLIError("'\(path)' has no audio track: cannot signal the AAC priming")
    }

    /// Where the duration of a tkhd or mvhd box lies: after version and flags (4), the two
    /// times (4 or 8 each, 8 in version 1) and the track ID or the timescale, then (tkhd) 4
    /// reserved bytes.
    static func durationOffset(_ box: Box, _ b: [UInt8]) -> Int {
        let times = b[box.body] == 1 ? 16 : 8
        return box.body + 4 + times + (box.type == "tkhd" ? 8 : 4)
    }

    /// The duration at `i`: 64-bit when `wide` (a version 1 box), else 32-bit.
    static func storedDuration(_ b: [UInt8], at i: Int, wide: Bool) -> UInt64 {
        wide ? be64(b, i) : UInt64(be32(b, i))
    }

    /// Sets the duration of the tkhd or mvhd `box` to `v` (saturating in a version 0 box).
    static func setDuration(_ b: inout [UInt8], of box: Box, to v: UInt64) {
        let at = durationOffset(box, b)
        if b[box.body] == 1 { put64(&b, at, v) } else { put32(&b, at, UInt32(clamping: v)) }
    }

    /// A box: its four-character type, where its body starts and where it ends.
    struct Box {
        var type: String
        var body: Int
        var end: Int
    }

    /// The boxes between `from` and `to` (stops at the first malformed size).
    static func boxes(in b: [UInt8], from: Int, to: Int) -> [Box] {
        var result: [Box] = []
        var offset = from
        while offset + 8 <= to {
            var size = Int(be32(b, offset))
            var header = 8
            if size == 1 {
                guard offset + 16 <= to else { break }
                size = Int(clamping: be64(b, offset + 8))
                header = 16
            } else if size == 0 {
                size = to - offset
            }
            guard size >= header, offset + size <= to else { break }
            result.append(Box(type: fourCC(b, offset + 4), body: offset + header, end: offset + size))
            offset += size
        }
        return result
    }

    /// The four-character code at `i` ("" past the end).
    static func fourCC(_ b: [UInt8], _ i: Int) -> String {
        guard i + 4 <= b.count else { return "" }
        return String(decoding: b[i..<i + 4], as: UTF8.self)
    }

    /// The big-endian 32-bit number at `i` (0 past the end).
    static func be32(_ b: [UInt8], _ i: Int) -> UInt32 {
        guard i >= 0, i + 4 <= b.count else { return 0 }
        return b[i..<i + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// The big-endian 64-bit number at `i` (0 past the end).
    static func be64(_ b: [UInt8], _ i: Int) -> UInt64 {
        guard i >= 0, i + 8 <= b.count else { return 0 }
        return b[i..<i + 8].reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// Writes `v` big-endian at `i`.
    static func put32(_ b: inout [UInt8], _ i: Int, _ v: UInt32) {
        for k in 0..<4 where i + k < b.count { b[i + k] = UInt8(truncatingIfNeeded: v >> (24 - 8 * UInt32(k))) }
    }

    /// Writes `v` big-endian at `i`.
    static func put64(_ b: inout [UInt8], _ i: Int, _ v: UInt64) {
        for k in 0..<8 where i + k < b.count { b[i + k] = UInt8(truncatingIfNeeded: v >> (56 - 8 * UInt64(k))) }
    }

    /// The top-level moov box (header included) and its offset in the file, reading only box
    /// headers until it is found (a large mdat is skipped, not read).
    static func loadMoov(_ path: String) -> (bytes: [UInt8], offset: Int)? {
        guard let f = fopen(path, "rb") else { return nil }
        defer { fclose(f) }
        var offset = 0
        var header = [UInt8](repeating: 0, count: 16)
        while fseeko(f, off_t(offset), SEEK_SET) == 0 {
            let n = header.withUnsafeMutableBytes { fread($0.baseAddress, 1, 16, f) }
            guard n >= 8 else { return nil }
            var size = Int(be32(header, 0))
            if size == 1 {
                guard n == 16 else { return nil }
                size = Int(clamping: be64(header, 8))
            }
            guard size >= 8 else { return nil }
            if fourCC(header, 4) == "moov" {
                guard size <= 1 << 30, fseeko(f, off_t(offset), SEEK_SET) == 0 else { return nil }
                var moov = [UInt8](repeating: 0, count: size)
                let got = moov.withUnsafeMutableBytes { fread($0.baseAddress, 1, size, f) }
                return got == size ? (moov, offset) : nil
            }
            offset += size
        }
        return nil
    }

    /// Writes `bytes` into the file at `offset` (the rest of the file stays as it is).
    static func write(_ bytes: [UInt8], to path: String, at offset: Int) -> Bool {
        guard let f = fopen(path, "r+b") else { return false }
        guard fseeko(f, off_t(offset), SEEK_SET) == 0 else {
            fclose(f)
            return false
        }
        let n = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
        return fclose(f) == 0 && n == bytes.count
    }
}
