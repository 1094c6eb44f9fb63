extension Expression {
    /// The media duration to bind: `mediaDuration` when it is a finite positive number of
    /// seconds; nil when it is absent or unusable and the expression does not need it (it then
    /// only serves to name `t` in error messages). Throws when the expression uses `t` or `D`
    /// and the duration is missing or invalid.
    func usableDuration(_ mediaDuration: Double?) throws(CurveBuildError) -> Double? {
        guard let d = mediaDuration else {
            if usesDuration { throw .durationRequired }
            return nil
        }
        guard d.isFinite, d > 0 else {
            if usesDuration { throw .invalidDuration(d) }
            return nil
        }
        return d
    }

    /// The specialised expression and a duration to pass to `evaluate` (NaN when unbound).
    func specialized(_ duration: Double?) -> (Expression, Double) {
        guard let duration else { return (self, .nan) }
        return usesDuration ? (bound(duration: duration), duration) : (self, duration)
    }
}
