import ArgumentParser

/// `gst-warp-launch [run] [-v] [-q] [-e] PIPELINE-DESCRIPTION`.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a pipeline description like gst-launch-1.0 does."
    )

    @Flag(name: .shortAndLong, help: "Output status information and property notifications.")
    var verbose = false

    @Flag(name: .shortAndLong, help: "Do not print any progress information.")
    var quiet = false

    @Flag(name: [.customShort("e"), .customLong("eos-on-shutdown")],
          help: "Force an EOS on sources before shutting the pipeline down (Ctrl-C).")
    var eosOnShutdown = false

    @Argument(parsing: .captureForPassthrough, help: "The pipeline description.")
    var pipeline: [String] = []

    func validate() throws {
        if pipeline.isEmpty { throw ValidationError("give a pipeline description, e.g. videotestsrc ! videotimewarp factor=2 ! fakesink") }
    }

    func run() throws {
        let runner = PipelineRunner(options: .init(verbose: verbose, quiet: quiet, eosOnShutdown: eosOnShutdown))
        let code = runner.run(arguments: pipeline)
        if code != 0 { throw ExitCode(code) }
    }
}
