// Swift applications that `import GstTimeWarp` keep seeing the binding types the API and its
// settings use (`ClockTime`, ...), and the curve settings (`TimeMapSettings`, `WarpFunction`).
@_exported import GStreamerBinding
@_exported import TimeWarpMap
