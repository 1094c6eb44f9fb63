import GStreamerBinding
import Synchronization

/// The elements of this process with `reverse=true` that share one upstream origin (see
/// `ElementHandle.siblings(withTrue:)`), and whether its reverse-playback seek was sent. The seek
/// goes once, when every member has had its first buffer or its EOS: by then each member's
/// decoder has negotiated, so the flush cannot catch one negotiating (jpegdec, among others,
/// posts "failed to negotiate" when it does), and the demuxer is flushed once.
enum ReverseSeekOwners {
    private struct Group {
        var members: Set<UInt> = []
        var arrived: Set<UInt> = []
        var sent = false
    }

    private static let groups = Mutex<[UInt: Group]>([:])

    /// `element` has its first buffer (or its EOS) from `origin`, whose members with
    /// `reverse=true` are `members`; true when this arrival completes the group, and the caller
    /// is to send the seek.
    static func arrive(_ element: UInt, from origin: UInt, members: [UInt]) -> Bool {
        groups.withLock { all in
            var group = all[origin] ?? Group()
            group.members.formUnion(members)
            group.members.insert(element)
            group.arrived.insert(element)
            let complete = !group.sent && group.members.isSubset(of: group.arrived)
            if complete { group.sent = true }
            all[origin] = group
            return complete
        }
    }

    /// Forgets `element` (its stream stopped); a group left empty goes.
    static func release(by element: UInt) {
        groups.withLock { all in
            for (origin, var group) in all {
                group.members.remove(element)
                group.arrived.remove(element)
                all[origin] = group.arrived.isEmpty ? nil : group
            }
        }
    }
}
