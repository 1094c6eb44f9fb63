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
