/// What the element's state lock guards: the streaming `State` and its output context, side by
/// side, so that the element hands the State its `out` without any further lock or copy.
struct LockedStream<S: WarpStream & ~Copyable>: ~Copyable {
    /// The streaming state.
    var stream: S
    /// The State's way out (pushes, counters, messages, the settings of the current segment).
    var out: StreamOutput
}
