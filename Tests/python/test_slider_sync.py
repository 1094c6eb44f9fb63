"""A speed slider moving videotimewarp and audiotimewarp together (issue 21, item 3): with the
`change-at` action signal both elements take each change at the same input stream time, so after
20 changes their maps are the same and every video frame is output where the audio of the same
input instant is. Nothing here depends on timing: whenever the changes land, the assertions
compare the two elements with each other and the frames with the audio's map.
"""
import threading
import time
import unittest

import timewarp_ref as ref


class SliderSyncTests(unittest.TestCase):
    def test_twenty_changes_keep_audio_with_video(self):
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
        applied = []

        def slider():
            for k in range(20):
                time.sleep(0.05)
                ok, position = p.query_position(Gst.Format.TIME)
                if not ok:
                    continue
                # 1 s of output ahead of the playing position, as input stream time: neither
                # element has processed it yet (the sinks hold them to the clock; an element
                # already past it would change at its next buffer instead).
                t = v.emit("input-time", position + Gst.SECOND)
                props = Gst.Structure.new_from_string("p, factor=%f" % (1.0 + 0.5 * (k % 3)))
                self.assertTrue(v.emit("change-at", props, t))
                self.assertTrue(a.emit("change-at", props, t))
                applied.append(t)

        p.set_state(Gst.State.PLAYING)
        thread = threading.Thread(target=slider)
        thread.start()
        thread.join()
        msg = ref.wait_bus(p, Gst.MessageType.EOS | Gst.MessageType.ERROR, 30)
        try:
            self.assertEqual(msg.type, Gst.MessageType.EOS)
            self.assertGreaterEqual(len(applied), 15)
            # The maps agree everywhere, and they did change (factor 1.5 or 2 for part of it).
            for k in range(0, 301):
                t = k * 10 * Gst.MSECOND
                self.assertLessEqual(abs(v.emit("output-time", t) - a.emit("output-time", t)), 1000, "t = %d ms" % (10 * k))
            self.assertGreater(v.emit("output-time", 3 * Gst.SECOND), 3 * Gst.SECOND)
            # Every video frame sits where the audio of its input instant is output.
            self.assertEqual(len(pts), 90)
            for n, x in enumerate(pts):
                self.assertLessEqual(abs(x - a.emit("output-time", n * Gst.SECOND // 30)), 1000, "frame %d" % n)
        finally:
            p.set_state(Gst.State.NULL)


if __name__ == "__main__":
    unittest.main()
