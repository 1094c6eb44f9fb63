import CGStreamer

/// One reference to a pipeline's `GstBus`.
public final class Bus {
    private let raw: UnsafeMutablePointer<GstBus>

    init(adopting raw: UnsafeMutablePointer<GstBus>) { self.raw = raw }
    deinit { gst_object_unref(raw) }

    /// Message types to wait for.
    public struct Kinds: OptionSet, Sendable {
        /// The `GstMessageType` bits.
        public let rawValue: GstMessageType.RawValue
        /// Kinds from `GstMessageType` bits.
        public init(rawValue: GstMessageType.RawValue) { self.rawValue = rawValue }
        /// End of stream.
        public static let eos = Kinds(rawValue: GST_MESSAGE_EOS.rawValue)
        /// Errors.
        public static let error = Kinds(rawValue: GST_MESSAGE_ERROR.rawValue)
        /// Warnings.
        public static let warning = Kinds(rawValue: GST_MESSAGE_WARNING.rawValue)
        /// An asynchronous state change completed.
        public static let asyncDone = Kinds(rawValue: GST_MESSAGE_ASYNC_DONE.rawValue)
    }

    /// The next message (of `kinds`, or of any kind), waiting up to `timeoutNs`; nil if none came.
    public func pop(timeoutNs: UInt64, only kinds: Kinds? = nil) -> BusMessage? {
        let message = kinds.map { gst_bus_timed_pop_filtered(raw, GstClockTime(timeoutNs), GstMessageType(rawValue: $0.rawValue)) }
            ?? gst_bus_timed_pop(raw, GstClockTime(timeoutNs))
        guard let message else { return nil }
        defer { gst_message_unref(message) }
        return BusMessage(message)
    }

    /// Like `pop`, with gst-launch-1.0's `-m` line for the message
    /// (`Got message #12 from element "fakesink0" (eos): no message details`).
    public func popDescribed(timeoutNs: UInt64) -> (message: BusMessage, line: String)? {
        guard let message = gst_bus_timed_pop(raw, GstClockTime(timeoutNs)) else { return nil }
        defer { gst_message_unref(message) }
        return (BusMessage(message), BusMessage.describe(message))
    }

    /// A pending error message, without waiting.
    public func popError() -> BusMessage? {
        guard let message = gst_bus_pop_filtered(raw, GST_MESSAGE_ERROR) else { return nil }
        defer { gst_message_unref(message) }
        return BusMessage(message)
    }
}
