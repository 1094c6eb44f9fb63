/// One line of GNU parallel's sshlogin file: `[N/]sshlogin`, where the sshlogin is `:` (this
/// machine), `host`, `user@host` or an ssh command with its options (`ssh -p 2222 user@host`).
public struct SSHLogin: Equatable, Sendable {
    /// The line as parallel reads it.
    public var line: String
    /// The host as parallel names it in its job log (the line without `N/`).
    public var name: String
    /// `N/`: the jobs run at once there (nil: as many as its cores).
    public var slots: Int?
    /// `:`: this machine, with no ssh.
    public var isLocal: Bool { name == ":" }

    public init(line: String, name: String, slots: Int?) {
        self.line = line
        self.name = name
        self.slots = slots
    }
}

/// GNU parallel's `--sshloginfile`: one sshlogin a line; blank lines and `#` comments skipped.
public enum SSHLoginFile {
    /// The logins of `text`; throws a `CLIError` naming the line that is not one.
    public static func parse(_ text: String, file: String) throws(CLIError) -> [SSHLogin] {
        var logins: [SSHLogin] = []
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(inSetOf: " \t\r")
            if line.isEmpty || line.hasPrefix("#") { continue }
            var name = Substring(line), slots: Int?
            if let slash = line.firstIndex(of: "/"), let n = Int(line[..<slash]) {
                guard n > 0 else { throw CLIError("\(file):\(n + 1): '\(line)': the number of jobs before / must be at least 1") }
                slots = n
                name = line[line.index(after: slash)...]
            }
            let host = name.trimmingCharacters(inSetOf: " \t")
            guard !host.isEmpty else { throw CLIError("\(file):\(n + 1): '\(line)' names no host") }
            logins.append(SSHLogin(line: line, name: host, slots: slots))
        }
        guard !logins.isEmpty else {
            throw CLIError("the hosts file '\(file)' names no host: write one sshlogin a line (':' is this machine)")
        }
        return logins
    }
}

extension StringProtocol {
    /// The text without the given characters at either end.
    func trimmingCharacters(inSetOf set: String) -> String {
        var s = Substring(self)
        while let c = s.first, set.contains(c) { s = s.dropFirst() }
        while let c = s.last, set.contains(c) { s = s.dropLast() }
        return String(s)
    }
}
