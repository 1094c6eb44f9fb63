import CGStreamer

/// Why data stopped flowing: a `GstFlowReturn` below `GST_FLOW_OK`, as the streaming functions
/// of the plugin throw it (`throws(FlowError)`). The C code is met only at the binding's edge
/// (`Pad.push`, `flowReturn`).
public enum FlowError: Error, Equatable, Sendable {
    /// Downstream wants no more data (`GST_FLOW_EOS`).
    case eos
    /// The pad is flushing (`GST_FLOW_FLUSHING`).
    case flushing
    /// The pad is not linked (`GST_FLOW_NOT_LINKED`).
    case notLinked
    /// No format was agreed (`GST_FLOW_NOT_NEGOTIATED`).
    case notNegotiated
    /// A fatal error, reported on the bus (`GST_FLOW_ERROR`).
    case error
    /// The operation is not supported (`GST_FLOW_NOT_SUPPORTED`).
    case notSupported
    /// Any other failure code (`GST_FLOW_CUSTOM_ERROR` and below), passed on as it is.
    case custom(Int32)

    /// The failure `raw` names (`raw` below `GST_FLOW_OK`).
    @usableFromInline
    init(_ raw: GstFlowReturn) {
        switch raw {
        case GST_FLOW_EOS: self = .eos
        case GST_FLOW_FLUSHING: self = .flushing
        case GST_FLOW_NOT_LINKED: self = .notLinked
        case GST_FLOW_NOT_NEGOTIATED: self = .notNegotiated
        case GST_FLOW_ERROR: self = .error
        case GST_FLOW_NOT_SUPPORTED: self = .notSupported
        default: self = .custom(raw.rawValue)
        }
    }

    /// The C code, for GStreamer.
    public var flowReturn: GstFlowReturn {
        switch self {
        case .eos: GST_FLOW_EOS
        case .flushing: GST_FLOW_FLUSHING
        case .notLinked: GST_FLOW_NOT_LINKED
        case .notNegotiated: GST_FLOW_NOT_NEGOTIATED
        case .error: GST_FLOW_ERROR
        case .notSupported: GST_FLOW_NOT_SUPPORTED
        case .custom(let code): GstFlowReturn(rawValue: code)
        }
    }
}

/// Data flowed: a `GstFlowReturn` at or above `GST_FLOW_OK`.
public enum FlowSuccess: Equatable, Sendable {
    /// `GST_FLOW_OK`.
    case ok
    /// A custom success code (`GST_FLOW_CUSTOM_SUCCESS` and above), passed on as it is.
    case custom(Int32)

    /// `raw` as a success, or thrown as the failure it names.
    @inlinable
    public static func checking(_ raw: GstFlowReturn) throws(FlowError) -> FlowSuccess {
        if raw == GST_FLOW_OK { return .ok }
        guard raw.rawValue > GST_FLOW_OK.rawValue else { throw FlowError(raw) }
        return .custom(raw.rawValue)
    }
}
