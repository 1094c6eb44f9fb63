import GStreamerBinding

extension Buffer {
    /// A buffer of `size` bytes of a deterministic pseudo-random pattern (xorshift32 from
    /// `seed`): frames whose every sample differs, for tests that compare two ways of mixing them.
    static func noise(size: Int, seed: UInt32) -> Buffer {
        var buffer = Buffer.allocate(size: size)!
        var x = seed &* 2_654_435_761 | 1
        _ = buffer.withMutableBytes { bytes in
            for i in 0..<bytes.count {
                x ^= x << 13; x ^= x >> 17; x ^= x << 5
                bytes[i] = UInt8(truncatingIfNeeded: x)
            }
        }
        return buffer
    }
}
