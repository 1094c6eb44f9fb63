import Foundation
import GStreamerBinding
import WarpLaunchKit

/// Step 3 of `WarpJob.run`'s result: where the file and its plot go.
struct WarpTarget {
    /// The output with its links followed (the temporary file is created beside it); empty
    /// for stdout.
    var destination = ""
    /// `--plot`: the plot beside the output.
    var plotPath: String?
}

extension WarpJob {
    /// Step 3: the output is not the input (by device and inode, whatever the names and links),
    /// not a directory, not an existing file without -y, in an existing and writable directory;
    /// the encoders are at hand.
    func checkOutput(for source: WarpSource) throws -> WarpTarget {
        var target = WarpTarget()
        if !toStdout {
            try OutputGuard.check(output, against: [("input", source.path)])
            target.plotPath = writePlot ? OutputPaths.plot(for: output) : nil
            if let plotPath = target.plotPath {
                try OutputGuard.check(plotPath, role: "plot", against: [("input", source.path), ("output", output)])
            }
            try source.encoder.check(for: source.container)
            try overwrite.check("output", at: output)
            if let plotPath = target.plotPath { try overwrite.check("plot", at: plotPath) }
            // A link is written through: the file it leads to is replaced, the link stays.
            target.destination = OutputPaths.resolvingLinks(output)
            try OutputGuard.requireDirectory(of: target.destination)
            let dir = OutputPaths.directory(of: target.destination)
            guard FileManager.default.isWritableFile(atPath: dir) else {
                throw CLIError("the output directory '\(dir)' is not writable")
            }
        }
        let container = source.container
        for element in container.requiredElements where !Gst.hasElement(element) {
            throw CLIError("the GStreamer element '\(element)' is missing, needed for .\(container.fileExtension) "
                           + "(run scripts/install-deps.sh, or install gstreamer1.0-plugins-good, -ugly and gstreamer1.0-libav)")
        }
        return target
    }

    /// Names each stream that cannot be carried (on stderr, even with -q: never left out
    /// silently), then stops if a signal came (a reader that went away: SIGPIPE) before
    /// anything is written.
    func reportDropped(_ source: WarpSource) throws {
        let media = source.media, container = source.container
        let matroska = container.muxer.hasPrefix("matroskamux") || container.muxer.hasPrefix("webmmux")
        var dropped = source.streams.dropped
        if reverse, media.chapters > 0, !source.streams.keepsVideo || media.videoStreams == 0, matroska {
            dropped.append("chapters: not written in a reversed output without video")
        }
        // Only Matroska and WebM take the (warped) chapters: mp4mux and qtmux (GStreamer 1.22)
        // write none, and the audio formats have no place for them.
        if media.chapters > 0, !matroska {
            dropped.append("\(media.chapters) chapter\(media.chapters == 1 ? "" : "s"): not written in .\(container.fileExtension) output "
                           + "(.mkv and .webm keep them)")
        }
        // mp4mux and qtmux (GStreamer 1.22) write no track names either; the languages stay.
        let named = source.streams.audioIndices.compactMap { media.audioTitles.indices.contains($0) ? media.audioTitles[$0] : nil }
            .filter { !$0.isEmpty }
        if !named.isEmpty, container.isQuickTime {
            dropped.append("the audio track name\(named.count == 1 ? "" : "s") \(named.map { "\"\($0)\"" }.joined(separator: ", ")): "
                           + "not written in .\(container.fileExtension) output (.mkv and .webm keep them)")
        }
        for line in dropped { printError("dropped: \(line)") }
        fflush(nil)  // a reader that went away (SIGPIPE) stops the run before anything is written
        if let sig = Interrupts.take() { throw interrupted(by: sig) }
    }
}
