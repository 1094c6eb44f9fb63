import CGStreamer
import CShims

/// `audiotimewarp`: resamples audio at variable control points so it follows the time map.
final class AudioTimeWarp: WarpingElement, @unchecked Sendable {
}
