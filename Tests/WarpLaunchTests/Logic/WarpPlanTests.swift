import XCTest
import TimeWarpMap
@testable import WarpLaunchKit

/// The plan `warp` prints before it starts, and the curve options behind it.
final class WarpPlanTests: XCTestCase {
    func testToolDefaultPlanOverTenSeconds() throws {
        // double-smoothstep, factor 1.5: F(1) = 1 + (f - 1)(1 - a - b) = 1 + 0.5 * 0.5 = 1.25.
        let map = try CurveOptions.demo.makeMap(duration: 10)
        let plan = WarpPlan(map: map, inputDuration: 10, inputFrames: 300, frameRate: .any)
        XCTAssertEqual(plan.outputDuration, 12.5, accuracy: 1e-12)
        XCTAssertEqual(plan.estimatedAverageFrameRate!, 24, accuracy: 1e-12)  // 300 / 12.5
        XCTAssertEqual(plan.minimumScale, 1, accuracy: 1e-12)
        XCTAssertEqual(plan.maximumScale, 1.5, accuracy: 1e-12)
        XCTAssertEqual(plan.expectedDurationText, "0:00:12.500 (12.500 s), about 24.00 FPS on average")
    }

    func testFixedRateFrameCountIsTheSlotsBeforeTheEnd() throws {
        // triangle factor 2.5 modifier 0.6: F(1) = 1 + 1.5 * 0.3 = 1.45; 30 fps: k < 43.5.
        let options = CurveOptions(function: "triangle", factor: 2.5, modifier: 0.6)
        let plan = WarpPlan(map: try options.makeMap(duration: 1), inputDuration: 1, inputFrames: 30,
                            frameRate: .fixed(30))
        XCTAssertEqual(plan.outputDuration, 1.45, accuracy: 1e-12)
        XCTAssertEqual(plan.expectedOutputFrames, 44)
        XCTAssertNil(WarpPlan(map: try options.makeMap(duration: 1), inputDuration: 1, inputFrames: nil,
                              frameRate: .any).estimatedAverageFrameRate)
    }

    func testPlanSaysHowFramesAreMade() throws {
        let map = try CurveOptions.demo.makeMap(duration: 10)
        var plan = WarpPlan(map: map, inputDuration: 10, inputFrames: 300, frameRate: .fixed(30))
        XCTAssertTrue(plan.framesText.hasPrefix("nearest"), plan.framesText)
        plan.blend = true
        XCTAssertTrue(plan.framesText.hasPrefix("blended"), plan.framesText)
        var variable = WarpPlan(map: map, inputDuration: 10, inputFrames: 300, frameRate: .any)
        variable.blend = true
        XCTAssertTrue(variable.framesText.contains("no effect"), variable.framesText)
        plan.flow = true
        XCTAssertTrue(plan.framesText.hasPrefix("flow"), plan.framesText)
        variable.flow = true
        XCTAssertTrue(variable.framesText.contains("--flow has no effect"), variable.framesText)
    }

    func testFrameRateChoices() throws {
        XCTAssertEqual(FrameRateChoice(argument: "24"), .fixed(24))
        XCTAssertEqual(FrameRateChoice(argument: "ANY"), .any)
        XCTAssertEqual(FrameRateChoice(argument: "any")?.capsFraction, "0/1")
        XCTAssertEqual(FrameRateChoice(argument: "48"), .fixed(48, 1))
        XCTAssertEqual(FrameRateChoice(argument: "120")?.capsFraction, "120/1")
        XCTAssertEqual(FrameRateChoice(argument: "24000/1001"), .fixed(24000, 1001))
        XCTAssertEqual(FrameRateChoice(argument: "48000/2002"), .fixed(24000, 1001))  // reduced
        // The NTSC decimals are N * 1000/1001; other decimals are exact.
        XCTAssertEqual(FrameRateChoice(argument: "23.976"), .fixed(24000, 1001))
        XCTAssertEqual(FrameRateChoice(argument: "29.97"), .fixed(30000, 1001))
        XCTAssertEqual(FrameRateChoice(argument: "59.94"), .fixed(60000, 1001))
        XCTAssertEqual(FrameRateChoice(argument: "12.5"), .fixed(25, 2))
        XCTAssertEqual(FrameRateChoice(argument: "25.0"), .fixed(25, 1))
        for bad in ["thirty", "0", "-25", "25/0", "1/0", "0/1", "1e3", "5000", "nan", "", "30/", "/2", "2.5.1"] {
            XCTAssertNil(FrameRateChoice(argument: bad), bad)
        }
        // 24000/1001 fps over 1.45 s: slots k * 1001/24000 before 1.45 s, k < 34.77: 35 frames.
        let options = CurveOptions(function: "constant", factor: 1.45)
        let plan = WarpPlan(map: try options.makeMap(duration: 1), inputDuration: 1, inputFrames: 30,
                            frameRate: .fixed(24000, 1001))
        XCTAssertEqual(plan.expectedOutputFrames, 35)
    }

