extension Expression {
    /// True when the expression mentions `u` (a fraction of the media duration).
    public var mentionsU: Bool { program.contains { if case .u = $0 { return true } else { return false } } }
    /// True when the expression mentions `D` itself (not only through `t`).
    public var mentionsD: Bool { program.contains { if case .duration = $0 { return true } else { return false } } }
    /// True when the expression is a function of `t` (seconds) alone: it then describes a curve
    /// in seconds that needs no media duration (`SecondsExpressionCurve`).
    public var isInSecondsOnly: Bool { !mentionsU && !mentionsD }
}
