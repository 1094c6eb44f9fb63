// libFuzzer entry point for the element data path: videotimewarp and audiotimewarp driven through
// GstHarness (libgstcheck) with random properties, caps, buffers, timestamps, segments, flushes,
// GAP events, EOS, seeks and queries. The fuzzer's bytes are the decision stream (running out of
// bytes reads as zeros, which ends the case). Built and run by fuzz/run-elements.sh; not part of
// the Swift package build.
//
// A finding is anything that kills the process: a Swift trap, an abort (g_malloc, g_error), an
// AddressSanitizer report, a single allocation over -malloc_limit_mb, a case over -timeout, or
// runaway output (more than FUZZ_ELEMENTS_MAX_OUTPUT buffers or FUZZ_ELEMENTS_MAX_BYTES bytes out of
// one case). Environment:
//
//   FUZZ_ELEMENTS_TRACE=1      print every action of every case (use when replaying one input)
//   FUZZ_ELEMENTS_STRICT=1     also trap on GLib criticals and on output that breaks the spec
//                              (PTS going back in a forward segment, audio buffers that are not a
//                              whole number of frames, PTS + duration or a GAP past the clock range)
//   FUZZ_ELEMENTS_RUNAWAY=stop answer runaway output with GST_FLOW_FLUSHING instead of trapping
//                              (the element must then stop promptly)
//   FUZZ_ELEMENTS_MAX_OUTPUT / FUZZ_ELEMENTS_MAX_BYTES   runaway limits (200000 buffers, 512 MiB)
//   FUZZ_ELEMENTS_MAX_SECONDS  a case still producing output after this many seconds traps (10)

import CFuzzGst
import CGStreamer
import CGStreamerCheck
import CShims
import Glibc
import GstTimeWarp

// MARK: - Configuration and process-wide state

/// Process-wide settings read once from the environment.
struct Config {
    var trace = false
    var strict = false
    var runawayStops = false
    var maxOutputBuffers = 200_000
    var maxOutputBytes: UInt = 512 << 20
    var maxSeconds = 10.0

