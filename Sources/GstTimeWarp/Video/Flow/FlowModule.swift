import CShims
import CWarpFlowAPI
import Glibc
import Synchronization

/// The functions of the flow module (`libtimewarpflow`: OpenCV's optical flow behind a C API,
/// the target CWarpFlow), checked once: a table of the plugin's ABI with every function set.
struct FlowFunctions: @unchecked Sendable {
    /// The module's table, copied (its functions stay loaded: the module is never closed).
    private let table: WarpFlowModule

    /// The functions of `table`, or nil when it is missing, of another ABI, or incomplete.
    init?(_ table: UnsafePointer<WarpFlowModule>?) {
        guard let t = table?.pointee, t.abi == WARP_FLOW_MODULE_ABI, t.estimate != nil, t.pair_free != nil,
              t.render != nil else { return nil }
        self.table = t
    }

    /// `warp_flow_estimate` (see CWarpFlow.h).
    func estimate(_ method: WarpFlowMethod, _ quality: WarpFlowQuality, _ downscale: Int32, _ first: WarpFlowLuma,
                  _ second: WarpFlowLuma, _ pair: UnsafeMutablePointer<OpaquePointer?>,
                  _ error: UnsafeMutablePointer<CChar>?, _ errorSize: Int) -> WarpFlowStatus {
        table.estimate?(method, quality, downscale, first, second, pair, nil, error, errorSize) ?? WARP_FLOW_ERROR
    }

    /// `warp_flow_pair_free`.
    func freePair(_ pair: OpaquePointer) { table.pair_free?(pair) }

    /// `warp_flow_render`.
    func render(_ pair: OpaquePointer, _ t: Double, _ first: WarpFlowComponent, _ second: WarpFlowComponent,
                _ out: WarpFlowComponent, _ error: UnsafeMutablePointer<CChar>?, _ errorSize: Int) -> WarpFlowStatus {
        table.render?(pair, t, first, second, out, error, errorSize) ?? WARP_FLOW_ERROR
    }
}

/// Why the flow module is not there: the places looked in and what the loader said.
struct FlowModuleMissing: Error, Sendable {
    /// One line for a warning's debug text.
    let description: String
}

/// Where `frame-mode=flow` finds its functions. The plugin links no OpenCV, so it loads (with
/// every other mode) on machines without it; the flow module is loaded when a stream first
/// needs the flow, from, in this order:
///
/// 1. a table handed over by a program that links the module itself (`TimeWarpPlugin.useFlowModule`:
///    gst-warp-launch, the tests, applications that register the plugin statically);
/// 2. the file named by `GST_TIMEWARP_FLOW_MODULE`;
/// 3. `libtimewarpflow.so.0` beside the plugin (what `make install` puts there: GStreamer's
///    registry does not scan a versioned name), then `libtimewarpflow.so` beside it (the build
///    tree);
/// 4. `libtimewarpflow.so.0` on the system's library path.
enum FlowModule {
    /// The module's file name as installed, and as the build writes it.
    static let installedName = "libtimewarpflow.so.0", builtName = "libtimewarpflow.so"
    /// The environment variable naming the module's file.
    static let environmentVariable = "GST_TIMEWARP_FLOW_MODULE"

    /// A table handed over by the program (step 1).
    private static let handed = Mutex<FlowFunctions?>(nil)

    /// The module loaded from a file, tried once per process (steps 2 to 4).
    private static let loaded: Result<FlowFunctions, FlowModuleMissing> = load()

    /// The flow functions, or why there are none.
    static func functions() -> Result<FlowFunctions, FlowModuleMissing> {
        if let functions = handed.withLock({ $0 }) { return .success(functions) }
        return loaded
    }

    /// Uses `table` (from a program that links the module) instead of loading it from a file;
    /// false (and nothing changes) when it is not of this plugin's ABI.
    static func use(_ table: UnsafePointer<WarpFlowModule>?) -> Bool {
        guard let functions = FlowFunctions(table) else { return false }
        handed.withLock { $0 = functions }
        return true
    }

    /// The files tried, in order (a bare name goes through the system's library path).
    static var candidates: [String] {
        var paths: [String] = []
        if let value = getenv(environmentVariable), value.pointee != 0 { paths.append(String(cString: value)) }
        if let directory = timewarp_code_directory() {
            let dir = String(cString: directory)
            g_free(directory)
            paths += [dir + "/" + installedName, dir + "/" + builtName]
        }
        paths.append(installedName)
        return paths
    }

    /// Opens the first candidate that loads and has the entry point of this ABI.
    private static func load() -> Result<FlowFunctions, FlowModuleMissing> {
        var tried: [String] = []
        for path in candidates {
            guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
                let reason = dlerror().map { String(cString: $0) } ?? "cannot be opened"
                // A file that is not there is not worth naming unless it was asked for by name.
                if path.hasPrefix("/") && access(path, F_OK) != 0 && !tried.isEmpty { continue }
                tried.append(reason)
                continue
            }
            typealias Entry = @convention(c) () -> UnsafePointer<WarpFlowModule>?
            guard let symbol = dlsym(handle, WARP_FLOW_MODULE_ENTRY),
                  let functions = FlowFunctions(unsafeBitCast(symbol, to: Entry.self)()) else {
                tried.append("\(path): not a flow module of this plugin's version")
                dlclose(handle)
                continue
            }
            return .success(functions)
        }
        return .failure(FlowModuleMissing(description: tried.joined(separator: "; ")))
    }
}
