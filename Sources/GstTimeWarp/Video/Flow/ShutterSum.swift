import CWarpFlowAPI

/// The light one component of a flow shutter gathers: a float per sample, filled by the flow
/// module's `accumulate` and by held frames, then rounded into the output.
struct ShutterSum {
    /// Samples per row.
    let width: Int
    /// Rows.
    let height: Int
    /// The sums, rows packed.
    private var samples: [Float] = []

    /// An empty sum of `width` x `height` samples in the block `storage` holds (taken from it;
    /// `giveBack(to:)` returns it), so that a stream of blurred frames reuses one block instead
    /// of allocating one per frame and component.
    init(width: Int, height: Int, reusing storage: inout [Float]) {
        self.width = max(0, width)
        self.height = max(0, height)
        swap(&samples, &storage)
        samples.removeAll(keepingCapacity: true)
        samples.append(contentsOf: repeatElement(0, count: self.width * self.height))
    }

    /// Hands the block back to `storage`, for the next sum.
    mutating func giveBack(to storage: inout [Float]) { swap(&samples, &storage) }

    /// Calls `body` with the sums' storage (for the flow module).
    mutating func withPointer<R>(_ body: (UnsafeMutablePointer<Float>) -> R) -> R? {
        samples.withUnsafeMutableBufferPointer { $0.baseAddress.map(body) }
    }

    /// Adds `weight` times the samples of `component` (a frame held as it is).
    mutating func add(_ component: WarpFlowComponent, weight: Double) {
        let w = Float(weight), rows = min(height, Int(component.height)), columns = min(width, Int(component.width))
        for y in 0..<rows {
            let row = UnsafeRawPointer(component.data + y * component.stride)
            for x in 0..<columns {
                samples[y * width + x] += w * Self.read(row + x * Int(component.pixel_stride), Int(component.sample_bytes))
            }
        }
    }

    /// Writes the sums, rounded and clamped to the sample's range, into `component`.
    func write(into component: WarpFlowComponent) {
        let bytes = Int(component.sample_bytes)
        let maximum: Float = bytes == 2 ? 65535 : 255
        let rows = min(height, Int(component.height)), columns = min(width, Int(component.width))
        for y in 0..<rows {
            let row = UnsafeMutableRawPointer(component.data + y * component.stride)
            for x in 0..<columns {
                let value = min(maximum, max(0, samples[y * width + x] + 0.5))
                let p = row + x * Int(component.pixel_stride)
                if bytes == 2 {
                    p.storeBytes(of: UInt16(value).littleEndian, as: UInt16.self)
                } else {
                    p.storeBytes(of: UInt8(value), as: UInt8.self)
                }
            }
        }
    }

    /// One sample of 1 or 2 bytes (little-endian).
    private static func read(_ p: UnsafeRawPointer, _ bytes: Int) -> Float {
        bytes == 2 ? Float(UInt16(littleEndian: p.loadUnaligned(as: UInt16.self))) : Float(p.load(as: UInt8.self))
    }
}
