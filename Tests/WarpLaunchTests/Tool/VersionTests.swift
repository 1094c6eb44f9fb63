import Foundation
import XCTest

/// One version: the file VERSION sets the plugin's version (Sources/CShims/version.h, written by
/// `make build`), which `gst-warp-launch --version` prints, the package's (`make deb` reads
/// VERSION) and CHANGELOG.md's first entry. (scripts/check-plugin.sh checks what
/// gst-inspect-1.0 says; make test-package what the installed package says.)
final class VersionTests: XCTestCase {
    /// The repository's root, from this file's place in it.
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    private func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    private var version: String {
        get throws { try read("VERSION").trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    func testVersionIsThreeNumbers() throws {
        let version = try version
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        XCTAssertEqual(parts.count, 3, version)
        XCTAssertTrue(parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }, version)
    }

    func testThePluginsVersionHeaderIsVersion() throws {
        let version = try version, header = try read("Sources/CShims/version.h")
        XCTAssertTrue(header.contains("#define TIMEWARP_VERSION \"\(version)\"\n"),
                      "Sources/CShims/version.h is not VERSION's \(version): run make build")
    }

    func testChangelogsFirstEntryIsVersion() throws {
        let version = try version
        let first = try read("CHANGELOG.md").split(separator: "\n").first { $0.hasPrefix("## ") }
        XCTAssertNotNil(first)
        XCTAssertTrue(first?.hasPrefix("## \(version) (") ?? false,
                      "CHANGELOG.md's first entry '\(first ?? "")' is not '## \(version) (YYYY-MM-DD)'")
    }

    func testToolPrintsVersion() throws {
        let dir = try ToolProcess.temporaryDirectory(for: self)
        let version = try version
        let r = try ToolProcess.run(["--version"], in: dir)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertTrue(r.stdout.hasPrefix("gst-warp-launch version \(version)\n"), r.summary)
    }

    /// The package's file name in the README and docs/ (`gstreamer1.0-timewarp_<version>_amd64.deb`).
    func testDocumentsNameThePackageOfVersion() throws {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        let prefix = "gstreamer1.0-timewarp_", version = try version
        for doc in ["README.md"] + docs {
            var text = Substring(try read(doc))
            while let start = text.range(of: prefix) {
                text = text[start.upperBound...]
                let named = text.prefix { $0 != "_" && $0 != "<" }
                if !named.isEmpty { XCTAssertEqual(String(named), version, "\(doc) names the package of \(named)") }
            }
        }
    }
}
