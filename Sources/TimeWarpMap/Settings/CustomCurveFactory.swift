
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
        case .remap:
            if case .failure(let e) = parsedRemap { return "invalid remap \"\(remap)\": \(e)" }
        case .expression, .antiderivative:
            if case .failure(let e) = parsedExpression { return "invalid expression \"\(expression)\": \(e)" }
        default: break
        }
        return nil
    }
}

extension TimeMapSettings {
    /// The remap curve of `function=remap`, checked against the medium's duration when known and
    /// against `max-history`; nil for other functions.
    public func remapCurve(mediaDuration: Double?) throws -> RemapCurve? {
        guard customCurve == nil, function == .remap else { return nil }
        switch parsedRemap {
        case .none: throw SettingsError(description: "function=remap needs the remap property, e.g. remap=\"0s:0s, 2s:2s, 3s:2s, 5s:0s, 10s:5s\"")
        case .failure(let error): throw SettingsError(description: "invalid remap \"\(remap)\": \(error)")
        case .success(let curve):
            if let mediaDuration {
                do { try curve.validate(mediaDuration: mediaDuration) } catch {
                    throw SettingsError(description: "invalid remap \"\(remap)\": \(error)")
                }
            }
            let history = curve.historyNeeded
            if history > Double(maxHistory) / 1e9 {
                throw SettingsError(description: "remap \"\(remap)\" needs \(Self.seconds(history)) of history, more than "
                    + "max-history (\(Self.seconds(Double(maxHistory) / 1e9))): raise max-history or shorten the rewind")
            }
            return curve
        }
    }

    /// The remap curve when it stops, jumps or goes backwards: the elements then remap
    /// themselves instead of going through a forward map. Nil for a forward remap and other
    /// functions (and for settings that cannot be built: `makeMap` reports those).
    public func nonForwardRemap(mediaDuration: Double?) -> RemapCurve? {
        guard let curve = try? remapCurve(mediaDuration: mediaDuration), !curve.isForward else { return nil }
        return curve
    }

    /// Seconds for messages: `2.5 s`.
    static func seconds(_ value: Double) -> String {
        let ms = (value * 1000).rounded()
        return ms.truncatingRemainder(dividingBy: 1000) == 0 ? "\(Int(ms / 1000)) s" : "\(ms / 1000) s"
    }
}
