import XCTest
import CGStreamer
import TimeWarpAudioCore
import TimeWarpMap
@testable import GstTimeWarp

/// The C side of the properties (enum tables and GParamSpecs, read through GObject after the
/// plugin is registered) against the Swift enums and settings: names, values, descriptions and
/// defaults are written once on each side, and this test keeps the two sides equal.
final class PropertyTableTests: XCTestCase {
    /// One GEnum value: value, nick, description.
    struct EnumEntry: Equatable, CustomStringConvertible {
        let value: Int32
        let nick: String
        let name: String
        var description: String { "\(value) \(nick) \"\(name)\"" }
    }

    override func setUp() {
        GStreamerTestSetup.ensure()
        // The enum types are registered when the element classes are first initialised.
        for element in ["videotimewarp", "audiotimewarp", "texttimewarp"] { _ = Self.objectClass(element) }
    }

    // MARK: - Reading GObject

    /// The class of the element a factory makes (kept referenced for the process).
    static func objectClass(_ factoryName: String) -> UnsafeMutablePointer<GObjectClass>? {
        guard let factory = gst_element_factory_find(factoryName) else { return nil }
        defer { gst_object_unref(UnsafeMutableRawPointer(factory)) }
        let type = gst_element_factory_get_element_type(factory)
        guard type != 0, let klass = g_type_class_ref(type) else { return nil }
        return klass.assumingMemoryBound(to: GObjectClass.self)
    }

    /// Every value of the registered GEnum `typeName`, in table order.
    static func enumEntries(_ typeName: String) -> [EnumEntry]? {
        let type = g_type_from_name(typeName)
        guard type != 0, let raw = g_type_class_ref(type) else { return nil }
        defer { g_type_class_unref(raw) }
        let klass = raw.assumingMemoryBound(to: GEnumClass.self).pointee
        return (0..<Int(klass.n_values)).map { i in
            let v = klass.values[i]
            return EnumEntry(value: v.value, nick: String(cString: v.value_nick), name: String(cString: v.value_name))
        }
    }

    /// The entry `g_enum_get_value` finds for `value` in the GEnum `typeName`.
    static func enumEntry(_ typeName: String, _ value: Int32) -> EnumEntry? {
        let type = g_type_from_name(typeName)
        guard type != 0, let raw = g_type_class_ref(type) else { return nil }
        defer { g_type_class_unref(raw) }
        guard let v = g_enum_get_value(raw.assumingMemoryBound(to: GEnumClass.self), value) else { return nil }
        return EnumEntry(value: v.pointee.value, nick: String(cString: v.pointee.value_nick),
                         name: String(cString: v.pointee.value_name))
    }

    /// The spec of `property` on `element`'s class.
    static func spec(_ element: String, _ property: String) -> UnsafeMutablePointer<GParamSpec>? {
        guard let klass = objectClass(element) else { return nil }
        return g_object_class_find_property(klass, property)
    }

    /// The default value of `property` on `element`, read with `get`.
    static func defaultValue<T>(_ element: String, _ property: String,
                                _ get: (UnsafePointer<GValue>) -> T) -> T? {
        guard let spec = spec(element, property), let value = g_param_spec_get_default_value(spec) else { return nil }
        return get(value)
    }

    /// The GEnum type name of an enum property.
    static func enumTypeName(_ element: String, _ property: String) -> String? {
        guard let spec = spec(element, property), let name = g_type_name(spec.pointee.value_type) else { return nil }
        return String(cString: name)
    }

    /// `minimum ... maximum` of a double or int property.
    static func range<Spec, T>(_ element: String, _ property: String, as _: Spec.Type,
                               _ bounds: (Spec) -> (T, T)) -> (T, T)? {
        guard let spec = spec(element, property) else { return nil }
        return bounds(UnsafeRawPointer(spec).assumingMemoryBound(to: Spec.self).pointee)
    }

    // MARK: - Enum tables

    /// The enum properties' Swift types.
    static let swiftEnums: [any PropertyEnum.Type] = [
        WarpFunction.self, AudioInterpolation.self, AudioPitch.self, FrameMode.self, FlowQuality.self,
    ]

    /// The Swift side of one enum, as GObject would list it.
    static func entries<E: PropertyEnum>(_: E.Type) -> [EnumEntry] {
        E.allCases.map { EnumEntry(value: $0.gEnumValue, nick: $0.nick, name: $0.summary) }
    }

