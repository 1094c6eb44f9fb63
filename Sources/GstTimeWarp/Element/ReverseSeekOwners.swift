import GStreamerBinding
import Synchronization

/// Which element of this process owns the reverse-playback seek of each upstream origin (see
/// `ElementHandle.upstreamSourceAddress`): the first to claim an origin seeks it, the others
/// wait for the reverse segment it brings, so that one demuxer is flushed once.
enum ReverseSeekOwners {
    private static let claims = Mutex<[UInt: UInt]>([:])

    /// Claims `origin` for `element`; false when another element holds it.
    static func claim(_ origin: UInt, by element: UInt) -> Bool {
        claims.withLock { all in
            if let holder = all[origin], holder != element { return false }
            all[origin] = element
            return true
        }
    }

    /// Gives up `element`'s claims (its stream stopped).
    static func release(by element: UInt) {
        claims.withLock { all in all = all.filter { $0.value != element } }
    }
}
