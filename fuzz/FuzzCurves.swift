// libFuzzer entry point for the curve parsers (keyframes and expressions) and curve builders.
// Built and run by fuzz/run.sh; not part of the Swift package build.

/// Traps (a fuzzer "crash") when an invariant fails.
@inline(never)
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

/// A parse error must point inside the text or just past its end, and say something.
func checkError(_ error: CurveParseError, _ text: String) {
    let length = text.unicodeScalars.count
    require(error.column >= 1 && error.column <= length + 1,
            "column \(error.column) outside 1...\(length + 1): \(error)")
    require(!error.description.isEmpty, "empty error description")
}

/// Samples a curve; F must not decrease where s is non-negative and finite everywhere sampled.
func sample(_ curve: TimeScaleCurve) {
    let upper = curve.validationRange.upperBound
    for x in [-1.0, 0, upper * 0.25, upper * 0.5, upper, upper * 2, .nan, .infinity] {
        _ = curve.integral(to: x)
        _ = curve.scale(at: x)
    }
    require(curve.integral(to: 0) == 0, "F(0) = \(curve.integral(to: 0)) != 0")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCurves(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)

    do {
        let spec = try KeyframeSpec.parse(text)
        require(spec.keys.count >= 2, "spec with \(spec.keys.count) keys")
        for d in [nil, 10.0, 1e-300, 1e300] as [Double?] {
            do {
                let curve = try spec.makeCurve(mediaDuration: d)
                sample(curve)
                // Values stay finite and F is exact at the keys for finite, modest values.
                if curve.values.allSatisfy({ abs($0) < 1e100 }), curve.validationRange.upperBound < 1e100 {
                    require(curve.integral(to: curve.validationRange.upperBound).isFinite,
                            "F not finite at the last key")
                }
            } catch {
                checkError(error, text)
            }
        }
    } catch {
        checkError(error, text)
    }

    do {
        // Remap curves: every question the elements ask must answer, whatever the keys.
        let remap = try RemapCurve.parse(text)
        require(remap.keys.count >= 2, "remap with \(remap.keys.count) keys")
        for τ in [-1.0, 0, 0.25, 1, remap.outputDuration, remap.outputDuration * 2, .nan, .infinity] {
            _ = remap.inputTime(at: τ)
            _ = remap.speed(at: τ)
            _ = remap.earliestInput(from: τ)
            _ = remap.firstOutputTime(reachingInput: τ)
        }
        _ = remap.historyNeeded
        _ = remap.silentSpans
        _ = remap.outputSpans(showingInput: 0, 1)
        _ = remap.lastOutputTime(showingInput: 0.5, 0.6)
        _ = remap.firstOutputAheadOfInput()
        if let forward = ForwardRemapCurve(remap) { sample(forward) }
    } catch {
        checkError(error, text)
    }

    do {
        let expression = try Expression.parse(text)
        for u in [-1.0, 0, 0.5, 1, 2, .nan, .infinity] {
            _ = expression.evaluate(u: u, duration: 10)
        }
        // Building a table costs up to ~1e6 evaluations: only for short inputs.
        if size <= 64 {
            if let curve = try? ExpressionCurve.make(expression: expression, mediaDuration: 10) {
                sample(curve)
            }
            if let curve = try? AntiderivativeCurve.make(expression: expression,
                                                          mediaDuration: 10) {
                sample(curve)
            }
        }
    } catch {
        checkError(error, text)
    }
    return 0
}
