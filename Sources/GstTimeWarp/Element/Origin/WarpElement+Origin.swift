import GStreamerBinding

/// Where the map's origin `u = 0` lies in this stream (`MediaOrigin`): the `start-time`
/// property, else the start of the segment the first buffer arrives in (the medium's start as
/// its demuxer tells it; segments before any data, such as a default one, do not count), else,
/// upstream being live, the first buffer's stream time. Decided once per stream and published
/// for queries and seeks.
extension WarpElement where S: ~Copyable {
    /// The origin for a SEGMENT `segment` when it is known (or set by `start-time`); nil while
    /// it waits for the first buffer, with `live` telling whether upstream is live. Outside the
    /// state lock: it may ask upstream whether it is live.
    func origin(forSegment segment: Segment) -> (origin: MediaOrigin?, live: Bool) {
        let (known, startTime) = shared.withLock { ($0.origin, $0.settings.startTime) }
        if let known { return (known, false) }
        if startTime != ClockTime.none { return (publish(MediaOrigin(streamTime: startTime, source: .property)), false) }
        return (nil, segment.rate > 0 && sinkPad.peerIsLive())
    }

    /// The first buffer (timestamp `pts`) sets the origin: the start of its segment, or, when
    /// upstream is live, its own stream time (the segment's start when it has none).
    func takeOrigin(fromFirstBuffer pts: UInt64, _ timeline: inout Timeline) {
        guard let received = timeline.received else { return }
        let origin: MediaOrigin
        if timeline.liveOrigin {
            let streamTime = pts == ClockTime.none ? received.time : received.streamTime(of: pts) ?? received.time
            origin = MediaOrigin(streamTime: streamTime, source: .firstBuffer)
        } else {
            origin = MediaOrigin(streamTime: received.time, source: .firstSegment)
        }
        timeline.rebase(on: publish(origin))
    }

    /// Publishes `origin` unless one is published already (the first wins); the one in use.
    private func publish(_ origin: MediaOrigin) -> MediaOrigin {
        let (used, isNew) = shared.withLock { state -> (MediaOrigin, Bool) in
            if let known = state.origin { return (known, false) }
            state.origin = origin
            return (origin, true)
        }
        if isNew { element.log(.debug, used.logLine) }
        return used
    }

    /// The published origin (input stream time 0 until one is known).
    var currentOrigin: MediaOrigin {
        shared.withLock { $0.origin } ?? MediaOrigin(streamTime: 0, source: .firstSegment)
    }
}
