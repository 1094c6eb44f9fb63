import CShims
import GStreamerBinding
import TimeWarpMap

/// Property values handed to the `output-time-with` / `input-time-with` action signals (and to
/// GES translation functions): a `GstStructure` whose fields are named like the time-map
/// properties. Fields it does not name keep the element's own values.
extension TimeMapSettings {
    /// The time-map properties a structure may set (every property that defines the map).
    static let structureFields: [PropertyName] = [.function, .factor, .speed, .modifier, .keyframes, .expression,
                                                  .remap, .duration]

    /// These settings with the fields of `structure` applied; throws `PropertyStructureError` naming a
    /// field of the wrong type, an unknown function or a field that is no time-map property.
    func applying(_ structure: StructureView) throws(PropertyStructureError) -> TimeMapSettings {
        var settings = self
        for name in structure.fieldNames {
            guard let property = PropertyName(rawValue: name), Self.structureFields.contains(property) else {
                let known = Self.structureFields.map(\.rawValue).joined(separator: ", ")
                throw PropertyStructureError(description: "\"\(name)\" is not a time-map property (\(known))")
            }
            try settings.apply(property, from: structure)
        }
        return settings
    }

    /// Sets the time-map property `property` (one of `structureFields`) from its field in
    /// `structure`.
    private mutating func apply(_ property: PropertyName, from structure: StructureView) throws(PropertyStructureError) {
        let name = property.rawValue
        switch property {
        case .function:
            if let nick = structure.string(name) {
                guard let function = WarpFunction(nick: nick) else {
                    throw PropertyStructureError(description: "unknown function \"\(nick)\"")
                }
                self.function = function
            } else if let value = structure.enumValue(name, of: timewarp_function_get_type()),
                      let function = WarpFunction(rawValue: value) {
                self.function = function
            } else {
                throw PropertyStructureError(description: "function must be a GstTimeWarpFunction or its nick")
            }
        case .factor, .modifier:
            guard let value = structure.double(name) else {
                throw PropertyStructureError(description: "\(name) must be a number")
            }
            if property == .factor { factor = value } else { modifier = value }
        case .speed:
            guard let value = structure.double(name), value > 0 else {
                throw PropertyStructureError(description: "speed must be a number greater than 0")
            }
            factor = 1 / value
        case .keyframes, .expression, .remap:
            guard let text = structure.string(name) else { throw PropertyStructureError(description: "\(name) must be a string") }
            switch property {
            case .keyframes: keyframes = text
            case .remap: remap = text
            default: expression = text
            }
        case .duration:
            guard let value = structure.uint64(name) else {
                throw PropertyStructureError(description: "duration must be a clock time in ns")
            }
            duration = value
        default:
            throw PropertyStructureError(description: "\"\(name)\" is not a time-map property")
        }
    }
}

/// Why a structure of property values could not be applied.
struct PropertyStructureError: Error, CustomStringConvertible {
    /// What is wrong with which field.
    let description: String
}
