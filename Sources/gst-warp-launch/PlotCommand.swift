import ArgumentParser
import Foundation
import WarpLaunchKit

/// `gst-warp-launch plot [curve options] [--duration S] [-o FILE.svg]`.
struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Plot a curve: the scale s(u) with its minimum and maximum, the map T(t), the expected duration.",
        discussion: """
            Without -o the plot is drawn in the terminal; with -o FILE.svg it is written as SVG \
            (an existing file is replaced only with -y). Without a curve option the curve is the \
            elements' default, constant 1.

              gst-warp-launch plot --function cosine --factor 0.5 --duration 10
              gst-warp-launch plot --speed '0:100%, 0.5:25%:smooth, 1:100%' --duration 10
            """
    )

    @OptionGroup(title: "Curve")
    var curve: CurveArguments

    @Option(help: ArgumentHelp("The media duration D in seconds (for T(t) in seconds and the expected duration).",
                               valueName: "seconds"))
    var duration: Double?

    @Option(help: ArgumentHelp("The number of input frames, for the average frame rate of a variable-rate output.",
                               valueName: "n"))
    var frames: Int?

    @Option(name: .shortAndLong, help: ArgumentHelp("Write an SVG file instead of drawing in the terminal.",
                                                    valueName: "file.svg"))
    var output: String?

    @Option(help: "Terminal plot width in characters.")
    var width = 60

    @Flag(name: .customShort("y"), help: "Overwrite the -o file if it exists.")
    var overwrite = false

    @Flag(name: .customShort("n"), help: "Never overwrite: fail if the -o file exists.")
    var neverOverwrite = false

    @Flag(help: "Draw with ASCII characters instead of Braille dots.")
    var ascii = false

    func validate() throws {
        if let duration, !(duration.isFinite && duration > 0) { throw ValidationError("--duration must be positive") }
        if let frames, frames <= 0 { throw ValidationError("--frames must be positive") }
        if !(10...TerminalPlot.maximumSize).contains(width) {
            throw ValidationError("--width must be between 10 and \(TerminalPlot.maximumSize)")
        }
        if let contradiction = Overwrite.contradiction(replace: overwrite, never: neverOverwrite) {
            throw ValidationError(contradiction)
        }
        if let output {
            let name = output.split(separator: "/").last.map(String.init) ?? output
            let ext = name.lastIndex(of: ".").map { name[name.index(after: $0)...].lowercased() }
            guard ext == "svg" else {
                throw ValidationError("plot writes SVG only: give -o a name ending in .svg (got '\(output)')")
            }
        } else if overwrite || neverOverwrite {
            throw ValidationError("\(overwrite ? "-y" : "-n") has no effect without -o (the plot is drawn in the terminal): give one of them")
        }
    }

    func run() throws {
        do {
            let plot = try CurvePlot(options: curve.options, duration: duration, frames: frames)
            if let output {
                // Plot reads no file: the guard refuses a directory; a link is written through;
                // an existing file is replaced only with -y.
                try OutputGuard.check(output)
                try Overwrite(replace: overwrite, never: neverOverwrite).check("output", at: output)
                try OutputGuard.requireDirectory(of: OutputPaths.resolvingLinks(output))
                // A signal while writing still removes the temporary file (then ends the process).
                Interrupts.begin()
                defer { Interrupts.end() }
                try TextFile.write(SVGPlot(plot: plot).render(), to: output)
                print("Wrote \(output)")
                plot.caption.forEach { print($0) }
            } else {
                print(TerminalPlot(plot: plot, columns: width, ascii: ascii || !terminalSupportsUTF8).render(),
                      terminator: "")
            }
        } catch {
            exitWithError(error)
        }
    }
}
