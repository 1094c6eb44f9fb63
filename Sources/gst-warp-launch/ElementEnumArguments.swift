import ArgumentParser
import GstTimeWarp
import TimeWarpAudioCore
import TimeWarpMap
import WarpLaunchKit

/// The element enums as typed options: each parses its GEnum nick, the one spelling the
/// elements, the C enum tables and the CLI share. (The constraints on the raw value make these
/// more specific than the argument parser's own defaults for raw-value enums.)
extension ExpressibleByArgument where Self: PropertyEnum, Self: RawRepresentable, RawValue: ExpressibleByArgument {
    /// The case of a nick (`tapered-cosine`).
    public init?(argument: String) { self.init(nick: argument) }
    /// The nicks, in enum order.
    public static var allValueStrings: [String] { allCases.map(\.nick) }
    /// The nick.
    public var defaultValueDescription: String { nick }
}

extension WarpFunction: ExpressibleByArgument {}
extension AudioInterpolation: ExpressibleByArgument {}
extension AudioPitch: ExpressibleByArgument {}
extension AudioPitchEngine: ExpressibleByArgument {}

/// A value an option refuses, with the one line that says so: `exitWithError` prints it alone,
/// without the argument parser's "The value ... is invalid for ..." around it.
struct RefusedValue: Error, CustomStringConvertible {
    /// E.g. `unknown function 'trianlge'; did you mean 'triangle'? (choose one of: ...)`.
    let message: String
    /// The message.
    var description: String { message }

    /// The `RefusedValue` that `error` carries: the argument parser wraps what a transform throws
    /// in its own (internal) error type, so it is looked for by reflection, a few levels deep.
    static func carried(by error: Error) -> RefusedValue? {
        var pending: [Any] = [error]
        var visits = 0
        while let next = pending.popLast(), visits < 64 {
            visits += 1
            if let refused = next as? RefusedValue { return refused }
            pending += Mirror(reflecting: next).children.map(\.value)
        }
        return nil
    }
}

extension ExpressibleByArgument {
    /// For `@Option(transform:)`: parses with `init?(argument:)`; other text is refused with the
    /// line `refusal` makes of it.
    static func parser(refusing refusal: @escaping @Sendable (String) -> String) -> @Sendable (String) throws -> Self {
        { text in
            guard let value = Self(argument: text) else { throw RefusedValue(message: refusal(text)) }
            return value
        }
    }

    /// The values in words: `linear, cubic or sinc`.
    static var choicesText: String {
        let nicks = allValueStrings
        guard let last = nicks.last, nicks.count > 1 else { return nicks.joined() }
        return nicks.dropLast().joined(separator: ", ") + " or " + last
    }

    /// `--pitch must be follow or preserve (did you mean 'preserve'?)`.
    static func mustBe(_ option: String, _ text: String) -> String {
        "\(option) must be \(choicesText)"
            + (Suggestion.closest(to: text, in: allValueStrings).map { " (did you mean '\($0)'?)" } ?? "")
    }
}
