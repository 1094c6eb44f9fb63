/// `warp --hosts`: each host's `gst-warp-launch --version`, as `parallel --nonall --tag` prints
/// it (`host<TAB>gst-warp-launch version X`), against this one's.
public enum HostVersions {
    /// The version in a `--version` line (`gst-warp-launch version 0.2.0` gives `0.2.0`).
    public static func version(inLine line: Substring) -> String? {
        let words = line.split(separator: " ")
        guard let at = words.firstIndex(of: "version"), at > words.startIndex, words[at - 1].hasSuffix("gst-warp-launch"),
              at + 1 < words.endIndex else { return nil }
        return String(words[at + 1])
    }

    /// One problem per host that has no gst-warp-launch, or another version, or did not answer;
    /// empty when every host in `hosts` runs `expected`.
    public static func problems(output: String, hosts: [String], expected: String) -> [String] {
        var found: [String: String] = [:]
        for line in output.split(separator: "\n") {
            guard let tab = line.firstIndex(of: "\t") else { continue }
            let host = String(line[..<tab])
            if let v = version(inLine: line[line.index(after: tab)...]) { found[host] = v }
        }
        return hosts.compactMap { host in
            guard let v = found[host] else {
                return "\(host): no answer from gst-warp-launch --version (not installed, not on PATH, or the host is down)"
            }
            return v == expected ? nil : "\(host): gst-warp-launch \(v), not \(expected) as here"
        }
    }
}