    func testConflictsAndSuggestions() {
        XCTAssertNil(CurveOptions(function: "triangle").conflict(given: [.factor, .modifier]))
        XCTAssertNotNil(CurveOptions(function: "triangle", keyframes: "0:1").conflict(given: [.keyframes]))
        XCTAssertNotNil(CurveOptions(function: "constant").conflict(given: [.modifier]))
        XCTAssertNil(CurveOptions(function: "constant").conflict(given: [.factor]))
        XCTAssertNotNil(CurveOptions(keyframes: "0:1, 1:2").conflict(given: [.keyframes, .factor]))
        XCTAssertNil(CurveOptions(function: "antiderivative", expression: "u").conflict(given: [.expression]))
        XCTAssertEqual(Suggestion.closest(to: "trianlge", in: CurveOptions.functionNicks), "triangle")
        XCTAssertEqual(Suggestion.closest(to: "cosin", in: CurveOptions.functionNicks), "cosine")
        XCTAssertNil(Suggestion.closest(to: "zzzzzz", in: CurveOptions.functionNicks))
        XCTAssertTrue(CurveOptions.unknownFunctionMessage("smoothstep").contains("did you mean 'double-smoothstep'")
                      || CurveOptions.unknownFunctionMessage("smoothstep").contains("choose one of"))
    }

    func testEncoderSettingsRefuseWhatDoesNothing() throws {
        let wav = try OutputContainer.forPath("a.wav"), webm = try OutputContainer.forPath("a.webm")
        let mp4 = try OutputContainer.forPath("a.mp4"), flac = try OutputContainer.forPath("a.flac")
        XCTAssertThrowsError(try EncoderSettings(crf: 20).check(for: wav))
        XCTAssertThrowsError(try EncoderSettings(crf: 52).check(for: mp4))
        XCTAssertNoThrow(try EncoderSettings(crf: 60).check(for: webm))  // VP8 cq-level goes to 63
        XCTAssertThrowsError(try EncoderSettings(preset: "slow").check(for: webm))
        XCTAssertThrowsError(try EncoderSettings(preset: "slwo").check(for: mp4)) { error in
            XCTAssertTrue("\(error)".contains("did you mean 'slow'"), "\(error)")
        }
        XCTAssertThrowsError(try EncoderSettings(audioBitrate: 128).check(for: flac))
        XCTAssertNoThrow(try EncoderSettings(crf: 18, preset: "slow", audioBitrate: 192).check(for: mp4))
        // Quality mode has the VBV cap lifted (x264enc's bitrate is its cap in pass=qual) to the
        // High-profile maximum of the level the size and rate need (H.264 Table A-1, MaxBR x 5/4):
        // 720p30 is 3600 MB/frame, 108000 MB/s, so 4.1 (the least warp tags): 50000 x 5/4 = 62500.
        XCTAssertTrue(EncoderSettings(crf: 18).videoEncoder(.h264, size: (1280, 720), fps: 30)
            .contains("pass=qual quantizer=18 bitrate=62500 "))
        // Memory (issue 24): a 15-frame lookahead at the default preset only (a preset given keeps
        // x264's own lookahead); no lookahead thread with its own frames when the memory is
        // bounded (--reverse), x264's thread otherwise (issue 33: the encoder waited for it).
        XCTAssertTrue(EncoderSettings().videoEncoder(.h264).contains(" rc-lookahead=15 ! h264parse"))
        XCTAssertTrue(EncoderSettings().videoEncoder(.h264, boundedMemory: true).contains(" rc-lookahead=15 sync-lookahead=0 ! h264parse"))
        XCTAssertTrue(EncoderSettings(preset: "faster").videoEncoder(.h264).contains(" rc-lookahead=15 "))
        let slow = EncoderSettings(preset: "slow").videoEncoder(.h264, boundedMemory: true)
        XCTAssertFalse(slow.contains("rc-lookahead"), slow)
        XCTAssertTrue(slow.contains(" sync-lookahead=0 ! h264parse"), slow)
        XCTAssertFalse(EncoderSettings(preset: "slow").videoEncoder(.h264).contains("sync-lookahead"))
        XCTAssertTrue(wav.isAudioOnly)
        XCTAssertEqual(try OutputContainer.forPath("x.m4a").primingFrames, 1024)
        XCTAssertNil(try OutputContainer.forPath("x.mkv").primingFrames)
    }