    /// Checks one enum against its C table, whole and value by value, and its own lookups.
    static func check<E: PropertyEnum>(_ type: E.Type) {
        let swift = entries(type)
        XCTAssertEqual(enumEntries(E.gTypeName), swift, "\(E.gTypeName): the C table against the Swift enum")
        for entry in swift {
            XCTAssertEqual(enumEntry(E.gTypeName, entry.value), entry, "\(E.gTypeName) value \(entry.value)")
        }
        for c in E.allCases {
            XCTAssertEqual(E(gEnumValue: c.gEnumValue), c, "\(E.gTypeName) \(c.nick)")
            XCTAssertEqual(E(nick: c.nick), c, "\(E.gTypeName) \(c.nick)")
        }
    }

    func testTheCEnumTablesHoldExactlyTheSwiftCases() {
        for type in Self.swiftEnums { Self.check(type) }
    }

    // MARK: - Property names

    /// The names of the properties `factoryName`'s class installs itself or through the time-map
    /// base type (GstObject's and GstElement's own, such as `name`, are left out).
    static func ownPropertyNames(_ factoryName: String) -> Set<String>? {
        guard let klass = objectClass(factoryName) else { return nil }
        var count: guint = 0
        guard let specs = g_object_class_list_properties(klass, &count) else { return nil }
        defer { g_free(specs) }
        let inherited = Set([gst_object_get_type(), gst_element_get_type()])
        return Set((0..<Int(count)).compactMap { i -> String? in
            guard let spec = specs[i], !inherited.contains(spec.pointee.owner_type) else { return nil }
            return String(cString: spec.pointee.name)
        })
    }

    func testEachElementInstallsExactlyTheSwiftPropertyNames() {
        let expected: [(String, [PropertyName])] = [
            ("videotimewarp", PropertyName.timeMap + PropertyName.videoOnly),
            ("audiotimewarp", PropertyName.timeMap + PropertyName.audioOnly),
            ("texttimewarp", PropertyName.timeMap),
        ]
        for (element, names) in expected {
            XCTAssertEqual(Self.ownPropertyNames(element), Set(names.map(\.name)), element)
        }
        XCTAssertEqual(Set(PropertyName.allCases),
                       Set(PropertyName.timeMap + PropertyName.videoOnly + PropertyName.audioOnly),
                       "every name belongs to an element")
    }

    /// `PropertyName(id:)`, the one place the C ids meet the names, gives each spec's own name
    /// for the id the C table installed it under.
    func testEachPropertyIdNamesItsSpec() throws {
        let elements: [(String, [PropertyName])] = [
            ("videotimewarp", PropertyName.timeMap + PropertyName.videoOnly),
            ("audiotimewarp", PropertyName.timeMap + PropertyName.audioOnly),
        ]
        for (element, names) in elements {
            for name in names {
                let spec = try XCTUnwrap(Self.spec(element, name.rawValue), "\(element) \(name.rawValue)")
                XCTAssertEqual(PropertyName(id: spec.pointee.param_id), name, "\(element) \(name.rawValue)")
            }
        }
        XCTAssertNil(PropertyName(id: 0))
    }

    func testTheEnumPropertiesUseTheseTypes() {
        XCTAssertEqual(Self.enumTypeName("videotimewarp", "function"), WarpFunction.gTypeName)
        XCTAssertEqual(Self.enumTypeName("audiotimewarp", "function"), WarpFunction.gTypeName)
        XCTAssertEqual(Self.enumTypeName("audiotimewarp", "interpolation"), AudioInterpolation.gTypeName)
        XCTAssertEqual(Self.enumTypeName("audiotimewarp", "pitch"), AudioPitch.gTypeName)
        XCTAssertEqual(Self.enumTypeName("videotimewarp", "frame-mode"), FrameMode.gTypeName)
        XCTAssertEqual(Self.enumTypeName("videotimewarp", "flow-quality"), FlowQuality.gTypeName)
    }

    func testUnknownValuesReadAsTheDefaultAndBuiltinsRoundTrip() {
        XCTAssertEqual(WarpFunction(gEnumValue: 99), .propertyDefault)
        XCTAssertEqual(AudioInterpolation(gEnumValue: -1), .propertyDefault)
        XCTAssertNil(AudioPitch(nick: "preserv"))
        for b in WarpFunction.builtins {
            XCTAssertEqual(WarpFunction(nick: b.nick), b)
        }
        XCTAssertEqual(WarpFunction.allCases.filter(\.isBuiltin), WarpFunction.builtins)
    }

    // MARK: - Defaults and ranges

