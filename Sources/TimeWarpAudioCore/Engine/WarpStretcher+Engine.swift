/// `WarpStretcher` as an `AudioWarpEngine`: `framesReady(upTo:)` places windows
/// (`prepare(upTo:)`); the other requirements are its own methods.
extension WarpStretcher: AudioWarpEngine {
    /// Places windows until `limit` frames are ready or none can be placed yet (`prepare(upTo:)`).
    public mutating func framesReady(upTo limit: Int) -> Int {
        prepare(upTo: limit)
    }
}
