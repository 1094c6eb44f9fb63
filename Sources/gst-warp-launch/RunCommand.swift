import ArgumentParser

/// `gst-warp-launch [run] [OPTION…] PIPELINE-DESCRIPTION`, listed for `help`: the entry point
/// hands these command lines to `LaunchMode` before the argument parser sees them, so that
/// GLib parses gst-launch-1.0's and GStreamer's options exactly as gst-launch-1.0 does.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a pipeline description like gst-launch-1.0 does (the default command).",
        discussion: """
            Takes gst-launch-1.0's options: -t (tags), -c (toc), -v (verbose), -q (quiet), \
            -m (messages), -X PROPERTY (exclude), -f (no fault handler), -e (EOS on shutdown), \
            --version, --no-position, --force-position, and GStreamer's own (--gst-debug=..., \
            --gst-plugin-path=..., see 'gst-warp-launch run --help-all'); plus --progress (a \
            progress bar). Exit status as gst-launch-1.0: 0 at EOS, 1 for an erroneous pipeline \
            or an error while playing. A whole description in one quoted argument is accepted too.
            """
    )

    @Argument(parsing: .captureForPassthrough, help: "The options and the pipeline description.")
    var pipeline: [String] = []

    func run() throws {
        let code = LaunchMode.main(arguments: pipeline)
        if code != 0 { throw ExitCode(code) }
    }
}