    func testTheSpecDefaultsAreTheSettingsDefaults() {
        let settings = ElementSettings()
        for element in ["videotimewarp", "audiotimewarp"] {
            XCTAssertEqual(Self.defaultValue(element, "function", { g_value_get_enum($0) }), settings.timeMap.function.gEnumValue, element)
            XCTAssertEqual(Self.defaultValue(element, "function", { g_value_get_enum($0) }), WarpFunction.propertyDefault.gEnumValue, element)
            XCTAssertEqual(Self.defaultValue(element, "factor", { g_value_get_double($0) }), settings.timeMap.factor, element)
            XCTAssertEqual(Self.defaultValue(element, "factor", { g_value_get_double($0) }), TimeMapDefaults.factor, element)
            XCTAssertEqual(Self.defaultValue(element, "modifier", { g_value_get_double($0) }), settings.timeMap.modifier, element)
            XCTAssertEqual(Self.defaultValue(element, "modifier", { g_value_get_double($0) }), TimeMapDefaults.modifier, element)
            XCTAssertEqual(Self.defaultValue(element, "duration", { UInt64(g_value_get_uint64($0)) }), settings.timeMap.duration, element)
            XCTAssertEqual(Self.defaultValue(element, "reverse", { g_value_get_boolean($0) != 0 }), settings.reverse, element)
            XCTAssertEqual(Self.defaultValue(element, "keyframes", { String(cString: g_value_get_string($0)) }),
                           settings.timeMap.keyframes, element)
            XCTAssertEqual(Self.defaultValue(element, "expression", { String(cString: g_value_get_string($0)) }),
                           settings.timeMap.expression, element)
        }
        XCTAssertEqual(Self.defaultValue("audiotimewarp", "interpolation", { g_value_get_enum($0) }), settings.interpolation.gEnumValue)
        XCTAssertEqual(Self.defaultValue("audiotimewarp", "interpolation", { g_value_get_enum($0) }), AudioInterpolation.propertyDefault.gEnumValue)
        XCTAssertEqual(Self.defaultValue("audiotimewarp", "pitch", { g_value_get_enum($0) }), settings.pitch.rawValue)
        XCTAssertEqual(Self.defaultValue("audiotimewarp", "pitch", { g_value_get_enum($0) }), AudioPitch.propertyDefault.rawValue)
        XCTAssertEqual(Self.defaultValue("audiotimewarp", "quality", { g_value_get_int($0) }), Int32(settings.sincQuality.level))
        XCTAssertEqual(Self.defaultValue("audiotimewarp", "quality", { g_value_get_int($0) }), Int32(WarpSincQuality.standardLevel))
        XCTAssertEqual(Self.defaultValue("videotimewarp", "frame-mode", { g_value_get_enum($0) }), settings.frameMode.rawValue)
        XCTAssertEqual(Self.defaultValue("videotimewarp", "frame-mode", { g_value_get_enum($0) }), FrameMode.propertyDefault.rawValue)
        XCTAssertEqual(Self.defaultValue("videotimewarp", "flow-quality", { g_value_get_enum($0) }), FlowQuality.propertyDefault.rawValue)
        XCTAssertEqual(Self.defaultValue("videotimewarp", "max-blend-frames", { g_value_get_int($0) }), settings.maxBlendFrames)
        XCTAssertEqual(Self.defaultValue("videotimewarp", "shutter-angle", { g_value_get_double($0) }), settings.shutterAngle)
        XCTAssertEqual(Self.defaultValue("videotimewarp", "max-rate", { g_value_get_int($0) }), settings.maxRate)
        XCTAssertEqual(Self.defaultValue("videotimewarp", "max-duplication-time", { UInt64(g_value_get_uint64($0)) }), settings.maxDuplicationTime)
    }

    func testTheSpecRangesAreWhatSwiftAccepts() throws {
        let quality = try XCTUnwrap(Self.range("audiotimewarp", "quality", as: GParamSpecInt.self) { ($0.minimum, $0.maximum) })
        XCTAssertEqual(Int(quality.0)...Int(quality.1), WarpSincQuality.range)
        for element in ["videotimewarp", "audiotimewarp"] {
            let modifier = try XCTUnwrap(Self.range(element, "modifier", as: GParamSpecDouble.self) { ($0.minimum, $0.maximum) })
            XCTAssertEqual(modifier.0, 0, element)
            // The largest modifier the spec allows is one the built-ins accept.
            XCTAssertNoThrow(try BuiltinCurve(function: .triangle, factor: 2, modifier: modifier.1).validateParameters(), element)
            XCTAssertNoThrow(try BuiltinCurve(function: .triangle, factor: 2, modifier: TimeMapDefaults.modifier).validateParameters())
        }
    }
}
