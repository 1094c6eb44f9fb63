import ArgumentParser

/// `gst-warp-launch [run] [-v] [-q] [-e] [--progress] PIPELINE-DESCRIPTION`; without any
/// arguments, the demo.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a pipeline description like gst-launch-1.0 does (the default command).",
        discussion: """
            The description has the syntax of gst-launch-1.0; videotimewarp and audiotimewarp are \
            built in. Ctrl-C stops the pipeline (with -e: sends EOS first so files are finalised). \
            Without any arguments, gst-warp-launch runs the demo instead.
            """
    )

    @Flag(name: .shortAndLong, help: "Output status information and property notifications.")
    var verbose = false

    @Flag(name: .shortAndLong, help: "Do not print any progress information.")
    var quiet = false

    @Flag(name: [.customShort("e"), .customLong("eos-on-shutdown")],
          help: "Force an EOS on sources before shutting the pipeline down (Ctrl-C).")
    var eosOnShutdown = false

    @Flag(help: "Show a progress bar from the pipeline's position and duration queries.")
    var progress = false

    @Argument(parsing: .captureForPassthrough, help: "The pipeline description.")
    var pipeline: [String] = []

    func run() throws {
        if pipeline == ["--help"] || pipeline == ["-h"] {
            print(GstWarpLaunch.helpMessage(for: RunCommand.self))
            return
        }
        if pipeline.isEmpty {
            if verbose || quiet || eosOnShutdown || progress {
                throw ValidationError("give a pipeline description, e.g. videotestsrc ! videotimewarp factor=2 ! fakesink")
            }
            try DemoCommand().run()
            return
        }
        let runner = PipelineRunner(options: .init(verbose: verbose, quiet: quiet, eosOnShutdown: eosOnShutdown,
                                                   progress: progress))
        let code = runner.run(arguments: pipeline)
        if code != 0 { throw ExitCode(code) }
    }
}
