import SpillStore

/// The tool's temporary files with no name (`UnlinkedTemporaryFile`), named beside a path:
/// `.NAME.partial-XXXXXXXXXX.EXT` + a suffix in the output's folder, unlinked the moment they
/// exist. `warp --reverse` keeps its store and its remuxed copy of the input in such files.
public enum UnlinkedFile {
    /// Creates the file beside `beside`, unlinks it, and returns its descriptor (read-write,
    /// close-on-exec). `what` names it in errors.
    public static func create(beside: String, suffix: String, what: String) throws(CLIError) -> Int32 {
        do { return try UnlinkedTemporaryFile.create(pathPrefix: prefix(beside: beside), suffix: extensionOf(beside) + suffix) } catch {
            throw CLIError("cannot create \(what) beside '\(beside)': \(error)")
        }
    }

    /// `dir/.name.partial-`: the part of `OutputPaths.temporary(for:tag:)` before its tag.
    static func prefix(beside path: String) -> String {
        let full = OutputPaths.temporary(for: path, tag: "")
        return String(full.dropLast(extensionOf(path).count))
    }

    /// The extension of `path`'s name with its dot (`.mp4`), or "".
    static func extensionOf(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.lastIndex(of: ".").map { String(name[$0...]) } ?? ""
    }

    /// A path that opens the file again while `descriptor` is open (Linux: `/proc/self/fd/N`),
    /// for elements that read a location (`filesrc`).
    public static func path(of descriptor: Int32) -> String { "/proc/self/fd/\(descriptor)" }
}
