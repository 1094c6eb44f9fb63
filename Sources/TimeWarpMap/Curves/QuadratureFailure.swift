/// Why a numerical integration or tabulation gave up, and where.
enum QuadratureFailure: Error, Equatable {
    /// The integrand was NaN or infinite at `u`.
    case notFinite(u: Double, value: Double)
    /// Bisection reached the resolution of doubles near `u` without converging (a singularity).
    case singular(u: Double)
    /// The evaluation or node budget ran out while refining near `u` (oscillates too fast).
    case budgetExhausted(u: Double)
}

extension QuadratureFailure {
    /// The user-facing error for this failure, naming `t` when the duration is known.
    func buildError(function: String, duration: Double?) -> CurveBuildError {
        switch self {
        case .notFinite(let u, let value):
            return .notFinite(function: function, u: u, seconds: duration.map { u * $0 },
                              value: value)
        case .singular(let u):
            return .notIntegrable(u: u, seconds: duration.map { u * $0 })
        case .budgetExhausted(let u):
            return .tooIrregular(u: u, seconds: duration.map { u * $0 })
        }
    }
}
