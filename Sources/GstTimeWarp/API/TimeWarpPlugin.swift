import CShims
import GStreamerBinding
@_exported import CWarpFlowAPI
import TimeWarpMap

/// The Swift API for applications that embed GStreamer: register the `timewarp` plugin
/// statically (no installation, no `GST_PLUGIN_PATH`) and hand an element a time map written in
/// Swift as a closure (see docs/mathematics.md#swift-closures).
///
/// ```swift
/// gst_init(nil, nil)
/// TimeWarpPlugin.register()
/// let warp = Element(retaining: gst_element_factory_make("videotimewarp", nil)!)
/// try TimeWarpPlugin.setIntegrator(on: warp) { u in u * u / 2 }   // F(u) = u²/2
/// ```
public enum TimeWarpPlugin {
    /// Why a curve could not be handed to an element.
    public struct APIError: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// Registers `videotimewarp`, `audiotimewarp` and `texttimewarp` with GStreamer (after
    /// `gst_init`). Safe to call more than once; returns whether the plugin is available.
    @discardableResult
    public static func register() -> Bool { timewarp_register_static() != 0 }

    /// Hands `frame-mode=flow` the flow module's functions from a program that links the module
    /// itself (the product `TimeWarpFlow`: `TimeWarpPlugin.useFlowModule(warp_flow_module())`),
    /// instead of loading `libtimewarpflow.so.0` (see `FlowModule` for where it is looked for).
    /// False when the table is not of this plugin's version.
    @discardableResult
    public static func useFlowModule(_ table: UnsafePointer<WarpFlowModule>?) -> Bool { FlowModule.use(table) }

    /// Nil when `frame-mode=flow` can run (a module was handed over, or loads from a file);
    /// otherwise what is missing for a person to read, naming the package to install (OpenCV's
    /// library that the module could not load, or the module itself). Loads the module once.
    public static func flowModuleProblem() -> String? {
        switch FlowModule.functions() {
        case .success: nil
        case .failure(let missing): missing.advice
        }
    }

    /// Uses `curve` as the element's time map (it overrides `function`), from the next stream or
    /// segment on. `element` must be a videotimewarp, audiotimewarp or texttimewarp.
    public static func setCurve(_ curve: any TimeScaleCurve, on element: Element) throws {
        guard let impl = ElementBox.impl(of: element) else {
            throw APIError(description: "not a videotimewarp, audiotimewarp or texttimewarp element")
        }
        impl.setCustomCurve(curve)
    }

    /// Uses the integrator `F(u)` (with `F(0) = 0`, increasing) as the element's time map, on the
    /// unit interval `u = t / D`, e.g. `{ $0 / 2 }`, `{ 2 * $0 }` or `{ $0 * $0 / 2 }` (see
    /// docs/mathematics.md#antiderivatives). The scale `s = F'` is estimated by finite differences.
    public static func setIntegrator(on element: Element,
                                     _ integrator: @escaping @Sendable (Double) -> Double) throws {
        try setCurve(ClosureCurve(domain: .normalized, validationRange: 0...1, integral: integrator,
                                  label: "integrator from application code"), on: element)
    }

    /// Uses the scale function `s(u)` as the element's time map; it is integrated once into a
    /// table (adaptive Gauss–Kronrod, Hermite interpolation), so `T` costs O(1) per call.
    public static func setScaleFunction(on element: Element,
                                        _ scale: @escaping @Sendable (Double) -> Double) throws {
        do {
            try setCurve(try ScaleClosureCurve.make(scale: scale), on: element)
        } catch let error as CurveBuildError {
            throw APIError(description: "scale function: \(error)")
        }
    }

    /// Goes back to the curve the element's properties describe.
    public static func clearCurve(on element: Element) {
        guard let impl = ElementBox.impl(of: element) else { return }
        impl.setCustomCurve(nil)
    }

}