    func testH264LevelFromSizeAndRate() {
        // Hand calculation from Table A-1 (MaxFS, MaxMBPS, MaxBR):
        XCTAssertEqual(H264Level.needed(width: 160, height: 90, fps: 25).name, "4.1")
        XCTAssertEqual(H264Level.needed(width: 1280, height: 720, fps: 30).name, "4.1")
        // 1080p: 120 x 68 = 8160 MB <= 8192; at 30 fps 244800 MB/s <= 245760: 4.1.
        XCTAssertEqual(H264Level.needed(width: 1920, height: 1080, fps: 30).name, "4.1")
        // At 60 fps 489600 MB/s: 4.2 (522240).
        XCTAssertEqual(H264Level.needed(width: 1920, height: 1080, fps: 60).name, "4.2")
        // 2160p: 240 x 135 = 32400 MB > 22080 (level 5): 5.1; at 30 fps 972000 <= 983040.
        XCTAssertEqual(H264Level.needed(width: 3840, height: 2160, fps: 30).name, "5.1")
        XCTAssertEqual(H264Level.needed(width: 3840, height: 2160, fps: 30).highVBVMaxRate, 300_000)
        XCTAssertEqual(H264Level.needed(width: 1280, height: 720, fps: 30).highVBVMaxRate, 62_500)
        // --fps any: the peak rate is the input's over the least scale (1/8 at the least);
        // unknown input rate: 60.
        XCTAssertEqual(H264Level.variableRatePeak(inputFPS: 30, minimumScale: 0.125), 240)
        XCTAssertEqual(H264Level.variableRatePeak(inputFPS: 30, minimumScale: 2), 30)
        XCTAssertEqual(H264Level.variableRatePeak(inputFPS: 30, minimumScale: 0), 240)
        XCTAssertEqual(H264Level.variableRatePeak(inputFPS: nil, minimumScale: 0.5), 120)
        // 720p at 240 fps: 3600 x 240 = 864000 MB/s, above 5's 589824, within 5.1's 983040.
        XCTAssertEqual(H264Level.needed(width: 1280, height: 720, fps: 240).name, "5.1")
    }

