/// `WarpSpectralStretcher` as an `AudioWarpEngine`: `framesReady(upTo:)` places grains
/// (`prepare(upTo:)`); the other requirements are its own methods.
extension WarpSpectralStretcher: AudioWarpEngine {
    /// Places grains until `limit` frames are ready or none can be placed yet (`prepare(upTo:)`).
    public mutating func framesReady(upTo limit: Int) -> Int {
        prepare(upTo: limit)
    }
}
