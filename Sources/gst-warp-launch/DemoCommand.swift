import ArgumentParser
import Foundation
import GStreamerBinding
import TimeWarpMap
import WarpLaunchKit

/// `gst-warp-launch demo` (and `gst-warp-launch` without arguments): generates a test clip with
/// the original time burnt in and a tick every second, warps it with the tool's default curve
/// (`CurveOptions.demo`), and writes the result and its plot into the current directory.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Generate a 10 s test clip and warp it with a named curve, to see and hear what a warp does.",
        discussion: """
            Writes, into DIR (default: the current directory; `make demo` uses out/): \
            demo-original.mp4 (10 s, a moving ball, the original time written at the bottom, a \
            tick every second), demo-warped.mp4 (the clip warped with --function \
            double-smoothstep --factor 1.5: normal speed at both ends, slowed to 2/3 speed in the \
            middle), demo-warped-preserve.mp4 (the same with --pitch preserve: the ticks keep \
            their pitch) and demo-warped.svg (the plot of the curve). Then it prints the plan, \
            the measured duration, and the commands to play the files and plot the curve, with \
            paths from where you stand.

              gst-warp-launch demo out
            """
    )

    @Argument(help: ArgumentHelp("The directory to write into (it must exist).", valueName: "dir"))
    var directory: String = "."

    /// How the user ran this program: the path typed (`.build/release/gst-warp-launch`), or
    /// `gst-warp-launch` when it came from PATH.
    static var programName: String {
        let typed = CommandLine.arguments.first ?? "gst-warp-launch"
        return typed.contains("/") ? typed : "gst-warp-launch"
    }

    /// The generated clip: 10 s of 640x360 at 30 fps with a clock of the original time, and
    /// 880 Hz ticks once a second. The audio stops 40 ms early (498 buffers of 960 samples at
    /// 48 kHz), so that with the AAC encoder's padding it still ends before the video and the
    /// container's duration D is exactly 10 s.
    static let clip = """
        videotestsrc pattern=ball num-buffers=300 ! video/x-raw,width=640,height=360,framerate=30/1 \
        ! timeoverlay name=clock halignment=center valignment=bottom font-desc="Sans Bold 36" shaded-background=true \
        ! textoverlay text="original time" halignment=center valignment=top font-desc="Sans 24" \
        ! videoconvert ! video/x-raw,format=I420 ! x264enc speed-preset=faster key-int-max=30 ! h264parse ! queue ! mux. \
        audiotestsrc wave=ticks freq=880 tick-interval=1000000000 samplesperbuffer=960 num-buffers=498 \
        ! audio/x-raw,rate=48000,channels=2 ! audioconvert ! avenc_aac ! aacparse ! queue ! mux. \
        mp4mux name=mux ! fdsink name=sink
        """

    func run() throws {
        do {
            try Gst.initialize()
            guard FileIdentity.isDirectory(directory) else {
                throw CLIError("the directory '\(directory)' does not exist", exitCode: 2)
            }
            // Paths as the user types them from where they stand.
            func here(_ name: String) -> String { directory == "." ? name : (directory.hasSuffix("/") ? directory : directory + "/") + name }
            let original = here("demo-original.mp4"), warped = here("demo-warped.mp4")
            print("gst-warp-launch demo: warping a generated 10 s test clip into \(directory == "." ? "the current directory" : directory)")
            print("")
            print("Generating \(original): a moving ball with the original time written at the bottom, a tick every second ...")
            try generateClip(at: original)
            print("")
            // The demo's curve, named explicitly (warp's default is the elements': constant 1).
            let curve = CurveOptions.demo
            let job = WarpJob(input: original, output: warped, outputFormat: try Self.format(of: warped), curve: curve,
                              frameRate: .fixed(30), overwrite: .replace, writePlot: true, inputLabel: original)
            let result = try job.run()
            // The before/after pair for the ear: the same warp with the pitch preserved.
            let preserved = here("demo-warped-preserve.mp4")
            _ = try WarpJob(input: original, output: preserved, outputFormat: try Self.format(of: preserved), curve: curve,
                            frameRate: .fixed(30), pitch: .preserve, overwrite: .replace, quiet: true).run()
            let tool = Self.programName
            print("")
            print("What happened: the clip plays at normal speed at both ends and at 2/3 speed in the middle")
            print("(\(curve.summary): s = \(Format.fixed(curve.factor, 2)) between u = 3/8 and 5/8, eased in")
            print("and out with smoothsteps), so \(Format.seconds(result.plan.inputDuration)) s became "
                  + "\(Format.seconds(result.measuredDuration ?? result.plan.outputDuration)) s; the clock burnt into the picture shows the")
            print("original time, and the ticks, once a second in the original, come further apart in the slow part.")
            print("")
            print("Play it:   gst-play-1.0 \(warped)      (or: ffplay \(warped), mpv \(warped), vlc \(warped))")
            print("Compare:   gst-play-1.0 \(original)")
            print("Pitch:     gst-play-1.0 \(preserved)   (--pitch preserve: the 880 Hz ticks stay at 880 Hz in the")
            print("           slow part, where \(warped) lowers them to 587 Hz, as tape does)")
            print("The curve: \(result.plotPath ?? here("demo-warped.svg")) (open it in a browser), or in the terminal:")
            print("           \(tool) plot --function \(curve.resolvedFunction) --factor \(CurveOptions.number(curve.factor)) --duration 10")
            print("The same:  \(tool) warp \(original) my-warp.mp4 --function \(curve.resolvedFunction) --factor \(CurveOptions.number(curve.factor))")
            if tool != "gst-warp-launch" {
                print("           (make install puts gst-warp-launch on your PATH)")
            }
        } catch {
            exitWithError(error)
        }
    }

    /// The container of a demo file, from its name (`.mp4`).
    private static func format(of path: String) throws(CLIError) -> OutputFormat {
        try OutputFormat.resolve(output: path, format: nil, videoCodec: nil, audioCodec: nil)
    }

    /// Encodes the test clip to `path` (via a temporary name).
    private func generateClip(at path: String) throws {
        for element in ["x264enc", "avenc_aac", "mp4mux", "timeoverlay"] where !Gst.hasElement(element) {
            throw CLIError("the GStreamer element '\(element)' is missing (run scripts/install-deps.sh)")
        }
        let pipeline = try Gst.parseLaunch(Self.clip)
        guard let sink = pipeline.child("sink") else { throw CLIError("internal pipeline error: no sink") }
        let file = try TemporaryFile.create(beside: path)
        let temporary = file.path
        var done = false
        defer { file.close(); if !done { file.remove() } }
        sink.set("fd", String(file.descriptor))
        let outcome = PipelineRunner(options: .init(quiet: true, brief: true)).run(pipeline: pipeline)
        if let sig = outcome.signal { throw CLIError("interrupted", exitCode: Interrupts.exitCode(sig)) }
        if let error = outcome.error { throw CLIError("generating the test clip failed: \(error)") }
        guard rename(temporary, path) == 0 else {
            throw CLIError("could not write '\(path)': \(String(cString: strerror(errno)))")
        }
        done = true
    }
}