    func testSourceFormatKeepsCodecFamilyAndPCMDepth() throws {
        let webm = try OutputContainer.forPath("x.webm"), mkv = try OutputContainer.forPath("x.mkv")
        let vp9 = SourceFormat(videoCaps: "video/x-vp9, width=(int)320, profile=(string)2")
        XCTAssertEqual(vp9.preferredVideoCodec(for: webm), .vp9)
        XCTAssertNil(vp9.preferredVideoCodec(for: mkv))  // Matroska's default is H.264 whatever the input
        XCTAssertNil(SourceFormat(videoCaps: "video/x-h264, profile=(string)high").preferredVideoCodec(for: webm))
        // WAV: 24-bit PCM and FLAC keep 24 bits; AAC (decoded to float) gives 16; float PCM stays float.
        XCTAssertEqual(SourceFormat(audioCaps: "audio/x-raw, format=(string)S24LE", audioDepth: 24).pcmFormat(requested: nil), "S24LE")
        XCTAssertEqual(SourceFormat(audioCaps: "audio/x-wav", audioDepth: 24).pcmFormat(requested: nil), "S24LE")  // a WAV file
        XCTAssertEqual(SourceFormat(audioCaps: "audio/x-flac, framed=(boolean)true", audioDepth: 24).pcmFormat(requested: nil), "S24LE")
        XCTAssertEqual(SourceFormat(audioCaps: "audio/mpeg, mpegversion=(int)4", audioDepth: 32).pcmFormat(requested: nil), "S16LE")
        XCTAssertEqual(SourceFormat(audioCaps: "audio/x-raw, format=(string)F32LE", audioDepth: 32).pcmFormat(requested: nil), "F32LE")
        XCTAssertEqual(SourceFormat(audioCaps: "audio/x-raw, format=(string)S24LE", audioDepth: 24).pcmFormat(requested: "pcm_s16le"), "S16LE")
        XCTAssertTrue(EncoderSettings(pcmFormat: "S24LE").audioEncoder(.pcm).hasSuffix("format=S24LE"))
        // What the encoders cannot take is named: an odd side, 4:4:4 chroma, 10 bits into VP8.
        let h444 = SourceFormat(videoCaps: "video/x-h264, profile=(string)high-4:4:4, chroma-format=(string)4:4:4, "
                                + "bit-depth-luma=(uint)10, bit-depth-chroma=(uint)10")
        XCTAssertEqual(SourceFormat.field("chroma-format", in: h444.videoCaps), "4:4:4")
        XCTAssertEqual(h444.videoConversions(to: .h264, width: 160, height: 90).count, 1)
        XCTAssertEqual(h444.videoConversions(to: .vp8, width: 161, height: 90).count, 2)  // libvpx takes odd sides
        XCTAssertEqual(h444.videoConversions(to: .h265, width: 161, height: 90).count, 2)
        XCTAssertTrue(h444.videoConversions(to: .h264, width: 161, height: 91)[0].contains("160x90"))
        XCTAssertTrue(EncoderSettings().videoEncoder(.h264, size: (161, 91)).hasPrefix("videocrop right=1 bottom=1 ! "))
        XCTAssertFalse(EncoderSettings().videoEncoder(.vp9, size: (161, 91)).contains("videocrop"))
        XCTAssertFalse(EncoderSettings().videoEncoder(.h264, size: (161, 91), cropsOddSides: false).contains("videocrop"))
        XCTAssertEqual(EncoderSettings.evenCropFragment(.h264, (161, 90)), "videocrop right=1 bottom=0 ! ")
        XCTAssertEqual(SourceFormat(videoCaps: "video/x-h264").videoConversions(to: .h264, width: 160, height: 90), [])
    }

    func testFunctionIsImpliedByKeyframesOrExpression() {
        XCTAssertEqual(CurveOptions(keyframes: "0:1, 1:2").resolvedFunction, "keyframes")
        XCTAssertEqual(CurveOptions(expression: "1 + u").resolvedFunction, "expression")
        XCTAssertEqual(CurveOptions().resolvedFunction, "constant")
        XCTAssertEqual(CurveOptions(function: "power", keyframes: "0:1, 1:2").resolvedFunction, "power")
    }

