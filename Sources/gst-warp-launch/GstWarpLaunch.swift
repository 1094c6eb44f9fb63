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

    /// The argument parser's own requests, also for the parser: shell completion scripts (`make
    /// install` writes them) and the help as JSON (what the man page is generated from).
    static func isParserRequest(_ word: String) -> Bool {
        ["--generate-completion-script", "--experimental-dump-help"].contains { word == $0 || word.hasPrefix($0 + "=") }
    }

    /// The subcommands `help` describes, in the order of the usage.
    static let subcommandNames = ["warp", "plot", "run", "check", "demo"]

    /// The subcommand `word` is a typo of (`wrap`: `warp`), when it is a lone word that names
    /// no GStreamer element (which would start a pipeline description).
    static func mistypedCommand(_ word: String) -> String? {
        guard !word.hasPrefix("-"), word.allSatisfy({ $0.isLetter }),
              let command = Suggestion.closest(to: word, in: subcommandNames) else { return nil }
        guard (try? Gst.initialize()) != nil, !Gst.hasElement(word) else { return nil }
        return command
    }

    static func main() {
        LargeBlockAllocation.mapLargeBlocks()
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let first = arguments.first else {
            print(GstWarpLaunch.usage)
            exit(0)
        }
        if first == "run" { exit(LaunchMode.main(arguments: Array(arguments.dropFirst()))) }
        if first == "help", arguments.count > 1, !subcommandNames.contains(arguments[1]) {
            let suggestion = Suggestion.closest(to: arguments[1], in: subcommandNames).map { "; did you mean '\($0)'?" } ?? ""
            printError("error: no help for '\(arguments[1])'\(suggestion) (commands: \(subcommandNames.joined(separator: ", ")))")
            exit(2)
        }
        guard parsedCommands.contains(first) || isParserRequest(first) else {
            if let typo = mistypedCommand(first) {
                printError("error: unknown command '\(first)'; did you mean '\(typo)'? (a pipeline description "
                           + "starts with an element, and there is no element '\(first)')")
                exit(2)
            }
            exit(LaunchMode.main(arguments: arguments))
        }
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

          warp IN OUT [--speed X | --function F ...]  warp a media file (video and audio alike) and encode it
          warp IN... -o DIR [-j N] [options]          warp many files with one curve
          plot [--speed X | --function F ...]         plot a curve in the terminal or as SVG
          run [OPTION…] PIPELINE-DESCRIPTION          run a pipeline like gst-launch-1.0 ('run' may be left out)
          check FILE.pipeline ...                     run pipeline regression cases

          demo [DIR]                                  generate a test clip and warp it, into DIR or the current directory

        'gst-warp-launch help <command>' describes the options; 'gst-warp-launch run --help-all' lists
        gst-launch-1.0's and GStreamer's.
        """
}

/// The curve options shared by `warp` and `plot`: `--speed` in editors' words, or the elements'
/// time-map properties.
struct CurveArguments: ParsableArguments {
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Speed, as editors show it: 2 (or 2x, 200%) plays twice as fast, 0.5 (50%) at half speed; or a ramp '0:100%, 0.5:25%:smooth, 1:100%' (the --keyframes syntax with speeds). Instead of --function/--factor: --speed X is --function constant --factor 1/X.",
                               valueName: "speed"))
    var speed: String?

    @Option(help: ArgumentHelp("The time-scale function: \(WarpFunction.allValueStrings.joined(separator: ", ")). Default: \(WarpFunction.propertyDefault.nick) (the elements' default), or keyframes/expression when those are given.",
                               valueName: "name"),
            completion: .list(WarpFunction.allValueStrings),
            transform: WarpFunction.parser(refusing: CurveOptions.unknownFunctionMessage))
    var function: WarpFunction?

    @Option(parsing: .unconditional, help: "First parameter of the built-ins: the time scale itself for constant (2 = half speed; the inverse of --speed). Default: \(CurveOptions.number(TimeMapDefaults.factor)).")
    var factor: Double?

    @Option(parsing: .unconditional, help: "Second parameter of the built-ins, in (0, 1]. Default: \(CurveOptions.number(TimeMapDefaults.modifier)).")
    var modifier: Double?

    @Option(help: ArgumentHelp("A keyframe curve 'u:s[:ease], ...' of scales s (2 = half speed); positions all in fractions u of the duration, or all in seconds like 2.5s; ease linear, smooth, hold or cubic.",
                               valueName: "keys"))
    var keyframes: String?

    @Option(help: ArgumentHelp("s(u) for function=expression (variables u, t, D), or F(u) for function=antiderivative.",
                               valueName: "expr"))
    var expression: String?

    @Option(help: ArgumentHelp("A time-remap curve 'out:in[:ease], ...' in seconds: the input time shown and heard at each output time; it may freeze (a flat piece) and go backwards. Ease linear, smooth or hold; a repeated output time is a cut. The output lasts until the last key. Example: '0s:0s, 2s:2s, 3s:2s, 5s:0s, 10s:5s' plays 0–2 s, holds 1 s, rewinds to 0, plays 0–5 s.",
                               valueName: "keys"))
    var remap: String?

    @Flag(help: "Play the clip forwards, then backwards to its start (the remap '0s:0s, Ds:Ds, 2Ds:0s' for a clip of D seconds).")
    var boomerang = false

    /// Refuses options that do nothing for the function in force (`--keyframes` with
    /// `--function triangle`) and `--speed` beside the options it replaces: usage errors. (An
    /// unknown function is refused while parsing, with a did-you-mean.)
    func validate() throws {
        var given: [String] = []
        if function != nil { given.append("function") }
        if factor != nil { given.append("factor") }
        if modifier != nil { given.append("modifier") }
        if keyframes != nil { given.append("keyframes") }
        if expression != nil { given.append("expression") }
        if remap != nil { given.append("remap") }
        if boomerang {
            if let other = given.first(where: { $0 != "function" }) ?? (speed != nil ? "speed" : nil) {
                throw ValidationError("--boomerang and --\(other) both set the curve: give one")
            }
            if let function, function != .remap { throw ValidationError("--boomerang is a remap curve: it does nothing with --function \(function.nick)") }
            return
        }
        if let speed {
            if let other = given.first {
                throw ValidationError("--speed and --\(other) both set the curve: give one (--speed X is --function constant --factor 1/X)")
            }
            do { _ = try SpeedWords.curve(speed) } catch { throw ValidationError(error.message) }
            return
        }
        if let conflict = options.conflict(given: Set(given)) { throw ValidationError(conflict) }
        if keyframes != nil, let mixed = options.mixedUnits { throw ValidationError(mixed) }
        if let remap {
            do { _ = try RemapCurve.parse(remap) } catch { throw ValidationError("--remap '\(remap)': \(error)") }
        }
    }

    /// The options: from `--speed`, or as typed, defaulting to the elements' (`constant`, 1).
    var options: CurveOptions {
        if let speed, var curve = try? SpeedWords.curve(speed) {
            curve.speed = speed
            return curve
        }
        var options = CurveOptions(function: function?.nick, factor: factor ?? TimeMapDefaults.factor,
                                   modifier: modifier ?? TimeMapDefaults.modifier,
                                   keyframes: keyframes ?? "", expression: expression ?? "")
        options.remap = remap ?? ""
        options.boomerang = boomerang
        return options
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
