// timewarp-bench: costs of the time map itself (part of `make bench`). Prints times; asserts
// nothing. Table builds are timed as the best of several runs; per-call costs over 10^6 calls.
import TimeWarpMap

/// Best-of-`runs` time of `body` in microseconds.
func bestMicros(runs: Int = 20, _ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<runs {
        let d = try ContinuousClock().measure(body)
        best = min(best, Double(d.components.seconds) * 1e6 + Double(d.components.attoseconds) / 1e12)
    }
    return best
}

/// Nanoseconds per call of `f` over `n` spread inputs (the sum defeats dead-code elimination).
func nanosPerCall(_ n: Int = 1_000_000, range: Double, _ f: (Double) -> Double) -> (Double, Double) {
    var sum = 0.0
    let micros = bestMicros(runs: 5) {
        for i in 0..<n { sum += f(Double(i) * range / Double(n)) }
    }
    return (micros * 1000 / Double(n), sum)
}

func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - s.count)) }
func fmt(_ x: Double) -> String { let r = (x * 100).rounded() / 100; return "\(r)" }

print("time map costs (release build)")
print(pad("curve", 46) + pad("build µs", 12) + pad("T ns/call", 12) + pad("T⁻¹ ns/call", 12) + "|T⁻¹(T(t))-t| max")
var checksum = 0.0
let D = 10.0
var cases: [(String, () throws -> any TimeScaleCurve)] = WarpFunction.builtins.map { f in
    ("\(f.nick) factor=1.5 modifier=0.5", { BuiltinCurve(function: f, factor: 1.5, modifier: 0.5) })
}
for text in ["1 + 0.5*sin(2*pi*u)", "exp(u)", "1 + abs(u - 0.3)", "smoothstep(0.2, 0.8, u) + 0.5"] {
    cases.append(("expression \(text)", { try ExpressionCurve.make(expression: try Expression.parse(text), mediaDuration: D) }))
}
cases.append(("keyframes 0:1, 0.3:2:smooth, 0.7:0.5:cubic, 1:1", {
    try KeyframeSpec.parse("0:1, 0.3:2:smooth, 0.7:0.5:cubic, 1:1").makeCurve(mediaDuration: D)
}))
for (label, make) in cases {
    do {
        let build = try bestMicros { _ = try make() }
        let map = try TimeMap(curve: try make(), mediaDuration: D)
        let (forward, s1) = nanosPerCall(range: D) { map.warp($0) }
        let end = map.outputDuration ?? D
        let (inverse, s2) = nanosPerCall(range: end) { map.unwarp($0) }
        var worst = 0.0
        for i in 0...10_000 { let t = Double(i) * D / 10_000; worst = max(worst, abs(map.unwarp(map.warp(t)) - t)) }
        checksum += s1 + s2
        print(pad(label, 46) + pad(fmt(build), 12) + pad(fmt(forward), 12) + pad(fmt(inverse), 12) + "\(worst)")
    } catch {
        print(pad(label, 46) + "failed: \(error)")
    }
}
print("(checksum \(checksum))")
