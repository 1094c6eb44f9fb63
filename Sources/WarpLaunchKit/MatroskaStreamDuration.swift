/// The Duration of a Matroska (or WebM) file written to a pipe.
///
/// `matroskamux streamable=true` (what a pipe needs: it never seeks back) writes no Duration in
/// its Segment Info: GStreamer 1.22's muxer queries its inputs' durations only when it is not
/// streamable, and would patch the element at the end, which a pipe cannot take. The header it
/// writes at the start is whole (a Segment of unknown size, no SeekHead, no Cues), so the tool
/// adds the expected duration to the Segment Info of those first bytes: one element (ID 0x4489,
/// an 8-byte float in TimestampScale units) at the end of Info, and Info's size (always written
/// on 8 bytes by the muxer) grows by its 11 bytes. Nothing after it holds an offset to patch.
public enum MatroskaStreamDuration {
    static let ebmlID: UInt32 = 0x1A45_DFA3
    static let segmentID: UInt32 = 0x1853_8067
    static let infoID: UInt32 = 0x1549_A966
    static let clusterID: UInt32 = 0x1F43_B675
    static let durationID: UInt32 = 0x4489
    static let timestampScaleID: UInt32 = 0x2AD7B1

    /// What one buffer of the muxer's output says.
    public enum Outcome: Equatable {
        /// The bytes with the Duration added to their Segment Info.
        case added([UInt8])
        /// No Segment Info in these bytes (the EBML header alone, for example): look at the next.
        case notYet
        /// Nothing to add, or nothing to add it to: a Cluster came first, Info has a Duration
        /// already, or the bytes are not what the muxer writes. Stop looking.
        case stop
    }

    /// `bytes` with a Duration of `seconds` in their Segment Info, when they hold it.
    public static func adding(seconds: Double, to bytes: [UInt8]) -> Outcome {
        guard seconds.isFinite, seconds > 0 else { return .stop }
        var pos = 0
        while pos < bytes.count {
            guard let (id, idLength) = readID(bytes, pos),
                  let (size, sizeLength) = readSize(bytes, pos + idLength) else { return .stop }
            let dataStart = pos + idLength + sizeLength
            switch id {
            case segmentID:
                pos = dataStart  // into the Segment: its children follow
            case infoID:
                guard let size, dataStart + size <= bytes.count else { return .stop }
                return addDuration(seconds, bytes, sizeAt: pos + idLength, sizeLength: sizeLength,
                                   dataStart: dataStart, dataEnd: dataStart + size)
            case clusterID:
                return .stop
            default:
                // The EBML header, Tags, Tracks, SeekHead, Void...: skipped whole.
                guard let size else { return .stop }
                pos = dataStart + size
            }
        }
        return .notYet
    }

    private static func addDuration(_ seconds: Double, _ bytes: [UInt8], sizeAt: Int, sizeLength: Int,
                                    dataStart: Int, dataEnd: Int) -> Outcome {
        var scale = 1_000_000.0  // TimestampScale's default: 1 ms
        var pos = dataStart
        while pos < dataEnd {
            guard let (id, idLength) = readID(bytes, pos), let (size, sizeLength) = readSize(bytes, pos + idLength),
                  let size else { return .stop }
            let start = pos + idLength + sizeLength
            guard start + size <= dataEnd else { return .stop }
            if id == durationID { return .stop }
            if id == timestampScaleID, (1...8).contains(size) {
                scale = Double(bytes[start..<start + size].reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
            }
            pos = start + size
        }
        guard scale > 0 else { return .stop }
        let units = (seconds * 1e9 / scale).bitPattern
        let element: [UInt8] = [0x44, 0x89, 0x88] + (0..<8).map { UInt8(truncatingIfNeeded: units >> (56 - 8 * $0)) }
        let newSize = dataEnd - dataStart + element.count
        // The size keeps its length (the bytes after it do not move); all ones means "unknown".
        guard newSize < (1 << (7 * sizeLength)) - 1 else { return .stop }
        var sizeBytes = (0..<sizeLength).map { UInt8(truncatingIfNeeded: newSize >> (8 * (sizeLength - 1 - $0))) }
        sizeBytes[0] |= UInt8(0x80 >> (sizeLength - 1))
        var out = Array(bytes[..<sizeAt]) + sizeBytes + Array(bytes[(sizeAt + sizeLength)..<dataEnd])
        out += element
        out += bytes[dataEnd...]
        return .added(out)
    }

    /// An element ID (its length marker kept) and its length in bytes.
    static func readID(_ bytes: [UInt8], _ pos: Int) -> (UInt32, Int)? {
        guard pos < bytes.count, bytes[pos] != 0 else { return nil }
        let length = bytes[pos].leadingZeroBitCount + 1
        guard length <= 4, pos + length <= bytes.count else { return nil }
        return (bytes[pos..<pos + length].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }, length)
    }

    /// A data size (nil when "unknown": all value bits set) and its length in bytes.
    static func readSize(_ bytes: [UInt8], _ pos: Int) -> (Int?, Int)? {
        guard pos < bytes.count, bytes[pos] != 0 else { return nil }
        let length = bytes[pos].leadingZeroBitCount + 1
        guard pos + length <= bytes.count else { return nil }
        var value = UInt64(bytes[pos] & (0xFF >> length))
        for b in bytes[(pos + 1)..<(pos + length)] { value = value << 8 | UInt64(b) }
        let unknown = (UInt64(1) << (7 * UInt64(length))) - 1
        guard value != unknown else { return (nil, length) }
        guard value < UInt64(Int.max / 2) else { return nil }
        return (Int(value), length)
    }
}
