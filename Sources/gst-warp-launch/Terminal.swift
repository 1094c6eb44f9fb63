import Foundation

/// Writes one line to stderr.
func printError(_ text: String) {
    try? FileHandle.standardError.write(contentsOf: Data((text + "\n").utf8))
}

/// Whether stderr is a terminal.
var stderrIsTTY: Bool { isatty(2) != 0 }

/// Whether the locale can show UTF-8 (Braille dots, block characters).
var terminalSupportsUTF8: Bool {
    let env = ProcessInfo.processInfo.environment
    let value = env["LC_ALL"] ?? env["LC_CTYPE"] ?? env["LANG"] ?? ""
    return value.uppercased().contains("UTF-8") || value.uppercased().contains("UTF8")
}
