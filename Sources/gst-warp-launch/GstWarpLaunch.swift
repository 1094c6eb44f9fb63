import ArgumentParser

/// `gst-warp-launch`: gst-launch-1.0 with the timewarp plugin built in.
@main
struct GstWarpLaunch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gst-warp-launch",
        abstract: "Run GStreamer pipelines with videotimewarp and audiotimewarp built in.",
        discussion: """
            Without a subcommand the arguments are a pipeline description, exactly as for
            gst-launch-1.0, e.g.:
              gst-warp-launch videotestsrc num-buffers=100 ! videotimewarp factor=2 ! autovideosink
            """,
        subcommands: [RunCommand.self],
        defaultSubcommand: RunCommand.self
    )
}
