import CGStreamer

/// The calling thread's identity, to tell a call made on a given thread from calls made on others.
public enum CurrentThread {
    /// The address of the calling thread's `GThread` (never 0).
    public static var identity: UInt { UInt(bitPattern: UnsafeRawPointer(g_thread_self())) }
}
