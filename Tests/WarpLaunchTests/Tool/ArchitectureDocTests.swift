import Foundation
import XCTest

/// docs/architecture.md, the maintainer's first file, names every target of Package.swift (as
/// `` `Name` `` or, for test targets, as `Tests/Name`), so a new target cannot go unexplained.
final class ArchitectureDocTests: XCTestCase {
    /// The repository's root, from this file's place in it.
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func testEveryTargetIsNamed() throws {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let doc = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        // `.target(name: "X"`, `.executableTarget(name: "X"`, `.systemLibrary(` then `name: "X"`, ...
        var targets: [String] = []
        var expectName = false
        for line in manifest.split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            let declares = [".target(", ".executableTarget(", ".systemLibrary(", ".testTarget("].contains { text.hasPrefix($0) }
            if declares || expectName, let range = text.range(of: "name: \"") {
                let rest = text[range.upperBound...]
                if let end = rest.firstIndex(of: "\"") { targets.append(String(rest[..<end])) }
                expectName = false
            } else if declares {
                expectName = true
            }
        }
        XCTAssertGreaterThan(targets.count, 15, "targets read from Package.swift: \(targets)")
        for target in targets {
            XCTAssertTrue(doc.contains("`\(target)`") || doc.contains("`Tests/\(target)`"),
                          "docs/architecture.md does not name the target \(target)")
        }
    }
}
