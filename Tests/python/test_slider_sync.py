"""A speed slider moving videotimewarp and audiotimewarp together (issue 21, item 3): with the
`change-at` action signal both elements take each change at the same input stream time, so after
20 changes their maps are the same and every video frame is output where the audio of the same
input instant is. Nothing here depends on timing: both tests play on a test clock that they move
themselves, and the assertions compare the two elements with each other and the frames with the
audio's map.
"""
import time
import unittest

import timewarp_ref as ref


class SliderSyncTests(unittest.TestCase):
    def slider_pipeline(self):
        """Video (30 fps, 3 s) and audio through the two elements into synchronised sinks: the
        pipeline, the two elements and the list the video frames' output PTS go into."""
        Gst = ref.gst()
        p = Gst.parse_launch(
            "videotestsrc num-buffers=90 ! video/x-raw,format=GRAY8,width=16,height=16,framerate=30/1 "
            "! videotimewarp name=v ! video/x-raw,framerate=0/1 ! appsink name=vs sync=true "
            "audiotestsrc num-buffers=150 samplesperbuffer=480 ! audio/x-raw,format=F32LE,rate=24000,channels=1 "
            "! audiotimewarp name=a ! fakesink sync=true")
        v, a = p.get_by_name("v"), p.get_by_name("a")
        pts = []

        def on_sample(s):
            pts.append(s.emit("pull-sample").get_buffer().pts)
            return Gst.FlowReturn.OK
        vs = p.get_by_name("vs")
        vs.set_property("emit-signals", True)
        vs.connect("new-sample", on_sample)
        return p, v, a, pts

    def assert_in_sync(self, v, a, pts):
        """The two maps agree everywhere (within 1 µs) and did change (factor 1.5 or 2 for part of
        it), and every video frame sits where the audio of its input instant is output."""
        Gst = ref.gst()
        for k in range(0, 301):
            t = k * 10 * Gst.MSECOND
            self.assertLessEqual(abs(v.emit("output-time", t) - a.emit("output-time", t)), 1000, "t = %d ms" % (10 * k))
        self.assertGreater(v.emit("output-time", 3 * Gst.SECOND), 3 * Gst.SECOND)
        self.assertEqual(len(pts), 90)
        for n, x in enumerate(pts):
            self.assertLessEqual(abs(x - a.emit("output-time", n * Gst.SECOND // 30)), 1000, "frame %d" % n)

    def play_on_test_clock(self, p, step, count, change):
        """Plays `p` on a test clock that this moves itself: each clock wait of the sinks is
        released in time order, the clock moved to it; every `step` ns of clock time (running
        time: the pipeline starts at 0), `change(k)` is called, `count` times. Returns the EOS or
        ERROR message (None if none within 60 s) and the number of changes made. Nothing depends
        on the machine's speed or load: the sinks hold each element to the clock, and the clock
        only moves here."""
        import gi
        gi.require_version("GstCheck", "1.0")
        from gi.repository import GstCheck
        Gst = ref.gst()
        clock = GstCheck.TestClock.new()
        p.use_clock(clock)
        p.set_state(Gst.State.PLAYING)
        self.assertNotEqual(p.get_state(5 * Gst.SECOND)[0], Gst.StateChangeReturn.FAILURE)
        bus = p.get_bus()
        changes, msg, deadline = 0, None, time.monotonic() + 60
        while msg is None and time.monotonic() < deadline:
            msg = bus.pop_filtered(Gst.MessageType.EOS | Gst.MessageType.ERROR)
            ok, pending = clock.peek_next_pending_id()
            if not ok:
                time.sleep(0.001)
                continue
            due = Gst.Clock.id_get_time(pending)
            while changes < count and (changes + 1) * step <= due:
                clock.set_time(max(clock.get_time(), (changes + 1) * step))
                change(changes)
                changes += 1
            if due > clock.get_time():
                clock.set_time(due)
            clock.process_id(pending)
        return msg, changes

    def test_twenty_changes_keep_audio_with_video(self):
        """20 `change-at` pairs, 50 ms of playing apart, each 1 s of output ahead of the playing
        position. On a test clock (play_on_test_clock): with the system clock, a loaded machine
        could stall the slider between its two calls for as long as the lead, so that one element
        took the change at its next buffer instead (seen once: 3.3 ms apart at 2.17 s)."""
        Gst = ref.gst()
        p, v, a, pts = self.slider_pipeline()
        applied = []

        def change(k):
            # 1 s of output ahead of the playing position (the clock's running time), as input
            # stream time: neither element has processed it yet (the sinks hold them to the
            # clock; an element already past it would change at its next buffer instead).
            position = p.get_clock().get_time() - p.get_base_time()
            t = v.emit("input-time", position + Gst.SECOND)
            props = Gst.Structure.new_from_string("p, factor=%f" % (1.0 + 0.5 * (k % 3)))
            self.assertTrue(v.emit("change-at", props, t))
            self.assertTrue(a.emit("change-at", props, t))
            applied.append(t)

        try:
            msg, changes = self.play_on_test_clock(p, 50 * Gst.MSECOND, 20, change)
            self.assertIsNotNone(msg, "no EOS within 60 s")
            self.assertEqual(msg.type, Gst.MessageType.EOS)
            self.assertEqual(len(applied), 20)
            self.assert_in_sync(v, a, pts)
        finally:
            p.set_state(Gst.State.NULL)

    def test_plain_property_sets_keep_audio_with_video(self):
        """A slider that simply sets `factor` on both elements while PLAYING: each set applies at
        the input instant played 0.5 s after it (the pipeline clock's running time then, plus the
        lead, through each element's segment and map), so both change at the same instant. The
        pipeline runs on a test clock that the test moves in 40 ms steps, so the two sets of one
        change see the same clock time and nothing depends on the machine's speed."""
        Gst = ref.gst()
        p, v, a, pts = self.slider_pipeline()

        def change(k):
            # Every 40 ms of clock time, set both elements (20 changes).
            factor = 1.0 + 0.5 * (k % 3)
            v.set_property("factor", factor)
            a.set_property("factor", factor)

        try:
            msg, changes = self.play_on_test_clock(p, 40 * Gst.MSECOND, 20, change)
            self.assertIsNotNone(msg, "no EOS within 60 s")
            self.assertEqual(msg.type, Gst.MessageType.EOS)
            self.assertEqual(changes, 20)
            self.assert_in_sync(v, a, pts)
            # By hand: change k is set at clock time c = 40 (k + 1) ms and takes effect at the input
            # instant that the map with the changes before it puts at output c + 0.5 s; from there
            # the slope is its factor. The map is piecewise linear: (input start, output start, slope).
            pieces = [(0.0, 0.0, 1.0)]

            def T(t):
                t0, y0, slope = [q for q in pieces if q[0] <= t][-1]
                return y0 + slope * (t - t0)

            def T_inv(y):
                t0, y0, slope = [q for q in pieces if q[1] <= y][-1]
                return t0 + (y - y0) / slope
            for k in range(20):
                y = 0.040 * (k + 1) + 0.5
                t = T_inv(y)
                pieces = [q for q in pieces if q[0] < t] + [(t, y, 1.0 + 0.5 * (k % 3))]
            for k in range(0, 301):
                t = k * 10 * Gst.MSECOND
                self.assertAlmostEqual(v.emit("output-time", t) / 1e9, T(t / 1e9), delta=2e-6, msg="t = %d ms" % (10 * k))
        finally:
            p.set_state(Gst.State.NULL)


if __name__ == "__main__":
    unittest.main()
