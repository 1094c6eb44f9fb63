import Foundation
import WarpLaunchKit

/// The folder of one `warp --hosts/--chunks` job, beside the output (`.NAME.chunks-XXXXXX`,
/// created by `mkdtemp`, so private to this run): the hosts file, parallel's job log, the
/// returned parts, the local audio pass and, in `remoteName`, the folder the jobs run in (the
/// same relative name under each host's home; here, inside this folder) with the input linked
/// as `input.EXT`. Removed with everything in it by `remove()`.
struct ChunkWorkDir {
    let path: String
    /// The jobs' working folder, relative (`--workdir`): under each host's home, and here.
    let remoteName: String
    /// The input's name in the jobs' folder.
    let inputName: String

    init(beside destination: String, input: String) throws(CLIError) {
        let cwd = FileManager.default.currentDirectoryPath
        let relative = OutputPaths.directory(of: destination)
        // Absolute and without `.` parts: parallel reads `/./` in `baseFile` as where the
        // path on the host begins.
        let dir = URL(fileURLWithPath: relative.hasPrefix("/") ? relative : cwd + "/" + relative).standardized.path
        let base = destination.split(separator: "/").last.map(String.init) ?? "out"
        var template = Array("\(dir)/.\(base).chunks-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw CLIError("cannot create a work folder beside '\(destination)': \(SystemError.text(errno))")
        }
        path = String(cString: template)
        let suffix = path.split(separator: "-").last.map(String.init) ?? "run"
        remoteName = ".gst-warp-chunks-\(ProcessInfo.processInfo.processIdentifier)-\(suffix)"
        let ext = input.split(separator: "/").last.flatMap { name in name.lastIndex(of: ".").map { String(name[$0...]) } } ?? ""
        inputName = "input" + ext
        let absolute = input.hasPrefix("/") ? input : cwd + "/" + input
        guard mkdir(path + "/" + remoteName, 0o700) == 0,
              symlink(absolute, path + "/" + remoteName + "/" + inputName) == 0 else {
            let problem = SystemError.text(errno)
            remove()
            throw CLIError("cannot prepare the work folder '\(path)': \(problem)")
        }
    }

    /// parallel's `--basefile`: the input, sent to `remoteName/inputName` on each host.
    var baseFile: String { "\(path)/\(remoteName)/./\(inputName)" }

    /// Where chunk `index`'s part is once its job succeeded: returned from a host into this
    /// folder, or written by a job on this machine in the jobs' folder.
    func part(_ index: Int) -> String? {
        let name = Self.partName(index)
        return [path + "/" + name, path + "/" + remoteName + "/" + name].first { access($0, F_OK) == 0 }
    }

    /// The part's name, as the jobs write it (`chunk-{#}.gdp`: parallel numbers its jobs from 1).
    static func partName(_ index: Int) -> String { "chunk-\(index + 1).gdp" }

    /// Removes the folder and everything in it.
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
