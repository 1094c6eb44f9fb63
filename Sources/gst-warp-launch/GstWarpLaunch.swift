import ArgumentParser
import Foundation
import GStreamerBinding
import TimeWarpMap
import WarpLaunchKit

/// The entry point: no arguments print the usage; `warp`, `plot`, `check`, `demo` and `help`
/// (and `--help`) go to the argument parser; anything else (or `run ...`) is a gst-launch-1.0
/// command line, parsed by GLib and GStreamer (`LaunchMode`).
@main
enum Main {
    /// The subcommands the argument parser handles.
    static let parsedCommands: Set<String> = ["warp", "plot", "check", "demo", "help", "--help", "-h"]

    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let first = arguments.first else {
            print(GstWarpLaunch.usage)
            exit(0)
        }
        if first == "run" { exit(LaunchMode.main(arguments: Array(arguments.dropFirst()))) }
        guard parsedCommands.contains(first) else { exit(LaunchMode.main(arguments: arguments)) }
        do {
            var command = try GstWarpLaunch.parseAsRoot(arguments)
            try command.run()
        } catch {
            exitWithError(error)
        }
        exit(0)
    }
}

/// `gst-warp-launch`: gst-launch-1.0 with the timewarp plugin built in, plus `warp`, `plot`,
/// `check` and a demo.
struct GstWarpLaunch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gst-warp-launch",
        abstract: "Variably speed up or slow down video and audio with GStreamer.",
        discussion: """
            Without a subcommand the arguments are a pipeline description, exactly as for \
            gst-launch-1.0 (videotimewarp and audiotimewarp are built in), with gst-launch-1.0's \
            options (-v -q -m -t -e -X ..., --version, --gst-debug=..., 'run --help-all'):

              gst-warp-launch videotestsrc ! videotimewarp factor=2 ! autovideosink
            """,
        subcommands: [WarpCommand.self, PlotCommand.self, RunCommand.self, CheckCommand.self, DemoCommand.self]
    )

    /// What `gst-warp-launch` without arguments prints.
    static let usage = """
        Usage: gst-warp-launch <command> [options]   (gst-launch-1.0 with videotimewarp and audiotimewarp built in)

          warp IN OUT [--function F --factor X ...]   warp a media file (video and audio alike) and encode it
          plot [--function F --factor X ...]          plot a curve in the terminal or as SVG
          run [OPTION…] PIPELINE-DESCRIPTION          run a pipeline like gst-launch-1.0 ('run' may be left out)
          check FILE.pipeline ...                     run pipeline regression cases

          demo                                        warp a generated test clip into the current directory

        'gst-warp-launch help <command>' describes the options; 'gst-warp-launch run --help-all' lists
        gst-launch-1.0's and GStreamer's.
        """
}

/// The curve options shared by `warp` and `plot`: the elements' time-map properties.
struct CurveArguments: ParsableArguments {
    @Option(help: ArgumentHelp("The time-scale function: \(WarpFunction.allValueStrings.joined(separator: ", ")). Default: \(CurveOptions.toolDefault.resolvedFunction), or keyframes/expression when those are given.",
                               valueName: "name"),
            completion: .list(WarpFunction.allValueStrings),
            transform: WarpFunction.parser(refusing: CurveOptions.unknownFunctionMessage))
    var function: WarpFunction?

    @Option(parsing: .unconditional, help: "First parameter of the built-ins (the scale itself for constant). Default: \(CurveOptions.number(CurveOptions.toolDefault.factor)).")
    var factor: Double?

    @Option(parsing: .unconditional, help: "Second parameter of the built-ins, in (0, 1]. Default: \(CurveOptions.number(CurveOptions.toolDefault.modifier)).")
    var modifier: Double?

    @Option(help: ArgumentHelp("A keyframe curve 'u:s[:ease], ...' (u in [0,1], or seconds like 2.5s; ease linear, smooth, hold or cubic).",
                               valueName: "keys"))
    var keyframes: String?

    @Option(help: ArgumentHelp("s(u) for function=expression (variables u, t, D), or F(u) for function=antiderivative.",
                               valueName: "expr"))
    var expression: String?

    /// Refuses options that do nothing for the function in force (`--keyframes` with
    /// `--function triangle`): usage errors. (An unknown function is refused while parsing, with a
    /// did-you-mean.)
    func validate() throws {
        var given: Set<String> = []
        if factor != nil { given.insert("factor") }
        if modifier != nil { given.insert("modifier") }
        if keyframes != nil { given.insert("keyframes") }
        if expression != nil { given.insert("expression") }
        if let conflict = options.conflict(given: given) { throw ValidationError(conflict) }
    }

    /// The options, defaulting to `CurveOptions.toolDefault` (double smoothstep, factor 1.5).
    var options: CurveOptions {
        let tool = CurveOptions.toolDefault
        var function = self.function?.nick
        if function == nil, keyframes == nil, expression == nil { function = tool.function }
        return CurveOptions(function: function, factor: factor ?? tool.factor, modifier: modifier ?? tool.modifier,
                            keyframes: keyframes ?? "", expression: expression ?? "")
    }
}

/// Ends the process after an error, in the one style of the commands: `error: message` on
/// stderr, status 1 for bad input (a `CLIError`), 2 for bad usage (what the argument parser or a
/// `validate()` refuses; a `RefusedValue` prints alone), 128 + the signal after one. Help and `--version` requests print and
/// exit 0.
func exitWithError(_ error: Error) -> Never {
    if ProgressReporter.drawing { printError("") }
    if let e = error as? CLIError {
        printError("error: \(e.message)")
        exit(e.exitCode)
    }
    if let e = error as? GStreamerError {
        printError("error: \(e.message)")
        exit(1)
    }
    if let code = error as? ExitCode { exit(code.rawValue) }
    if GstWarpLaunch.exitCode(for: error) == .success { GstWarpLaunch.exit(withError: error) }
    if let refused = RefusedValue.carried(by: error) {
        printError("error: \(refused.message)")
        exit(2)
    }
    let text = GstWarpLaunch.message(for: error)
    printError("error: \(text.prefix(1).lowercased() + text.dropFirst())")
    exit(2)
}