    func testBadOptionsGiveOneReadableLine() {
        XCTAssertThrowsError(try CurveOptions(function: "wobble").settings()) { error in
            XCTAssertTrue("\(error)".hasPrefix("unknown function 'wobble' (choose one of: constant, triangle"), "\(error)")
        }
        XCTAssertThrowsError(try CurveOptions(function: "keyframes").settings()) { error in
            XCTAssertTrue("\(error)".contains("needs --keyframes"))
        }
        XCTAssertThrowsError(try CurveOptions(function: "constant", factor: -1).makeMap(duration: 10)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("the curve is refused: the time map decreases"), text)
            XCTAssertFalse(text.contains("\n"))
        }
    }

    func testElementPropertiesAndSummary() {
        let builtin = CurveOptions(function: "cosine", factor: 1.1, modifier: 0.25)
        XCTAssertEqual(builtin.elementProperties().map { "\($0.name)=\($0.value)" },
                       ["function=cosine", "factor=1.1", "modifier=0.25"])
        XCTAssertEqual(CurveOptions(function: "constant", factor: 2).summary, "function=constant factor=2")
        let keys = CurveOptions(keyframes: "0:1, 0.5:2:smooth, 1:1")
        XCTAssertEqual(keys.summary, "function=keyframes keyframes=\"0:1, 0.5:2:smooth, 1:1\"")
    }

    func testCurveInSecondsNeedsNoDuration() throws {
        // keyframes 0s:1, 0.5s:2, 1s:2: F(1 s) = 0.75 + 1 = 1.75 s, without any D.
        let map = try CurveOptions(keyframes: "0s:1, 0.5s:2, 1s:2").makeMap(duration: nil)
        XCTAssertEqual(map.warp(1), 1.75, accuracy: 1e-12)
    }

    func testFormatting() {
        XCTAssertEqual(Format.clock(12.5), "0:00:12.500")
        XCTAssertEqual(Format.clock(3723.0456), "1:02:03.046")
        XCTAssertEqual(Format.shortClock(65), "1:05")
        XCTAssertEqual(Format.shortClock(3725), "1:02:05")
        XCTAssertEqual(Format.fixed(-0.0004, 3), "0.000")
        XCTAssertEqual(Format.fixed(2.345, 1), "2.3")
        XCTAssertEqual(Format.fixed(.nan, 2), "nan")
        XCTAssertEqual(Format.nanos(1_933_333_332), "1.933333332")
    }

    func testProgressLine() {
        let bar = ProgressBar(width: 10, ascii: true)
        XCTAssertEqual(bar.line(position: 5, duration: 10, elapsed: 4),
                       "[#####.....]  50%  5.000 / 10.000 s  elapsed 0:04  left 0:04")
        XCTAssertEqual(bar.line(position: nil, duration: nil, elapsed: 12), "0.000 s  elapsed 0:12")
        XCTAssertEqual(bar.line(position: 0, duration: 10, elapsed: 0),
                       "[..........]   0%  0.000 / 10.000 s  elapsed 0:00  left --:--")
        XCTAssertEqual(ProgressBar.fraction(position: 20, duration: 10), 1)
        XCTAssertNil(ProgressBar.fraction(position: 1, duration: 0))
    }

    func testOutputContainerAndPaths() throws {
        XCTAssertEqual(try OutputContainer.forPath("dir/Out.MP4").fileExtension, "mp4")
        XCTAssertEqual(try OutputContainer.forPath("a.webm").muxer, "webmmux")
        XCTAssertEqual(try OutputContainer.forPath("a.mkv").label(video: false, audio: true), "Opus in Matroska")
        XCTAssertThrowsError(try OutputContainer.forPath("a.avi")) { error in
            XCTAssertEqual("\(error)", "unsupported output extension '.avi': use .mp4, .m4v, .mov, .mkv, .webm, .m4a, .wav, .flac, .opus, .ogg")
        }
        XCTAssertThrowsError(try OutputContainer.forPath("noext"))
        XCTAssertEqual(OutputPaths.directory(of: "out.mp4"), ".")
        XCTAssertEqual(OutputPaths.directory(of: "/x/y/out.mp4"), "/x/y")
        XCTAssertEqual(OutputPaths.temporary(for: "out.mp4", tag: "7"), ".out.mp4.partial-7.mp4")
        XCTAssertEqual(OutputPaths.temporary(for: "a/b/out.mkv", tag: "7"), "a/b/.out.mkv.partial-7.mkv")
        XCTAssertEqual(OutputPaths.plot(for: "a/out.mp4"), "a/out.svg")
        XCTAssertEqual(OutputPaths.plot(for: "out.mp4"), "out.svg")
    }
}
