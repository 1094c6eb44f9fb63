/// Paths `warp` derives from the output path.
public enum OutputPaths {
    /// The directory part of `path` (`.` when none).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `dir/.name.partial-TAG.ext`: where the file is written until it is complete, in the same
    /// directory so the final rename is atomic; the extension is kept for tools that look at it.
    /// `TemporaryFile.create` picks a random `tag` and creates the file exclusively.
    public static func temporary(for path: String, tag: String) -> String {
        let dir = directory(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let ext = name.lastIndex(of: ".").map { String(name[$0...]) } ?? ""
        let prefix = dir == "." && !path.hasPrefix("./") ? "" : (dir == "/" ? "/" : dir + "/")
        return "\(prefix).\(name).partial-\(tag)\(ext)"
    }

    /// `dir/stem.svg` beside the output, for `--plot`.
    public static func plot(for path: String) -> String {
        let dir = directory(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        let prefix = dir == "." && !path.hasPrefix("./") ? "" : (dir == "/" ? "/" : dir + "/")
        return "\(prefix)\(stem).svg"
    }
}
