import GStreamerBinding

/// Where the map's origin `u = 0` lies in this stream (`MediaOrigin`): the `start-time`
/// property, else the first segment's start (the medium's start as its demuxer tells it), else,
/// upstream being live, the first buffer's stream time. Decided once per stream and published
/// for queries and seeks.
extension WarpElement where S: ~Copyable {
    /// The origin for a SEGMENT `segment`, deciding it on the stream's first segment; nil while
    /// it waits for the first buffer (a live source). Outside the state lock: it may ask
    /// upstream whether it is live.
    func origin(forSegment segment: Segment) -> MediaOrigin? {
        let (known, startTime) = shared.withLock { ($0.origin, $0.settings.startTime) }
        if let known { return known }
        let origin: MediaOrigin
        if startTime != ClockTime.none {
            origin = MediaOrigin(streamTime: startTime, source: .property)
        } else if segment.rate > 0, sinkPad.peerIsLive() {
            element.log(.debug, "upstream is live: the map's origin will be the first buffer's stream time")
            return nil
        } else {
            origin = MediaOrigin(streamTime: segment.time, source: .firstSegment)
        }
        return publish(origin)
    }

    /// A live stream's first buffer (timestamp `pts`) sets the origin: its stream time in the
    /// pending segment (the segment's start when it has none).
    func takeOrigin(fromFirstBuffer pts: UInt64, _ timeline: inout Timeline) {
        guard let received = timeline.received else { return }
        let streamTime = pts == ClockTime.none ? received.time : received.streamTime(of: pts) ?? received.time
        timeline.rebase(on: publish(MediaOrigin(streamTime: streamTime, source: .firstBuffer)))
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
