import CGStreamer
import CShims

/// An active buffer pool for output frames, agreed with downstream through an ALLOCATION query
/// (as GstBaseTransform's decide_allocation does): downstream's first pool if it offers one,
/// else a new GstVideoBufferPool, configured for the caps with downstream's size and counts and
/// video meta when downstream supports it. Deactivated and released with the last reference.
public final class BufferPool {
    /// The pool (one reference, active).
    private let raw: UnsafeMutablePointer<GstBufferPool>

    /// Asks downstream of `pad` and activates a pool for frames of `caps`; nil if no pool
    /// could be set up.
    public init?(negotiatingOn pad: Pad, caps: borrowing Caps, info: VideoInfo) {
        guard let query = gst_query_new_allocation(caps.raw, 1) else { return nil }
        defer { gst_mini_object_unref(UnsafeMutableRawPointer(query).assumingMemoryBound(to: GstMiniObject.self)) }
        _ = gst_pad_peer_query(pad.raw, query)  // unanswered: our own pool, default sizes
        var offered: UnsafeMutablePointer<GstBufferPool>?
        var size: guint = 0, minBuffers: guint = 0, maxBuffers: guint = 0
        if gst_query_get_n_allocation_pools(query) > 0 {
            gst_query_parse_nth_allocation_pool(query, 0, &offered, &size, &minBuffers, &maxBuffers)
        }
        size = max(size, guint(info.size))
        let pool: UnsafeMutablePointer<GstBufferPool>
        if let offered {
            pool = offered
        } else {
            guard let made = gst_video_buffer_pool_new() else { return nil }
            pool = made
        }
        guard let config = gst_buffer_pool_get_config(pool) else {
            gst_object_unref(pool)
            return nil
        }
        gst_buffer_pool_config_set_params(config, caps.raw, size, minBuffers, maxBuffers)
        if gst_query_find_allocation_meta(query, timewarp_video_meta_api_type(), nil) != 0 {
            gst_buffer_pool_config_add_option(config, timewarp_video_meta_option())
        }
        var configured = gst_buffer_pool_set_config(pool, config) != 0
        if !configured, let again = gst_buffer_pool_get_config(pool) {
            // A pool that changed the parameters: accept its proposal if it still fits.
            configured = gst_buffer_pool_config_validate_params(again, caps.raw, size, minBuffers, maxBuffers) != 0
                && gst_buffer_pool_set_config(pool, again) != 0
        }
        guard configured, gst_buffer_pool_set_active(pool, 1) != 0 else {
            gst_object_unref(pool)
            return nil
        }
        raw = pool
    }

    deinit {
        _ = gst_buffer_pool_set_active(raw, 0)
        gst_object_unref(raw)
    }

    /// A free buffer from the pool; nil when the pool is flushing or failed.
    public func acquire() -> Buffer? {
        var buffer: UnsafeMutablePointer<GstBuffer>?
        guard gst_buffer_pool_acquire_buffer(raw, &buffer, nil) == GST_FLOW_OK, let buffer else { return nil }
        return Buffer(taking: buffer)
    }
}