    static func fromEnvironment() -> Config {
        func env(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
        var c = Config()
        c.trace = env("FUZZ_ELEMENTS_TRACE").map { $0 != "0" && !$0.isEmpty } ?? false
        c.strict = env("FUZZ_ELEMENTS_STRICT").map { $0 != "0" && !$0.isEmpty } ?? false
        c.runawayStops = env("FUZZ_ELEMENTS_RUNAWAY") == "stop"
        if let v = env("FUZZ_ELEMENTS_MAX_OUTPUT").flatMap(Int.init) { c.maxOutputBuffers = v }
        if let v = env("FUZZ_ELEMENTS_MAX_BYTES").flatMap(UInt.init) { c.maxOutputBytes = v }
        if let v = env("FUZZ_ELEMENTS_MAX_SECONDS").flatMap(Double.init) { c.maxSeconds = v }
        return c
    }
}

// libFuzzer calls the entry point from one thread; the pad callbacks below run on that thread too
// (GstHarness pushes synchronously), so this state is never touched concurrently.
nonisolated(unsafe) var config = Config()
nonisolated(unsafe) var current: FuzzCase?
nonisolated(unsafe) var criticalsSeen: Set<String> = []
nonisolated(unsafe) var caseNumber = 0

@inline(never)
func finding(_ message: String) -> Never {
    eprint("FUZZ-ELEMENTS FINDING: \(message)\n")
    if let c = current { eprint("  while: \(c.lastAction)\n") }
    fatalError(message)
}

/// Writes to standard error (unbuffered, so nothing is lost when the process dies next).
func eprint(_ text: String) {
    var text = text
    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}

func trace(_ line: @autoclosure () -> String) {
    if config.trace { eprint("  \(line())\n") }
}

func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

// MARK: - GLib helpers

let G_TYPE_BOOLEAN_RAW: GType = 5 << 2
let G_TYPE_INT_RAW: GType = 6 << 2
let G_TYPE_UINT_RAW: GType = 7 << 2
let G_TYPE_UINT64_RAW: GType = 11 << 2
let G_TYPE_DOUBLE_RAW: GType = 15 << 2
let G_TYPE_STRING_RAW: GType = 16 << 2

func cast<T, U>(_ p: UnsafeMutablePointer<T>, _: U.Type) -> UnsafeMutablePointer<U> {
    UnsafeMutableRawPointer(p).assumingMemoryBound(to: U.self)
}

func unref<T>(_ p: UnsafeMutablePointer<T>) {
    gst_mini_object_unref(cast(p, GstMiniObject.self))
}

func gobject<T>(_ p: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<GObject> { cast(p, GObject.self) }

/// The GParamSpec of `name` on `object`, if it has that property.
func paramSpec(_ object: UnsafeMutablePointer<GObject>, _ name: String) -> UnsafeMutablePointer<GParamSpec>? {
    let klass = UnsafeMutableRawPointer(object.pointee.g_type_instance.g_class!)
        .assumingMemoryBound(to: GObjectClass.self)
    return g_object_class_find_property(klass, name)
}

/// Prints each distinct GLib critical once (digits and quoted text ignored when comparing), and
/// every critical and warning in trace mode; in strict mode a critical is a finding.
let logHandler: GLogFunc = { domain, level, message, _ in
    let text = "\(domain.map { String(cString: $0) } ?? "?"): \(message.map { String(cString: $0) } ?? "")"
    let isCritical = level.rawValue & (G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_ERROR.rawValue) != 0
    let isWarning = level.rawValue & G_LOG_LEVEL_WARNING.rawValue != 0
    if config.trace, isCritical || isWarning {
        eprint("  -> \(isCritical ? "CRITICAL" : "WARNING") \(text)\n")
    }
    guard isCritical else { return }
    if config.strict { finding("GLib critical: \(text)") }
    var key = ""
    var quoted = false
    for ch in text {
        if ch == "\"" { quoted.toggle(); continue }
        if !quoted, !ch.isNumber { key.append(ch) }
    }
    if !config.trace, criticalsSeen.insert(key).inserted {
        eprint("FUZZ-ELEMENTS CRITICAL (first seen in case \(caseNumber)): \(text)\n")
    }
}

// MARK: - Decision stream

/// Reads decisions from the fuzzer's bytes; past the end every read is zero.
struct Decisions {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    var exhausted: Bool { position >= bytes.count }

    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func u16() -> UInt16 { UInt16(byte()) | UInt16(byte()) << 8 }
    mutating func u32() -> UInt32 { UInt32(u16()) | UInt32(u16()) << 16 }
    mutating func u64() -> UInt { UInt(u32()) | UInt(u32()) << 32 }

    /// A number in 0..<n.
    mutating func below(_ n: Int) -> Int {
        if n <= 1 { return 0 }
        if n <= 256 { return Int(byte()) % n }
        if n <= 65536 { return Int(u16()) % n }
        return Int(u32() % UInt32(truncatingIfNeeded: n))
    }

    /// True with probability about `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool { Int(byte()) * 100 < percent * 256 }

    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
}

/// A small fast generator for buffer contents (seeded by the decisions, not by them byte for byte).
struct XorShift {
    var state: UInt
    init(seed: UInt) { state = seed | 1 }
    mutating func next() -> UInt {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        return state
    }
}

// MARK: - Value generators

enum Gen {
    static let second: UInt = 1_000_000_000
    static let hour: UInt = 3600 * second
    static let none = UInt.max
    static let top63: UInt = 1 << 63

    /// A timestamp relative to `previous` (the last one used in this case) and `step` (a natural
    /// buffer duration), covering the hostile cases of the hardening issue.
    static func timestamp(_ d: inout Decisions, previous: UInt, step: UInt) -> UInt {
        let prev = previous == none ? 0 : previous
        switch d.below(16) {
        case 0, 1, 2, 3: return prev &+ step                             // continuing
        case 4: return none
        case 5: return prev                                              // repeating
        case 6: return prev - min(prev, UInt(d.u32()) * 1000)           // backwards
        case 7: return prev &+ UInt(1 + d.below(30)) * hour             // jump of hours
        case 8: return top63 &+ UInt(bitPattern: Int(Int16(bitPattern: d.u16()))) &* 1_000_000
        case 9: return UInt.max - 1 - UInt(d.below(3)) * UInt(d.u16())     // 2^64 - 2 and below
        case 10: return d.u64()
        case 11: return 0
        case 12: return UInt(d.u16()) * 1_000_000                       // a few ms to a minute
        case 13: return top63 - UInt(d.below(48)) * hour
        case 14: return prev &+ step &+ UInt(d.u16()) * 1000             // small jitter
        default: return prev &+ step / 2
        }
    }

    static func duration(_ d: inout Decisions, natural: UInt) -> UInt {
        switch d.below(10) {
        case 0, 1, 2, 3, 4: return natural
        case 5: return none
        case 6: return 0
        case 7: return UInt(d.u32())
        case 8: return UInt.max - 1 - UInt(d.u16())
        default: return natural &* UInt(1 + d.below(100))
        }
    }

    static let doubles = [
        "1", "2", "0.5", "0.25", "4", "0", "-1", "-0.5", "1e-300", "1e-9", "1e16", "1e17", "1e7", "1e6",
        "30000", "1e300", "nan", "NaN", "inf", "-inf", "1.7976931348623157e308", "4.9e-324", "1e-320",
        "0.999999", "1.0000001", "3", "10", "100", "0.1", "0.01", "abc", "", "1e400", "-0",
    ]

    /// A double from a short list of interesting ones, or an arbitrary bit pattern.
    static func doubleString(_ d: inout Decisions) -> String {
        if d.chance(15) { return "\(Double(bitPattern: UInt64(d.u64())))" }
        if d.chance(20) { return "\(Double(d.u16()) / 1024)" }
        return d.pick(doubles)
    }

    static func number(_ d: inout Decisions) -> String {
        d.pick(["0", "1", "2", "0.5", "1e-300", "1e300", "-1", "3.5", "1e16", "nan", "inf", "0.001", "10",
                "1e-9", "100", "-0.25", "7"])
    }

    /// A remap curve: "τ:t[:ease], ...", mostly well-formed (forward, holds, rewinds, cuts).
    static func remap(_ d: inout Decisions) -> String {
        if d.chance(5) { return randomText(&d) }
        var keys: [String] = []
        let count = d.chance(3) ? 100 + d.below(400) : d.below(8)
        var τ = 0.0
        for i in 0..<count {
            if i > 0, !d.chance(10) { τ += Double(1 + d.below(255)) / 64 }
            let t = d.chance(10) ? number(&d) : "\(Double(d.below(400)) / 64)"
            var key = d.chance(5) ? "\(number(&d))s:\(t)s" : "\(τ)s:\(t)s"
            if d.chance(30) { key += ":" + d.pick(["linear", "smooth", "hold", "bogus", ""]) }
            keys.append(key)
        }
        return keys.joined(separator: d.chance(95) ? ", " : d.pick([",", ";", " ", ",,"]))
    }

    /// A keyframe list: "u:s[:ease], ...", mostly well-formed.
    static func keyframes(_ d: inout Decisions) -> String {
        if d.chance(5) { return randomText(&d) }
        var keys: [String] = []
        let count = d.chance(3) ? 200 + d.below(800) : d.below(8)
        let seconds = d.chance(30)
        var u = 0.0
        for i in 0..<count {
            var position: String
            switch d.below(12) {
            case 0: position = d.pick(["-1", "1e300", "nan", "inf", "1e-300", "0", "2", "1e16"])
            case 1: position = "\(Double(d.u16()) / 1000)"
            default:
                u = i == 0 ? 0 : u + Double(1 + d.below(255)) / (seconds ? 16 : Double(max(count, 1)) * 64)
                position = count > 1 && i == count - 1 && !seconds && d.chance(70) ? "1" : "\(u)"
            }
            if seconds { position += d.chance(90) ? "s" : d.pick(["ms", "x", "ss"]) }
            var key = "\(position):\(d.chance(80) ? d.pick(["1", "2", "0.5", "3", "0.25", "1.5"]) : number(&d))"
            if d.chance(40) { key += ":" + d.pick(["linear", "smooth", "hold", "cubic", "bogus", ""]) }
            keys.append(key)
        }
        return keys.joined(separator: d.chance(95) ? ", " : d.pick([",", ";", " ", ",,"]))
    }

    /// An expression from a small grammar (variables u, t, D; functions of the parser).
    static func expression(_ d: inout Decisions, depth: Int = 0) -> String {
        if d.chance(4) { return randomText(&d) }
        let leaf = depth > 3 || d.chance(35)
        if leaf {
            return d.pick(["u", "u", "t", "D", "pi", "e", number(&d), "1", "2", "0.5"])
        }
        switch d.below(8) {
        case 0, 1: return "\(expression(&d, depth: depth + 1)) \(d.pick(["+", "-", "*", "/"])) \(expression(&d, depth: depth + 1))"
        case 2: return "\(expression(&d, depth: depth + 1))^\(expression(&d, depth: depth + 1))"
        case 3: return "(\(expression(&d, depth: depth + 1)))"
        case 4: return "-\(expression(&d, depth: depth + 1))"
        case 5:
            let f = d.pick(["sin", "cos", "tan", "asin", "acos", "atan", "exp", "log", "sqrt", "abs", "floor", "ceil"])
            return "\(f)(\(expression(&d, depth: depth + 1)))"
        case 6:
            let f = d.pick(["min", "max", "pow"])
            return "\(f)(\(expression(&d, depth: depth + 1)), \(expression(&d, depth: depth + 1)))"
        default:
            let f = d.pick(["clamp", "smoothstep"])
            return "\(f)(\(expression(&d, depth: depth + 1)), \(expression(&d, depth: depth + 1)), \(expression(&d, depth: depth + 1)))"
        }
    }

    static func randomText(_ d: inout Decisions) -> String {
        let n = d.below(24)
        var scalars: [UInt8] = []
        for _ in 0..<n { scalars.append(32 + UInt8(d.below(95))) }
        return String(decoding: scalars, as: UTF8.self)
    }

    static func clockString(_ d: inout Decisions) -> String {
        String(d.pick([0, 1, 1_000_000, second, 10 * second, hour, 25 * hour, top63 - 1, top63,
                       UInt.max - 1, UInt.max, 3 * second + 333, UInt(d.u32())]))
    }
}

// MARK: - Formats

/// What the current input caps say, as far as the fuzzer needs it for buffer sizes and durations.
struct InputFormat {
    var frameSize = 16        // bytes per video frame, or per audio frame
    var isAudio = false
    var rate = 48000          // audio sample rate
    var fpsN = 30, fpsD = 1   // video frame rate
    var audioFormat = "S16LE"

    /// Natural duration of `bytes` bytes of input.
    func duration(ofBytes bytes: Int) -> UInt {
        if isAudio {
            let frames = UInt(bytes / max(frameSize, 1))
            return frames.multipliedReportingOverflow(by: Gen.second).overflow
                ? Gen.none : frames * Gen.second / UInt(max(rate, 1))
        }
        guard fpsN > 0 else { return 40_000_000 }
        return UInt(fpsD) * Gen.second / UInt(fpsN)
    }
}

// MARK: - One case

final class FuzzCase {
    let isVideo: Bool
    let element: UnsafeMutablePointer<GstElement>
    var harness: UnsafeMutablePointer<GstHarness>!
    let bus: UnsafeMutablePointer<GstBus>
    let srcPad: UnsafeMutablePointer<GstPad>
    let started = monotonicSeconds()
    var lastAction = "creating the harness"
    var format = InputFormat()
    var lastPTS: UInt = Gen.none
    var buffersIn = 0
    var bytesIn = 0
    var outBuffers = 0
    var outBytes: UInt = 0
    // Answers to the element's own upstream queries (from the harness source pad).
    var upstreamDuration: Int? = nil
    var upstreamSeekable = true
    var originalSrcQuery: GstPadQueryFunction?
    // Output tracking for the strict checks.
    var outCapsBytesPerFrame = 0
    var outLastPTS: UInt = Gen.none
    var outSegmentRate = 1.0
    var controlSources: [UnsafeMutablePointer<GstControlSource>] = []

    init(video: Bool, _ d: inout Decisions) {
        isVideo = video
        format.isAudio = !video
        let name = video ? "videotimewarp" : "audiotimewarp"
        element = gst_element_factory_make(name, nil)!
        gst_object_ref_sink(UnsafeMutableRawPointer(element))
        bus = gst_bus_new()
        srcPad = gst_element_get_static_pad(element, "src")!
        trace("case \(caseNumber): \(name)")
        current = self
        // Some properties before the element starts (as in a launch line).
        for _ in 0..<d.below(4) { setProperty(&d) }
        gst_element_set_bus(element, bus)
        harness = gst_harness_new_with_element(element, "sink", "src")
        gst_harness_set_drop_buffers(harness, 1)
        installHooks()
    }

    deinit {
        lastAction = "tearing down"
        gst_harness_teardown(harness)
        for cs in controlSources { gst_object_unref(UnsafeMutableRawPointer(cs)) }
        gst_object_unref(UnsafeMutableRawPointer(srcPad))
        gst_object_unref(UnsafeMutableRawPointer(element))
        drainBus()
        gst_object_unref(UnsafeMutableRawPointer(bus))
    }

    func act(_ description: @autoclosure () -> String) {
        let text = description()
        lastAction = text
        if config.trace {
            let elapsed = Int((monotonicSeconds() - started) * 1000)
            eprint("  \(text)\(elapsed >= 100 ? "   [at \(elapsed) ms]" : "")\n")
        }
    }

    // MARK: hooks

    func installHooks() {
        // Count (and check) what comes out; the harness drops the buffers themselves.
        let mask = GstPadProbeType(rawValue: GST_PAD_PROBE_TYPE_BUFFER.rawValue
                                   | GST_PAD_PROBE_TYPE_BUFFER_LIST.rawValue
                                   | GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue)
        gst_pad_add_probe(srcPad, mask, outputProbe, nil, nil)
        // Answer the element's upstream duration/position/seeking queries with fuzzed values.
        let hsrc = harness.pointee.srcpad!
        originalSrcQuery = hsrc.pointee.queryfunc
        gst_pad_set_query_function_full(hsrc, upstreamQuery, nil, nil)
    }

    func drainBus() {
        while let m = gst_bus_pop(bus) {
            if config.trace, m.pointee.type == GST_MESSAGE_ERROR || m.pointee.type == GST_MESSAGE_WARNING {
                var err: UnsafeMutablePointer<GError>?
                var debug: UnsafeMutablePointer<gchar>?
                let isError = m.pointee.type == GST_MESSAGE_ERROR
                if isError { gst_message_parse_error(m, &err, &debug) } else { gst_message_parse_warning(m, &err, &debug) }
                trace("  -> \(isError ? "ERROR" : "WARNING") \(err.map { String(cString: $0.pointee.message) } ?? "")"
                      + (debug.map { " (\(String(cString: $0)))" } ?? ""))
                if let err { g_error_free(err) }
                g_free(debug)
            }
            unref(m)
        }
    }

    /// Empties the harness queues (events both ways; buffers are dropped on arrival).
    func drainQueues() {
        while let e = gst_harness_try_pull_event(harness) { unref(e) }
        while let e = gst_harness_try_pull_upstream_event(harness) { unref(e) }
        drainBus()
    }

    // MARK: properties

    func setProperty(_ d: inout Decisions) {
        let object = gobject(element)
        let names = ["function", "factor", "factor", "modifier", "keyframes", "expression", "remap", "duration",
                     "interpolation", "reverse", "quality", "pitch", "frame-mode", "max-blend-frames",
                     "max-duplication-time", "max-rate", "custom-curve", "control", "read"]
        let name = d.pick(names)
        switch name {
        case "custom-curve": setCustomCurve(&d); return
        case "control": bindController(&d); return
        case "read": readProperties(); return
        default: break
        }
        guard let spec = paramSpec(object, name) else { return }
        var value: String
        switch name {
        case "function":
            value = d.pick(["constant", "triangle", "cosine", "tapered-cosine", "power", "double-smoothstep",
                            "keyframes", "keyframes", "expression", "expression", "antiderivative",
                            "antiderivative", "remap", "remap", "bogus"])
            if value == "remap", d.chance(70) { setString("remap", Gen.remap(&d)) }
            if value == "keyframes", d.chance(70) { setString("keyframes", Gen.keyframes(&d)) }
            if value == "expression" || value == "antiderivative", d.chance(70) {
                setString("expression", Gen.expression(&d))
            }
        case "factor", "modifier":
            if d.chance(25) {
                // Through a GValue (GObject clamps to the range but lets NaN through).
                let v = Double(bitPattern: UInt64(d.chance(50) ? d.u64() : 0x7ff8_0000_0000_0001))
                act("set \(name)=\(v) (GValue)")
                var g = GValue()
                g_value_init(&g, G_TYPE_DOUBLE_RAW)
                g_value_set_double(&g, v)
                g_object_set_property(object, name, &g)
                g_value_unset(&g)
                return
            }
            value = Gen.doubleString(&d)
        case "keyframes": value = Gen.keyframes(&d)
        case "expression": value = Gen.expression(&d)
        case "remap": value = Gen.remap(&d)
        case "duration", "max-duplication-time": value = Gen.clockString(&d)
        case "interpolation": value = d.pick(["linear", "cubic", "sinc", "sinc", "bogus"])
        case "reverse": value = d.pick(["true", "false"])
        case "quality": value = d.pick(["0", "1", "4", "10", "-1", "11"])
        case "pitch": value = d.pick(["follow", "preserve"])
        case "frame-mode": value = d.pick(["nearest", "blend"])
        case "max-blend-frames": value = d.pick(["0", "1", "2", "8", "1000", "4294967295"])
        default: value = d.pick(["0", "1", "2", "25", "1000", "2147483647", "-1"])  // max-rate
        }
        _ = spec
        setString(name, value)
    }

    func setString(_ name: String, _ value: String) {
        act("set \(name)=\"\(value)\"")
        gst_util_set_object_arg(gobject(element), name, value)
    }

    func readProperties() {
        act("read all properties")
        var count: guint = 0
        let klass = UnsafeMutableRawPointer(gobject(element).pointee.g_type_instance.g_class!)
            .assumingMemoryBound(to: GObjectClass.self)
        guard let specs = g_object_class_list_properties(klass, &count) else { return }
        for i in 0..<Int(count) {
            guard let spec = specs[i], spec.pointee.flags.rawValue & G_PARAM_READABLE.rawValue != 0 else { continue }
            var g = GValue()
            g_value_init(&g, spec.pointee.value_type)
            g_object_get_property(gobject(element), spec.pointee.name, &g)
            g_value_unset(&g)
        }
        g_free(specs)
    }

    func setCustomCurve(_ d: inout Decisions) {
        switch d.below(12) {
        case 0: act("clearCurve"); TimeWarpPlugin.clearCurve(on: element)
        case 1...6:
            let choice = d.below(8)
            act("setIntegrator #\(choice)")
            let f: @Sendable (Double) -> Double
            switch choice {
            case 0: f = { $0 / 2 }
            case 1: f = { 2 * $0 }
            case 2: f = { $0 * $0 / 2 }
            case 3: f = { $0 * 1e300 }
            case 4: f = { $0 * 1e-300 }
            case 5: f = { -$0 }
            case 6: f = { _ in .nan }
            default: f = { $0 + 0.3 * sin(40 * $0) }
            }
            try? TimeWarpPlugin.setIntegrator(on: element, f)
        default:
            let choice = d.below(8)
            act("setScaleFunction #\(choice)")
            let s: @Sendable (Double) -> Double
            switch choice {
            case 0: s = { _ in 2 }
            case 1: s = { _ in 1e16 }
            case 2: s = { _ in 0 }
            case 3: s = { _ in -1 }
            case 4: s = { _ in .infinity }
            case 5: s = { 1 + $0 }
            case 6: s = { _ in .nan }
            default: s = { $0 < 0.5 ? 1e-300 : 1e7 }
            }
            try? TimeWarpPlugin.setScaleFunction(on: element, s)
        }
    }

    /// Binds factor or modifier to an interpolation control source (absolute values).
    func bindController(_ d: inout Decisions) {
        let name = d.chance(70) ? "factor" : "modifier"
        // Only properties flagged GST_PARAM_CONTROLLABLE can be bound (GStreamer refuses the rest
        // with a critical).
        let controllable: Int32 = 1 << (G_PARAM_USER_SHIFT + 1)
        guard let spec = paramSpec(gobject(element), name), spec.pointee.flags.rawValue & controllable != 0,
              let cs = gst_interpolation_control_source_new() else { return }
        controlSources.append(cs)
        let mode = d.pick(["none", "linear", "cubic", "cubic-monotonic"])
        gst_util_set_object_arg(gobject(cs), "mode", mode)
        var points: [String] = []
        for _ in 0..<d.below(6) {
            let t = Gen.timestamp(&d, previous: 0, step: Gen.second)
            let v = d.chance(20) ? Double(bitPattern: UInt64(d.u64())) : Double(d.pick(["0.5", "1", "2", "4", "1e-300", "1e16", "-1", "0"]))!
            if t != Gen.none {
                _ = gst_timed_value_control_source_set(cast(cs, GstTimedValueControlSource.self), t, v)
                points.append("\(t):\(v)")
            }
        }
        act("control \(name) mode=\(mode) points=\(points)")
        let binding = gst_direct_control_binding_new_absolute(cast(element, GstObject.self), name, cs)
        if let binding { _ = gst_object_add_control_binding(cast(element, GstObject.self), binding) }
    }

    // MARK: caps

    func videoCaps(_ d: inout Decisions) -> String {
        let width = d.chance(90) ? 1 + d.below(16) : d.pick([0, 33, 640])
        let height = d.chance(90) ? 1 + d.below(8) : d.pick([0, 33, 480])
        let rates = ["0/1", "1/1", "25/1", "30/1", "30000/1001", "2147483647/1", "999/7", "1/2147483647",
                     "2147483647/2147483646", "1/1000", "60/1", "\(d.u16())/\(1 + Int(d.u16()))"]
        let rate = d.pick(rates)
        let parts = rate.split(separator: "/")
        format.fpsN = Int(parts[0]) ?? 0
        format.fpsD = Int(parts[1]) ?? 1
        let fmt = d.chance(90) ? "GRAY8" : d.pick(["RGBA", "I420", "NV12"])
        switch fmt {
        case "RGBA": format.frameSize = width * height * 4
        case "I420", "NV12":
            let cw = (width + 1) / 2, ch = (height + 1) / 2
            format.frameSize = ((width + 3) & ~3) * height + 2 * (((cw + 3) & ~3) * ch)
        default: format.frameSize = ((width + 3) & ~3) * height
        }
        format.frameSize = max(format.frameSize, 1)
        var caps = "video/x-raw,format=\(fmt),width=\(width),height=\(height),framerate=\(rate)"
        if d.chance(10) { caps += ",interlace-mode=interleaved" }
        if d.chance(5) { caps = "video/x-raw(memory:SystemMemory),format=GRAY8,width=4,height=4,framerate=\(rate)" }
        return caps
    }

    func audioCaps(_ d: inout Decisions) -> String {
        let fmt = d.chance(95) ? d.pick(["S16LE", "S32LE", "F32LE", "F64LE"]) : d.pick(["U8", "S24LE", "S16BE", "F32BE"])
        let rate = d.chance(70) ? d.pick([1, 2, 7, 8000, 22050, 44100, 48000, 96000, 192000])
                                : d.chance(90) ? 1 + d.below(192_000) : d.pick([0, 2147483647, 384000])
        let channels = d.chance(95) ? 1 + d.below(8) : d.pick([0, 9, 64])
        let width = ["S16LE": 2, "S32LE": 4, "F32LE": 4, "F64LE": 8, "U8": 1, "S24LE": 3, "S16BE": 2, "F32BE": 4][fmt]!
        format.audioFormat = fmt
        format.rate = rate
        format.frameSize = max(width * channels, 1)
        var caps = "audio/x-raw,format=\(fmt),rate=\(rate),channels=\(channels),layout="
            + (d.chance(95) ? "interleaved" : "non-interleaved")
        if channels > 2, d.chance(50) { caps += ",channel-mask=(bitmask)0x0" }
        return caps
    }

    func pushCaps(_ d: inout Decisions) {
        var text = isVideo ? videoCaps(&d) : audioCaps(&d)
        if d.chance(3) { text = isVideo ? "audio/x-raw,format=S16LE,rate=8000,channels=1,layout=interleaved"
                                        : "video/x-raw,format=GRAY8,width=4,height=4,framerate=25/1" }
        guard let caps = gst_caps_from_string(text) else { return }
        defer { gst_caps_unref(caps) }
        guard gst_caps_is_fixed(caps) != 0 else { return }
        act("caps \(text)")
        _ = gst_harness_push_event(harness, gst_event_new_caps(caps))
    }

    /// Downstream caps (what the harness sink pad accepts), with a reconfigure upstream.
    func setDownstreamCaps(_ d: inout Decisions) {
        let text: String
        if isVideo {
            text = d.pick(["video/x-raw", "video/x-raw,framerate=0/1", "video/x-raw,framerate=25/1",
                           "video/x-raw,framerate=30000/1001", "video/x-raw,framerate=2147483647/1",
                           "video/x-raw,framerate=1/1", "video/x-raw,framerate=999/7", "video/x-raw,framerate=1/3600",
                           "video/x-raw,framerate=[0/1,2147483647/1]", "audio/x-raw"])
        } else {
            text = d.pick(["audio/x-raw", "audio/x-raw,rate=48000", "audio/x-raw,format=F32LE",
                           "audio/x-raw,channels=1", "video/x-raw"])
        }
        act("downstream caps \(text)")
        gst_harness_set_sink_caps(harness, gst_caps_from_string(text))
    }

    // MARK: buffers

    func bufferSize(_ d: inout Decisions) -> Int {
        let frame = format.frameSize
        switch d.below(12) {
        case 0: return 0
        case 1: return 1
        case 2: return max(frame - 1, 0)
        case 3: return frame + 1
        case 4: return d.below(64)
        case 5: return 7
        default:
            if isVideo { return frame * (d.chance(90) ? 1 : 2) }
            let frames = d.pick([1, 2, 3, 64, 441, 480, 1024, 4096, 1 + d.below(8192)])
            return min(frame * frames, 256 << 10)
        }
    }

    func makeBuffer(_ d: inout Decisions, size: Int) -> UnsafeMutablePointer<GstBuffer>? {
        guard let buf = gst_buffer_new_allocate(nil, gsize(size), nil) else { return nil }
        var info = GstMapInfo()
        if size > 0, gst_buffer_map(buf, &info, GST_MAP_WRITE) != 0 {
            let raw = UnsafeMutableRawPointer(info.data!)
            var rng = XorShift(seed: UInt(d.byte()) &* 0x9E37_79B9_7F4A_7C15 &+ UInt(bytesIn))
            let style = d.below(6)
            if !isVideo, style < 3, format.audioFormat == "F32LE" || format.audioFormat == "F64LE" {
                // Plausible floats, sometimes with NaN, infinities, denormals or huge values.
                let special: [Double] = [.nan, .infinity, -.infinity, Double.leastNormalMagnitude / 4, 1e300, -1e300, 0]
                let wide = format.audioFormat == "F64LE"
                let count = size / (wide ? 8 : 4)
                for i in 0..<count {
                    let r = rng.next()
                    let v = style == 0 && r % 97 == 0 ? special[Int(r >> 8) % special.count]
                                                      : Double(Int(bitPattern: r) >> 11) / Double(1 << 52)
                    if wide { raw.storeBytes(of: v, toByteOffset: i * 8, as: Double.self) }
                    else { raw.storeBytes(of: Float(v), toByteOffset: i * 4, as: Float.self) }
                }
                for i in count * (wide ? 8 : 4)..<size { raw.storeBytes(of: UInt8(truncatingIfNeeded: rng.next()), toByteOffset: i, as: UInt8.self) }
            } else if style == 5 {
                raw.initializeMemory(as: UInt8.self, repeating: UInt8(truncatingIfNeeded: rng.next()), count: size)
            } else {
                var i = 0
                while i + 8 <= size { raw.storeBytes(of: rng.next(), toByteOffset: i, as: UInt.self); i += 8 }
                while i < size { raw.storeBytes(of: UInt8(truncatingIfNeeded: rng.next()), toByteOffset: i, as: UInt8.self); i += 1 }
            }
            gst_buffer_unmap(buf, &info)
        }
        let natural = format.duration(ofBytes: size)
        let pts = Gen.timestamp(&d, previous: lastPTS, step: natural)
        if pts != Gen.none { lastPTS = pts }
        buf.pointee.pts = pts
        buf.pointee.dts = d.chance(90) ? Gen.none : pts
        buf.pointee.duration = Gen.duration(&d, natural: natural)
        if d.chance(10) { buf.pointee.offset = d.u64(); buf.pointee.offset_end = d.u64() }
        var flags: guint = 0
        if d.chance(15) { flags |= GST_BUFFER_FLAG_DISCONT.rawValue }
        if d.chance(4) { flags |= GST_BUFFER_FLAG_GAP.rawValue }
        if d.chance(4) { flags |= GST_BUFFER_FLAG_RESYNC.rawValue }
        if d.chance(3) { flags |= GST_BUFFER_FLAG_DELTA_UNIT.rawValue | GST_BUFFER_FLAG_DROPPABLE.rawValue }
        if d.chance(2) { flags |= GST_BUFFER_FLAG_CORRUPTED.rawValue }
        buf.pointee.mini_object.flags |= flags
        buffersIn += 1
        bytesIn += size
        return buf
    }

    func describe(_ buf: UnsafeMutablePointer<GstBuffer>) -> String {
        let b = buf.pointee
        let flags = b.mini_object.flags
        var f: [String] = []
        if flags & GST_BUFFER_FLAG_DISCONT.rawValue != 0 { f.append("DISCONT") }
        if flags & GST_BUFFER_FLAG_GAP.rawValue != 0 { f.append("GAP") }
        if flags & GST_BUFFER_FLAG_RESYNC.rawValue != 0 { f.append("RESYNC") }
        if flags & GST_BUFFER_FLAG_DELTA_UNIT.rawValue != 0 { f.append("DELTA") }
        if flags & GST_BUFFER_FLAG_CORRUPTED.rawValue != 0 { f.append("CORRUPTED") }
        return "buffer size=\(gst_buffer_get_size(buf)) pts=\(clock(b.pts)) dur=\(clock(b.duration))"
            + (f.isEmpty ? "" : " flags=\(f.joined(separator: "|"))")
    }

    func pushBuffer(_ d: inout Decisions) {
        guard let buf = makeBuffer(&d, size: bufferSize(&d)) else { return }
        act(describe(buf))
        let ret = gst_harness_push(harness, buf)
        trace("  -> \(String(cString: gst_flow_get_name(ret)))")
    }

    func pushBufferList(_ d: inout Decisions) {
        guard let list = gst_buffer_list_new() else { return }
        var parts: [String] = []
        for _ in 0..<(1 + d.below(4)) {
            if let buf = makeBuffer(&d, size: bufferSize(&d)) {
                parts.append(describe(buf))
                gst_buffer_list_insert(list, -1, buf)
            }
        }
        act("buffer list [\(parts.joined(separator: "; "))]")
        let ret = gst_pad_push_list(harness.pointee.srcpad, list)
        trace("  -> \(String(cString: gst_flow_get_name(ret)))")
    }

    // MARK: events

    func pushSegment(_ d: inout Decisions) {
        var seg = GstSegment()
        let fmt = d.chance(92) ? GST_FORMAT_TIME : d.pick([GST_FORMAT_BYTES, GST_FORMAT_DEFAULT, GST_FORMAT_PERCENT])
        gst_segment_init(&seg, fmt)
        seg.rate = d.chance(60) ? 1 : d.pick([-1, 2, 0.5, -0.5, -2, 1e-9, 1e9, 3.7, -1e9, 1e300, -Double.leastNonzeroMagnitude])
        seg.applied_rate = d.chance(85) ? 1 : d.pick([2, -1, 0.5])
        var start = d.chance(50) ? 0 : Gen.timestamp(&d, previous: lastPTS, step: 0)
        var stop = d.chance(60) ? Gen.none : Gen.timestamp(&d, previous: start, step: Gen.second)
        if start == Gen.none { start = 0 }
        if stop != Gen.none, stop < start { swap(&start, &stop) }
        seg.start = start
        seg.stop = stop
        seg.time = d.chance(70) ? start : Gen.timestamp(&d, previous: start, step: 0)
        if seg.time == Gen.none { seg.time = start }
        seg.base = d.chance(70) ? 0 : Gen.timestamp(&d, previous: 0, step: Gen.second)
        if seg.base == Gen.none { seg.base = 0 }
        seg.position = seg.rate > 0 ? start : (stop == Gen.none ? start : stop)
        if d.chance(20) { seg.duration = Gen.timestamp(&d, previous: 0, step: 10 * Gen.second) }
        var flags: UInt32 = 0
        if d.chance(10) { flags |= GST_SEGMENT_FLAG_RESET.rawValue }
        if d.chance(5) { flags |= GST_SEGMENT_FLAG_SKIP.rawValue }
        if d.chance(5) { flags |= GST_SEGMENT_FLAG_SEGMENT.rawValue }
        seg.flags = GstSegmentFlags(rawValue: flags)
        guard let event = gst_event_new_segment(&seg) else { return }
        if d.chance(20) { gst_event_set_seqnum(event, guint32(d.u16()) + 1) }
        act("segment format=\(fmt.rawValue) rate=\(seg.rate) applied=\(seg.applied_rate) start=\(clock(start)) "
            + "stop=\(clock(stop)) time=\(clock(seg.time)) base=\(clock(seg.base)) flags=\(flags)")
        _ = gst_harness_push_event(harness, event)
    }

    func flush(_ d: inout Decisions) {
        let reset = d.chance(70)
        act("flush reset=\(reset)")
        _ = gst_harness_push_event(harness, gst_event_new_flush_start())
        if d.chance(15) {
            // A buffer while flushing.
            if let buf = makeBuffer(&d, size: format.frameSize) { _ = gst_harness_push(harness, buf) }
        }
        _ = gst_harness_push_event(harness, gst_event_new_flush_stop(reset ? 1 : 0))
        if d.chance(80) { pushSegment(&d) }
    }

    func pushGap(_ d: inout Decisions) {
        var ts = Gen.timestamp(&d, previous: lastPTS, step: format.duration(ofBytes: format.frameSize))
        if ts == Gen.none { ts = UInt.max - 1 }
        let dur = d.chance(30) ? Gen.none : Gen.duration(&d, natural: Gen.second)
        act("gap ts=\(clock(ts)) dur=\(clock(dur))")
        guard let event = gst_event_new_gap(ts, dur) else { return }
        _ = gst_harness_push_event(harness, event)
    }

    func pushMiscEvent(_ d: inout Decisions) {
        switch d.below(5) {
        case 0:
            act("eos")
            _ = gst_harness_push_event(harness, gst_event_new_eos())
        case 1:
            act("stream-start")
            let event = gst_event_new_stream_start("fuzz-\(d.u16())")!
            if d.chance(50) { gst_event_set_group_id(event, guint(d.u16()) + 1) }
            _ = gst_harness_push_event(harness, event)
        case 2:
            act("segment-done")
            _ = gst_harness_push_event(harness, gst_event_new_segment_done(GST_FORMAT_TIME, gint64(Int(bitPattern: d.u64()))))
        case 3:
            act("tag")
            _ = gst_harness_push_event(harness, gst_event_new_tag(gst_tag_list_new_empty()))
        default:
            act("custom downstream event")
            let structure = gst_structure_new_empty("fuzz-event")
            _ = gst_harness_push_event(harness, gst_event_new_custom(GST_EVENT_CUSTOM_DOWNSTREAM, structure))
        }
    }

    /// An event from downstream: a seek (answered like a demuxer would, sometimes), QoS, latency,
    /// reconfigure, step or navigation.
    func pushUpstreamEvent(_ d: inout Decisions) {
        switch d.below(8) {
        case 0, 1, 2, 3:
            let rate = d.chance(60) ? 1.0 : d.pick([-1.0, 2, 0.5, -2, 1e-9, 1e9, 1e300])
            let fmt = d.chance(90) ? GST_FORMAT_TIME : d.pick([GST_FORMAT_BYTES, GST_FORMAT_DEFAULT, GST_FORMAT_PERCENT])
            var flags: UInt32 = 0
            if d.chance(70) { flags |= GST_SEEK_FLAG_FLUSH.rawValue }
            if d.chance(40) { flags |= GST_SEEK_FLAG_ACCURATE.rawValue }
            if d.chance(20) { flags |= GST_SEEK_FLAG_KEY_UNIT.rawValue }
            if d.chance(10) { flags |= GST_SEEK_FLAG_SEGMENT.rawValue }
            if d.chance(10) { flags |= GST_SEEK_FLAG_TRICKMODE.rawValue }
            let types = [GST_SEEK_TYPE_SET, GST_SEEK_TYPE_SET, GST_SEEK_TYPE_NONE, GST_SEEK_TYPE_END]
            let startType = d.pick(types), stopType = d.pick(types)
            let start = Int(bitPattern: d.chance(70) ? Gen.timestamp(&d, previous: 0, step: Gen.second) : d.u64())
            let stop = Int(bitPattern: d.chance(50) ? Gen.none : Gen.timestamp(&d, previous: UInt(max(start, 0)), step: Gen.second))
            act("seek rate=\(rate) format=\(fmt.rawValue) flags=\(flags) start=\(startType.rawValue):\(start) stop=\(stopType.rawValue):\(stop)")
            guard let seek = gst_event_new_seek(rate, fmt, GstSeekFlags(rawValue: flags), startType, gint64(start), stopType, gint64(stop)) else { return }
            let handled = gst_harness_push_upstream_event(harness, seek) != 0
            trace("  -> handled=\(handled)")
            if d.chance(60) { answerSeeks(&d) }
        case 4:
            act("qos")
            let qos = gst_event_new_qos(GST_QOS_TYPE_UNDERFLOW, d.pick([0.5, 1, 2, -1]),
                                        gint64(Int(bitPattern: d.u64() >> 2)), Gen.timestamp(&d, previous: lastPTS, step: 0))
            if let qos { _ = gst_harness_push_upstream_event(harness, qos) }
        case 5:
            act("latency")
            _ = gst_harness_push_upstream_event(harness, gst_event_new_latency(Gen.timestamp(&d, previous: 0, step: 0)))
        case 6:
            act("reconfigure")
            _ = gst_harness_push_upstream_event(harness, gst_event_new_reconfigure())
        default:
            act("step")
            if let step = gst_event_new_step(d.chance(50) ? GST_FORMAT_BUFFERS : GST_FORMAT_TIME, d.u64() >> 1,
                                              d.pick([1.0, 2, 0.5]), 1, 0) {
                _ = gst_harness_push_upstream_event(harness, step)
            }
        }
    }

    /// Answers the seeks that reached upstream as a demuxer would: flush, then a segment with the
    /// seek's seqnum (rate, start and stop taken from the seek).
    func answerSeeks(_ d: inout Decisions) {
        while let e = gst_harness_try_pull_upstream_event(harness) {
            defer { unref(e) }
            guard e.pointee.type == GST_EVENT_SEEK else { continue }
            var rate = 0.0
            var fmt = GST_FORMAT_UNDEFINED
            var flags = GstSeekFlags(rawValue: 0)
            var startType = GST_SEEK_TYPE_NONE, stopType = GST_SEEK_TYPE_NONE
            var start: gint64 = 0, stop: gint64 = 0
            gst_event_parse_seek(e, &rate, &fmt, &flags, &startType, &start, &stopType, &stop)
            let seqnum = gst_event_get_seqnum(e)
            act("answer seek seqnum=\(seqnum) rate=\(rate) start=\(start) stop=\(stop) flags=\(flags.rawValue)")
            if flags.rawValue & GST_SEEK_FLAG_FLUSH.rawValue != 0 {
                let fs = gst_event_new_flush_start()!
                gst_event_set_seqnum(fs, seqnum)
                _ = gst_harness_push_event(harness, fs)
                let fe = gst_event_new_flush_stop(1)!
                gst_event_set_seqnum(fe, seqnum)
                _ = gst_harness_push_event(harness, fe)
            }
            // The segment a demuxer would send (without gst_segment_do_seek, which refuses
            // start > stop with a critical).
            var seg = GstSegment()
            gst_segment_init(&seg, fmt == GST_FORMAT_UNDEFINED ? GST_FORMAT_TIME : fmt)
            let segStart = startType == GST_SEEK_TYPE_SET ? UInt(max(start, 0)) : 0
            var segStop = stopType == GST_SEEK_TYPE_SET && stop >= 0 ? UInt(stop) : Gen.none
            if segStop != Gen.none, segStop < segStart { segStop = Gen.none }
            seg.rate = rate
            seg.start = segStart
            seg.stop = segStop
            seg.time = segStart
            seg.position = rate > 0 ? segStart : (segStop == Gen.none ? segStart : segStop)
            if rate != 0, let event = gst_event_new_segment(&seg) {
                gst_event_set_seqnum(event, seqnum)
                _ = gst_harness_push_event(harness, event)
                lastPTS = seg.rate > 0 ? seg.start : (seg.stop == Gen.none ? seg.start : seg.stop)
            }
        }
    }

    // MARK: queries

    func query(_ d: inout Decisions) {
        let fromDownstream = d.chance(75)
        let q: UnsafeMutablePointer<GstQuery>?
        let fmts = [GST_FORMAT_TIME, GST_FORMAT_TIME, GST_FORMAT_DEFAULT, GST_FORMAT_BYTES, GST_FORMAT_PERCENT]
        var name: String
        switch d.below(fromDownstream ? 10 : 6) {
        case 0: name = "position"; q = gst_query_new_position(d.pick(fmts))
        case 1: name = "duration"; q = gst_query_new_duration(d.pick(fmts))
        case 2: name = "latency"; q = gst_query_new_latency()
        case 3:
            name = "caps"
            q = gst_query_new_caps(d.chance(50) ? nil : gst_caps_from_string(isVideo ? "video/x-raw,framerate=25/1" : "audio/x-raw,rate=44100"))
        case 4:
            name = "accept-caps"
            let caps = gst_caps_from_string(isVideo ? "video/x-raw,format=GRAY8,width=4,height=4,framerate=0/1"
                                                    : "audio/x-raw,format=F32LE,rate=48000,channels=2,layout=interleaved")
            q = gst_query_new_accept_caps(caps)
            gst_caps_unref(caps)
        case 5:
            name = fromDownstream ? "segment" : "allocation"
            if fromDownstream { q = gst_query_new_segment(d.pick(fmts)) }
            else {
                let caps = gst_caps_from_string(isVideo ? "video/x-raw,format=GRAY8,width=4,height=4,framerate=25/1"
                                                        : "audio/x-raw,format=S16LE,rate=8000,channels=1,layout=interleaved")
                q = gst_query_new_allocation(caps, 1)
                gst_caps_unref(caps)
            }
        case 6: name = "seeking"; q = gst_query_new_seeking(d.pick(fmts))
        case 7:
            name = "convert"
            q = gst_query_new_convert(d.pick(fmts), gint64(Int(bitPattern: Gen.timestamp(&d, previous: 0, step: Gen.second))), d.pick(fmts))
        case 8: name = "formats"; q = gst_query_new_formats()
        default: name = "buffering"; q = gst_query_new_buffering(d.pick(fmts))
        }
        guard let q else { return }
        act("query \(name) from \(fromDownstream ? "downstream" : "upstream")")
        let pad = fromDownstream ? harness.pointee.sinkpad! : harness.pointee.srcpad!
        let ok = gst_pad_peer_query(pad, q) != 0
        if config.trace, ok, name == "position" || name == "duration" {
            var value: gint64 = 0
            if name == "position" { gst_query_parse_position(q, nil, &value) } else { gst_query_parse_duration(q, nil, &value) }
            trace("  -> \(value)")
        }
        unref(q)
    }

    func setUpstreamAnswers(_ d: inout Decisions) {
        upstreamDuration = d.chance(25) ? nil : Int(bitPattern: d.chance(70)
            ? d.pick([10 * Gen.second, Gen.second, 0, 1, Gen.hour, Gen.top63 - 1, 5 * Gen.second + 1])
            : Gen.timestamp(&d, previous: 0, step: 10 * Gen.second))
        upstreamSeekable = d.chance(80)
        act("upstream answers duration=\(upstreamDuration.map(String.init) ?? "unknown") seekable=\(upstreamSeekable)")
    }

    func changeState(_ d: inout Decisions) {
        let target = d.pick([GST_STATE_READY, GST_STATE_NULL, GST_STATE_PAUSED])
        act("state \(target.rawValue) then PLAYING")
        _ = gst_element_set_state(element, target)
        if d.chance(30) { setProperty(&d) }
        _ = gst_element_set_state(element, GST_STATE_PLAYING)
        if target != GST_STATE_PAUSED, d.chance(80) {
            // The element's pads lost their sticky events: send them again as a source would.
            _ = gst_harness_push_event(harness, gst_event_new_stream_start("fuzz-restart"))
            pushCaps(&d)
            pushSegment(&d)
        }
    }

    // MARK: the case

    func run(_ d: inout Decisions) {
        if d.chance(60) { setUpstreamAnswers(&d) }
        if d.chance(50) { setDownstreamCaps(&d) }
        if d.chance(95) { pushCaps(&d) }
        if d.chance(70) { pushSegment(&d) }
        var actions = 0
        while !d.exhausted, actions < 300, buffersIn < 256, bytesIn < 16 << 20 {
            actions += 1
            let choice = d.byte()
            switch choice {
            case 0..<120: pushBuffer(&d)
            case 120..<128: pushBufferList(&d)
            case 128..<142: pushCaps(&d)
            case 142..<156: pushSegment(&d)
            case 156..<166: flush(&d)
            case 166..<174: pushGap(&d)
            case 174..<184: pushMiscEvent(&d)
            case 184..<206: setProperty(&d)
            case 206..<222: pushUpstreamEvent(&d)
            case 222..<240: query(&d)
            case 240..<246: setDownstreamCaps(&d)
            case 246..<250: setUpstreamAnswers(&d)
            default: changeState(&d)
            }
            drainQueues()
        }
        if d.chance(70) {
            act("final eos")
            _ = gst_harness_push_event(harness, gst_event_new_eos())
        }
        drainQueues()
    }
}

func clock(_ t: UInt) -> String { t == Gen.none ? "NONE" : String(t) }

// MARK: - Pad callbacks

/// Counts output, enforces the runaway limits and, in strict mode, checks the output.
let outputProbe: GstPadProbeCallback = { _, info, _ in
    guard let c = current, let info else { return GST_PAD_PROBE_OK }
    let type = info.pointee.type.rawValue
    if type & GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue != 0 {
        let event = info.pointee.data.assumingMemoryBound(to: GstEvent.self)
        c.checkEvent(event)
        return GST_PAD_PROBE_OK
    }
    var buffers: [UnsafeMutablePointer<GstBuffer>] = []
    if type & GST_PAD_PROBE_TYPE_BUFFER.rawValue != 0 {
        buffers = [info.pointee.data.assumingMemoryBound(to: GstBuffer.self)]
    } else if type & GST_PAD_PROBE_TYPE_BUFFER_LIST.rawValue != 0 {
        let list = OpaquePointer(info.pointee.data)
        for i in 0..<gst_buffer_list_length(list) { buffers.append(gst_buffer_list_get(list, i)) }
    }
    for b in buffers {
        c.outBuffers += 1
        c.outBytes += UInt(gst_buffer_get_size(b))
        c.checkBuffer(b)
    }
    if c.outBuffers > config.maxOutputBuffers || c.outBytes > config.maxOutputBytes
        || monotonicSeconds() - c.started > config.maxSeconds {
        let what = "runaway output: \(c.outBuffers) buffers, \(c.outBytes) bytes in "
            + "\(Int(monotonicSeconds() - c.started)) s from \(c.buffersIn) input buffers"
        guard config.runawayStops else { finding(what) }
        if c.outBuffers == config.maxOutputBuffers + 1 { eprint("FUZZ-ELEMENTS: \(what): answering FLUSHING\n") }
        if monotonicSeconds() - c.started > config.maxSeconds * 2 { finding("\(what); still pushing after FLUSHING") }
        // HANDLED (not DROP, which returns OK to the element): the probe owns the data and
        // gst_pad_push returns the flow set here.
        info.pointee.ABI.abi.flow_ret = GST_FLOW_FLUSHING
        gst_mini_object_unref(info.pointee.data.assumingMemoryBound(to: GstMiniObject.self))
        info.pointee.data = nil
        return GST_PAD_PROBE_HANDLED
    }
    return GST_PAD_PROBE_OK
}

extension FuzzCase {
    func checkEvent(_ event: UnsafeMutablePointer<GstEvent>) {
        switch event.pointee.type {
        case GST_EVENT_SEGMENT:
            var s: UnsafePointer<GstSegment>?
            gst_event_parse_segment(event, &s)
            if let s {
                outSegmentRate = s.pointee.rate
                if config.strict, s.pointee.stop != Gen.none, s.pointee.stop < s.pointee.start {
                    finding("strict: output segment stop \(s.pointee.stop) < start \(s.pointee.start)")
                }
            }
            outLastPTS = Gen.none
        case GST_EVENT_FLUSH_STOP:
            outLastPTS = Gen.none
        case GST_EVENT_CAPS:
            var caps: UnsafeMutablePointer<GstCaps>?
            gst_event_parse_caps(event, &caps)
            outCapsBytesPerFrame = 0
            if let caps, !isVideo {
                var info = GstAudioInfo()
                if gst_audio_info_from_caps(&info, caps) != 0 { outCapsBytesPerFrame = Int(info.bpf) }
            }
        case GST_EVENT_GAP:
            var ts: GstClockTime = 0, dur: GstClockTime = 0
            gst_event_parse_gap(event, &ts, &dur)
            if config.strict, ts != Gen.none, dur != Gen.none, ts.addingReportingOverflow(dur).overflow || ts &+ dur == Gen.none {
                finding("strict: GAP event ts=\(ts) duration=\(dur) ends past the clock range")
            }
        default: break
        }
    }

    func checkBuffer(_ b: UnsafeMutablePointer<GstBuffer>) {
        guard config.strict else { return }
        let pts = b.pointee.pts, dur = b.pointee.duration, size = Int(gst_buffer_get_size(b))
        if !isVideo, outCapsBytesPerFrame > 0, size % outCapsBytesPerFrame != 0 {
            finding("strict: audio output buffer of \(size) bytes is not a whole number of \(outCapsBytesPerFrame)-byte frames")
        }
        if pts != Gen.none, dur != Gen.none, pts.addingReportingOverflow(dur).overflow {
            finding("strict: output buffer pts=\(pts) duration=\(dur) ends past the clock range")
        }
        if pts != Gen.none {
            if outSegmentRate > 0, outLastPTS != Gen.none, pts < outLastPTS {
                finding("strict: output PTS went back from \(outLastPTS) to \(pts) in a forward segment")
            }
            outLastPTS = pts
        }
    }
}

/// The harness source pad's query function: answers the element's duration, position and
/// seeking queries with this case's fuzzed values, the rest as GstHarness does.
let upstreamQuery: GstPadQueryFunction = { pad, parent, query in
    guard let query, let c = current else { return 0 }
    switch query.pointee.type {
    case GST_QUERY_DURATION:
        var fmt = GST_FORMAT_UNDEFINED
        gst_query_parse_duration(query, &fmt, nil)
        guard fmt == GST_FORMAT_TIME, let duration = c.upstreamDuration else { return 0 }
        gst_query_set_duration(query, fmt, gint64(duration))
        return 1
    case GST_QUERY_SEEKING:
        var fmt = GST_FORMAT_UNDEFINED
        gst_query_parse_seeking(query, &fmt, nil, nil, nil)
        gst_query_set_seeking(query, fmt, c.upstreamSeekable ? 1 : 0, 0, gint64(c.upstreamDuration ?? -1))
        return 1
    default:
        return c.originalSrcQuery?(pad, parent, query) ?? 0
    }
}

// MARK: - Entry points

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    config = Config.fromEnvironment()
    gst_init(nil, nil)
    guard timewarp_register_static() != 0 else { fatalError("static registration of the timewarp plugin failed") }
    g_log_set_default_handler(logHandler, nil)
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzElements(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    caseNumber += 1
    var d = Decisions(bytes: UnsafeBufferPointer(start: data, count: size))
    do {
        let c = FuzzCase(video: d.byte() & 1 == 0, &d)
        c.run(&d)
        trace("  out: \(c.outBuffers) buffers, \(c.outBytes) bytes in \(monotonicSeconds() - c.started) s")
        current = nil
    }
    return 0
}
