import Foundation
import WarpLaunchKit
import XCTest

/// Issue 22, item 7: the temporary output is created exclusively under an unpredictable name
/// and written through its descriptor.
final class TemporaryFileTests: XCTestCase {
    func testEachFileIsNewHiddenBesideItsDestinationAndWrittenThroughItsDescriptor() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gwl-tmp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let destination = dir.appendingPathComponent("out.mkv").path
        var names: Set<String> = []
        for _ in 0..<50 {
            let file = try TemporaryFile.create(beside: destination)
            let name = URL(fileURLWithPath: file.path).lastPathComponent
            XCTAssertEqual(URL(fileURLWithPath: file.path).deletingLastPathComponent().path, dir.path)
            XCTAssertTrue(name.hasPrefix(".out.mkv.partial-") && name.hasSuffix(".mkv"), name)
            names.insert(name)
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            XCTAssertEqual(attributes[.type] as? FileAttributeType, .typeRegular)
            XCTAssertEqual(attributes[.size] as? Int, 0)
            XCTAssertEqual([UInt8]("abc".utf8).withUnsafeBytes { write(file.descriptor, $0.baseAddress, 3) }, 3)
            XCTAssertTrue(file.close())
            XCTAssertEqual(try String(contentsOfFile: file.path, encoding: .utf8), "abc")
        }
        XCTAssertEqual(names.count, 50, "two files got the same name")
    }

    func testADirectoryThatRefusesGivesOneLine() throws {
        XCTAssertThrowsError(try TemporaryFile.create(beside: "/nonexistent-dir-gwl/out.mkv")) { error in
            XCTAssertEqual((error as? CLIError)?.message, "cannot write '/nonexistent-dir-gwl/out.mkv': No such file or directory")
        }
    }
}
