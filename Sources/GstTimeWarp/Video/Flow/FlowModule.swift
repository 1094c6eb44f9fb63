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
              t.render != nil, t.accumulate != nil else { return nil }
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

    /// `warp_flow_accumulate`: adds `weight` times the mean frame of positions `t0 ... t1` of the
    /// pair to `sum`.
    func accumulate(_ pair: OpaquePointer, _ t0: Double, _ t1: Double, weight: Double, _ first: WarpFlowComponent,
                    _ second: WarpFlowComponent, into sum: UnsafeMutablePointer<Float>,
                    _ error: UnsafeMutablePointer<CChar>?, _ errorSize: Int) -> WarpFlowStatus {
        table.accumulate?(pair, t0, t1, weight, first, second, sum, error, errorSize) ?? WARP_FLOW_ERROR
    }
}

/// Why the flow module is not there: the places looked in and what the loader said.
struct FlowModuleMissing: Error, Sendable {
    /// What the loader said of each place looked in (those that do not exist are left out, but
    /// for the first).
    var reasons: [String] = []
    /// Whether a module file was found (and failed to load) rather than none at all.
    var foundModule = false

    /// One line for a warning's debug text.
    var description: String { reasons.joined(separator: "; ") }

    /// What to install, for a person: OpenCV's library the module could not load, named with
    /// its Debian package (the loader names the library file: `libopencv_video.so.406` is
    /// Debian's `libopencv-video406`), or the module itself.
    var advice: String {
        for reason in reasons {
            if let library = Self.missingOpenCVLibrary(in: reason) {
                return "frame-mode=flow needs OpenCV's \(library.part) library \(library.file) (Debian: \(library.package)), "
                    + "which the flow module links: install it (\(reason))"
            }
        }
        if foundModule {
            return "frame-mode=flow's module \(FlowModule.installedName) could not be loaded: \(description)"
        }
        let soversion = timewarp_opencv_soversion()
        let package = soversion > 0 ? "libopencv-video\(soversion)" : "libopencv-video<version>"
        return "frame-mode=flow needs its module \(FlowModule.installedName), which is not installed (it comes with "
            + "the package gstreamer1.0-timewarp, or `make install`) and which needs OpenCV's video library (Debian: "
            + "\(package)); looked in: \(FlowModule.candidates.joined(separator: ", "))"
    }

    /// The first `libopencv_<part>.so.<version>` a loader message names: its part, the file and
    /// Debian's package (`libopencv-<part><version>`).
    static func missingOpenCVLibrary(in text: String) -> (part: String, file: String, package: String)? {
        guard let start = text.firstRange(of: "libopencv_") else { return nil }
        let file = String(text[start.lowerBound...].prefix { $0 != ":" && $0 != " " && $0 != ";" })
        let name = file.dropFirst("libopencv_".count)
        guard let so = name.firstRange(of: ".so.") else { return nil }
        let part = String(name[..<so.lowerBound]), version = String(name[so.upperBound...])
        guard !part.isEmpty, !version.isEmpty, version.allSatisfy({ $0.isNumber || $0 == "." }) else { return nil }
        return (part, file, "libopencv-\(String(part.map { $0 == "_" ? "-" : $0 }))\(version)")
    }
}

/// Where `frame-mode=flow` finds its functions. Neither the plugin nor gst-warp-launch links
/// OpenCV, so both load (with every other mode) on machines without it; the flow module is loaded
/// when a stream first needs the flow, from, in this order:
///
/// 1. a table handed over by a program that links the module itself (`TimeWarpPlugin.useFlowModule`:
///    the tests, applications that register the plugin statically);
/// 2. the file named by `GST_TIMEWARP_FLOW_MODULE`;
/// 3. `libtimewarpflow.so.0`, then `libtimewarpflow.so`, beside the code: the plugin's folder
///    (earlier installs put it there: GStreamer's registry does not scan a versioned name) or the
///    folder of the program that links the plugin (gst-warp-launch in the build tree);
/// 4. the private folder `gst-timewarp/` in the library directory (what `make install` and the
///    package put there), found from the code's folder: `<libdir>/gstreamer-1.0/../gst-timewarp`
///    (the plugin in a system folder), `<prefix>/bin/../lib/<multiarch>/gst-timewarp` (the tool),
///    `<prefix>/share/gstreamer-1.0/plugins/../../../lib/<multiarch>/gst-timewarp` (the plugin in
///    a user's folder);
/// 5. `libtimewarpflow.so.0` on the system's library path.
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

    /// The module's private folder under the library directory (`<libdir>/gst-timewarp`).
    static let privateFolder = "gst-timewarp"

    /// The files tried, in order (a bare name goes through the system's library path).
    static var candidates: [String] {
        var paths: [String] = []
        if let value = getenv(environmentVariable), value.pointee != 0 { paths.append(String(cString: value)) }
        if let directory = timewarp_code_directory() {
            let dir = String(cString: directory)
            g_free(directory)
            paths += [dir + "/" + installedName, dir + "/" + builtName,
                      normalized(dir + "/../" + privateFolder + "/" + installedName)]
            if let tuple = timewarp_multiarch() {
                let lib = "lib/" + String(cString: tuple) + "/" + privateFolder + "/" + installedName
                paths += [normalized(dir + "/../" + lib), normalized(dir + "/../../../" + lib)]
            }
        }
        paths.append(installedName)
        var seen = Set<String>()
        return paths.filter { seen.insert($0).inserted }
    }

    /// `path` with its `.` and `..` components resolved by name (for messages; the folders
    /// above are real directories either way).
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    /// Opens the first candidate that loads and has the entry point of this ABI.
    private static func load() -> Result<FlowFunctions, FlowModuleMissing> {
        var tried: [String] = [], foundModule = false
        for path in candidates {
            guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
                let reason = dlerror().map { String(cString: $0) } ?? "cannot be opened"
                // A file that is not there is not worth naming unless it was asked for by name.
                let exists = !path.hasPrefix("/") || access(path, F_OK) == 0
                if !exists && !tried.isEmpty { continue }
                if path.hasPrefix("/") && exists {
                    foundModule = true
                    // A library the module needs is named alone: say which module needs it.
                    tried.append(reason.hasPrefix(path) ? reason : "\(path): \(reason)")
                    continue
                }
                tried.append(reason)
                continue
            }
            typealias Entry = @convention(c) () -> UnsafePointer<WarpFlowModule>?
            guard let symbol = dlsym(handle, WARP_FLOW_MODULE_ENTRY),
                  let functions = FlowFunctions(unsafeBitCast(symbol, to: Entry.self)()) else {
                tried.append("\(path): not a flow module of this plugin's version")
                foundModule = true
                dlclose(handle)
                continue
            }
            return .success(functions)
        }
        return .failure(FlowModuleMissing(reasons: tried, foundModule: foundModule))
    }
}
