import GStreamerDiscovery
import TimeWarpMap
import WarpLaunchKit

/// Step 2 of `WarpJob.run`'s result: the curve on the input's duration D.
struct WarpMapping {
    /// The curve, with `--boomerang` written out as its remap keys.
    var curve: CurveOptions
    /// The time map on D.
    var map: TimeMap
    /// The remap curve of `function=remap`; nil for other curves.
    var remap: RemapCurve?
    /// D in seconds.
    var seconds: Double
    /// The output frame rate: `--fps`, else the input's (`any` when it has none).
    var frameRate: FrameRateChoice
}

extension WarpJob {
    /// Step 2: the map on the input's (or the part's) duration, refused (status 2) before
    /// anything is written.
    func mapOnDuration(of source: WarpSource) throws -> WarpMapping {
        let media = source.media
        let frameRate = self.frameRate ?? media.video.map { $0.fpsN > 0 && $0.fpsD > 0 ? .fixed($0.fpsN, $0.fpsD) : .any } ?? .any
        let d = media.seconds
        // --boomerang becomes the remap keys it means, now that D is known.
        let curve = self.curve.resolvingBoomerang(duration: d)
        let remap = try curve.remapCurve(duration: d)
        if remap != nil, reverse {
            throw CLIError("--reverse and a remap curve both set the direction: write the backwards part into --remap", exitCode: 2)
        }
        let map = try curve.makeMap(duration: d)
        if let warning = curve.secondsPastEnd(duration: d), !quiet { printError("warning: \(warning)") }
        return WarpMapping(curve: curve, map: map, remap: remap, seconds: d, frameRate: frameRate)
    }

    /// The plan printed before the run: the map over the input, its frames and rate, the
    /// frame mode and the pitch.
    func makePlan(_ source: WarpSource, _ mapping: WarpMapping) -> WarpPlan {
        var plan = WarpPlan(map: mapping.map, inputDuration: mapping.seconds, inputFrames: source.media.estimatedFrames,
                            frameRate: mapping.frameRate, remap: mapping.remap)
        plan.blend = frameMode == .blend
        plan.flow = frameMode == .flow
        plan.preservesPitch = pitch == .preserve
        plan.pitchEngine = pitchEngine
        return plan
    }
}
