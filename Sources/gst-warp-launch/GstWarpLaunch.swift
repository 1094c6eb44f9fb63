import ArgumentParser
import Foundation
import WarpLaunchKit

/// `gst-warp-launch`: gst-launch-1.0 with the timewarp plugin built in, plus `warp`, `plot`,
/// `check` and a demo.
@main
struct GstWarpLaunch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gst-warp-launch",
        abstract: "Variably speed up or slow down video and audio with GStreamer.",
        discussion: """
            Without a subcommand the arguments are a pipeline description, exactly as for \
            gst-launch-1.0 (videotimewarp and audiotimewarp are built in):

              gst-warp-launch videotestsrc ! videotimewarp factor=2 ! autovideosink

            Without any arguments it runs the demo (see 'gst-warp-launch demo --help').
            """,
        subcommands: [RunCommand.self, WarpCommand.self, PlotCommand.self, CheckCommand.self, DemoCommand.self],
        defaultSubcommand: RunCommand.self
    )
}

/// The curve options shared by `warp` and `plot`: the elements' time-map properties.
struct CurveArguments: ParsableArguments {
    @Option(help: ArgumentHelp("The time-scale function: \(CurveOptions.functionNicks.joined(separator: ", ")). Default: double-smoothstep, or keyframes/expression when those are given.",
                               valueName: "name"))
    var function: String?

    @Option(parsing: .unconditional, help: "First parameter of the built-ins (the scale itself for constant). Default: 1.5.")
    var factor: Double?

    @Option(parsing: .unconditional, help: "Second parameter of the built-ins, in (0, 1]. Default: 0.5.")
    var modifier: Double?

    @Option(help: ArgumentHelp("A keyframe curve 'u:s[:ease], ...' (u in [0,1], or seconds like 2.5s; ease linear, smooth, hold or cubic).",
                               valueName: "keys"))
    var keyframes: String?

    @Option(help: ArgumentHelp("s(u) for function=expression (variables u, t, D), or F(u) for function=antiderivative.",
                               valueName: "expr"))
    var expression: String?

    /// The options, defaulting to `CurveOptions.toolDefault` (double smoothstep, factor 1.5).
    var options: CurveOptions {
        var function = self.function
        if function == nil, keyframes == nil, expression == nil { function = "double-smoothstep" }
        return CurveOptions(function: function, factor: factor ?? 1.5, modifier: modifier ?? 0.5,
                            keyframes: keyframes ?? "", expression: expression ?? "")
    }
}

/// Prints `error: message` on stderr and exits with status 1.
func exitWithError(_ error: Error) -> Never {
    if ProgressReporter.drawing { printError("") }
    let text: String
    var code: Int32 = 1
    if let e = error as? CLIError { text = e.message; code = e.exitCode } else { text = "\(error)" }
    printError("error: \(text)")
    exit(code)
}
