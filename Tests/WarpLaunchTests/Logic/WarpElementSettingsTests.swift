import XCTest
import TimeWarpMap
@testable import WarpLaunchKit

/// What `warp` sets on each element (`WarpElementSettings.properties(for:)`): the frame mode and
/// the shutter angle on videotimewarp only, the audio choices on audiotimewarp only, nothing
/// left at its default.
final class WarpElementSettingsTests: XCTestCase {
    func testTheShutterAngleGoesToVideoOnlyWithTheFlow() {
        var settings = WarpElementSettings(curve: CurveOptions(), durationNs: 10_000_000_000)
        settings.frameMode = .flow
        settings.shutterAngle = 90
        let video = settings.properties(for: .video)
        XCTAssertTrue(video.contains(ElementProperty(.frameMode, "flow")), "\(video)")
        XCTAssertTrue(video.contains(ElementProperty(.shutterAngle, "90")), "\(video)")
        XCTAssertFalse(settings.properties(for: .audio).contains { $0.property == .shutterAngle })
        XCTAssertFalse(settings.properties(for: .text).contains { $0.property == .shutterAngle })
    }

    func testAnUnsetShutterAngleIsLeftAtTheElementsDefault() {
        var settings = WarpElementSettings(curve: CurveOptions(), durationNs: 1)
        settings.frameMode = .flow
        XCTAssertFalse(settings.properties(for: .video).contains { $0.property == .shutterAngle })
    }
}
