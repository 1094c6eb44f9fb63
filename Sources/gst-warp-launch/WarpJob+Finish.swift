import Foundation
import GStreamerDiscovery
import WarpLaunchKit

extension WarpJob {
    /// Step 5: the complete file at `temporary`: the AAC priming signalled in the MP4 edit list,
    /// Matroska's tag text put back, then renamed to `destination`.
    func complete(_ temporary: String, as destination: String, graph: WarpGraph, container: OutputContainer) throws {
        if let priming = container.primingFrames, let audio = graph.audioFed, audio.samples > 0 {
            do {
                try MP4EditList.signalPriming(path: temporary, priming: priming, samples: audio.samples, sampleRate: audio.rate)
            } catch {
                throw CLIError("\(error.message); nothing was written to '\(output)'")
            }
        }
        // matroskamux 1.22 writes tag values serialized (`"My\\ Film:\\ a\\ test"`): put back the text.
        if container.muxer.hasPrefix("matroskamux") || container.muxer.hasPrefix("webmmux") {
            MatroskaTagText.unmangle(path: temporary)
        }
        guard rename(temporary, destination) == 0 else {
            throw CLIError("could not rename '\(temporary)' to '\(output)': \(SystemError.text(errno))")
        }
    }

    /// Step 5 for `--plot`: the plot of the curve (refused up front when it existed without -y).
    func writePlotFile(_ path: String, mapping: WarpMapping, media: MediaInfo) throws {
        if let remap = mapping.remap {
            try TextFile.write(RemapSVGPlot(curve: remap, title: mapping.curve.summary).render(), to: path)
        } else {
            let plot = CurvePlot(title: mapping.curve.summary, map: mapping.map, duration: mapping.seconds,
                                 frames: mapping.frameRate == .any ? media.estimatedFrames : nil)
            try TextFile.write(SVGPlot(plot: plot).render(), to: path)
        }
    }

    /// Step 5, last: the final `-progress` block (progress=end) and the summary; returns `result`.
    func finish(_ result: Result, run: WarpRun, source: WarpSource, frameRate: FrameRateChoice) -> Result {
        run.writeProgress(frames: result.counters?.output, finished: true)
        printSummary(result, media: source.media, frameRate: frameRate)
        return result
    }
}
