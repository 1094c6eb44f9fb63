/// An H.264 level (ITU-T H.264 Table A-1) and the VBV cap `warp` gives x264 from it.
///
/// x264enc's quality mode (`pass=qual`) caps the rate at its `bitrate` property (its VBV
/// maximum rate, 2048 kbit/s by default), and x264 tags the stream with the lowest level whose
/// limits fit the size, the frame rate and that VBV. `warp` sets the VBV to the maximum of the
/// level the size and rate need, at least 4.1 (what phones, TVs and browsers take for HD):
/// the quality (crf) is not held down, and 720p30 or 1080p30 is tagged 4.1.
public struct H264Level: Sendable, Equatable {
    /// `4.1`.
    public var name: String
    /// Macroblocks per second, macroblocks per frame.
    public var maxMBPS: Int, maxFS: Int
    /// Maximum bit rate (kbit/s) and coded picture buffer (kbit) of the Baseline/Main profiles.
    public var maxBR: Int, maxCPB: Int

    /// Levels 4.1 and up (4.1 is the least `warp` tags: its VBV leaves crf free at HD sizes).
    public static let table: [H264Level] = [
        H264Level(name: "4.1", maxMBPS: 245_760, maxFS: 8_192, maxBR: 50_000, maxCPB: 62_500),
        H264Level(name: "4.2", maxMBPS: 522_240, maxFS: 8_704, maxBR: 50_000, maxCPB: 62_500),
        H264Level(name: "5", maxMBPS: 589_824, maxFS: 22_080, maxBR: 135_000, maxCPB: 135_000),
        H264Level(name: "5.1", maxMBPS: 983_040, maxFS: 36_864, maxBR: 240_000, maxCPB: 240_000),
        H264Level(name: "5.2", maxMBPS: 2_073_600, maxFS: 36_864, maxBR: 240_000, maxCPB: 240_000),
        H264Level(name: "6", maxMBPS: 4_177_920, maxFS: 139_264, maxBR: 240_000, maxCPB: 240_000),
        H264Level(name: "6.1", maxMBPS: 8_355_840, maxFS: 139_264, maxBR: 480_000, maxCPB: 480_000),
        H264Level(name: "6.2", maxMBPS: 16_711_680, maxFS: 139_264, maxBR: 800_000, maxCPB: 800_000),
    ]

    /// The lowest level from 4.1 up that holds `width`×`height` at `fps` frames per second
    /// (frame size in macroblocks, macroblocks per second, and each side at most √(8·MaxFS)
    /// macroblocks); the highest when none does.
    public static func needed(width: Int, height: Int, fps: Double) -> H264Level {
        let mbW = (max(width, 1) + 15) / 16, mbH = (max(height, 1) + 15) / 16
        let fs = mbW * mbH
        let mbps = Double(fs) * max(fps, 0)
        return table.first { level in
            let side = Int((8 * Double(level.maxFS)).squareRoot())
            return fs <= level.maxFS && mbW <= side && mbH <= side && mbps <= Double(level.maxMBPS)
        } ?? table[table.count - 1]
    }

    /// The highest frame rate of a `--fps any` output, which keeps every input frame at
    /// `T(t)`: where the curve's scale `s` is below 1 the frames come `1/s` times as close, so the
    /// peak is the input's rate over the least `s` (held at 1/8 and above: a curve that nearly
    /// stops would otherwise ask for a level no player takes). An input of unknown rate (caps
    /// 0/1: variable) is taken as 60 fps, the most phones record outside slow motion.
    public static func variableRatePeak(inputFPS: Double?, minimumScale: Double) -> Double {
        let input = inputFPS.flatMap { $0 > 0 && $0.isFinite ? $0 : nil } ?? 60
        return input / min(1, max(minimumScale.isFinite ? minimumScale : 1, 0.125))
    }

    /// The VBV maximum rate in kbit/s for the High profile (MaxBR × 5/4, as x264 checks it):
    /// x264enc's `bitrate` in quality mode. It also fits High 10 (whose factor is 3).
    public var highVBVMaxRate: Int { maxBR * 5 / 4 }
}
