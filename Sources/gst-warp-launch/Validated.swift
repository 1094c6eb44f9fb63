/// A value a command derives from its options once, in `validate()`, and uses in `run()`: the
/// typed form of what was typed. Stored beside the options as a plain property, which the
/// argument parser leaves alone (it is no option; it decodes as empty).
struct Validated<Value>: Decodable {
    /// The value, once `validate()` has set it.
    var value: Value?

    /// Empty, before `validate()`.
    init() {}

    /// Empty: nothing of it comes from the command line.
    init(from decoder: Decoder) throws {}
}
