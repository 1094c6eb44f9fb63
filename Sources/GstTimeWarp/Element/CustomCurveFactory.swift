/// Error for settings that cannot produce a curve.
public struct SettingsError: Error, CustomStringConvertible {
    /// What is wrong, for the element error message.
    public let description: String
}

extension TimeMapSettings {
    /// Curves from the `keyframes` and `expression` properties.
    func makeCustomCurve(mediaDuration: Double?) throws -> any TimeScaleCurve {
        throw SettingsError(description: "function=\(function) is not supported yet")
    }
}
