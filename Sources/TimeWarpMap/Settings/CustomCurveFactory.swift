
/// Error for settings that cannot produce a curve.
public struct SettingsError: Error, CustomStringConvertible {
    /// What is wrong, for the element error message.
    public let description: String
}

extension TimeMapSettings {
    /// Curves from the `keyframes` and `expression` properties (parsed when they were set).
    public func makeCustomCurve(mediaDuration: Double?) throws -> any TimeScaleCurve {
        switch function {
        case .keyframes:
            switch parsedKeyframes {
            case .none: throw SettingsError(description: "function=keyframes needs the keyframes property, e.g. keyframes=\"0:1, 0.5:2:smooth, 1:1\"")
            case .failure(let error): throw SettingsError(description: "invalid keyframes \"\(keyframes)\": \(error)")
            case .success(let spec):
                do { return try spec.makeCurve(mediaDuration: mediaDuration) } catch {
                    throw SettingsError(description: "invalid keyframes \"\(keyframes)\": \(error)")
                }
            }
        case .expression, .antiderivative:
            let role = function == .expression ? "s(u)" : "F(u)"
            switch parsedExpression {
            case .none: throw SettingsError(description: "function=\(function.nick) needs the expression property (\(role))")
            case .failure(let error): throw SettingsError(description: "invalid expression \"\(expression)\": \(error)")
            case .success(let parsed):
                do {
                    if function == .expression, mediaDuration == nil, parsed.usesDuration, parsed.isInSecondsOnly {
                        return try SecondsExpressionCurve.make(expression: parsed)
                    }
                    return function == .expression
                        ? try ExpressionCurve.make(expression: parsed, mediaDuration: mediaDuration)
                        : try AntiderivativeCurve.make(expression: parsed, mediaDuration: mediaDuration)
                } catch {
                    throw SettingsError(description: "expression \"\(expression)\" for \(role): \(error)")
                }
            }
        default:
            throw SettingsError(description: "function=\(function.nick) is not a custom curve")
        }
    }

    /// The parse error of the property the current `function` uses, if any (reported when the
    /// property is set, and again as an element error when streaming starts).
    public var propertyError: String? {
        switch function {
        case .keyframes:
            if case .failure(let e) = parsedKeyframes { return "invalid keyframes \"\(keyframes)\": \(e)" }
        case .expression, .antiderivative:
            if case .failure(let e) = parsedExpression { return "invalid expression \"\(expression)\": \(e)" }
        default: break
        }
        return nil
    }
}
