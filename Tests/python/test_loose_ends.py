"""Loose ends of a well-behaved element (issue 21, item 6), through real pipelines: DEFAULT-format
position and duration queries in output frames or samples, CONVERT and SEGMENT queries mapped
through T, the position never past the duration, caps changes not posted on the bus.

Expected values are hand calculations: with factor=2, T(t) = 2t.
"""
import os
import unittest

import timewarp_ref as ref

# The shared real clips, beside the repository (../shared/media); tests that need them skip
# when they are absent.
BIKES = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "media", "bikes.mp4"))


def preroll(description):
    Gst = ref.gst()
    pipeline = Gst.parse_launch(description)
    pipeline.set_state(Gst.State.PAUSED)
    msg = ref.wait_bus(pipeline, Gst.MessageType.ASYNC_DONE | Gst.MessageType.ERROR, 20)
    if msg is None or msg.type != Gst.MessageType.ASYNC_DONE:
        pipeline.set_state(Gst.State.NULL)
        raise ref.PipelineError("no preroll: %s" % (msg.parse_error()[0].message if msg else "timeout"))
    return pipeline


class QueryFormatTests(unittest.TestCase):
    def setUp(self):
        self.Gst = ref.gst()

    @unittest.skipUnless(os.path.exists(BIKES), "needs " + BIKES)
    def test_video_default_format_is_output_frames_and_segment_is_mapped(self):
        Gst = self.Gst
        p = preroll(f"filesrc location={BIKES} ! qtdemux ! decodebin ! videotimewarp name=w factor=2 "
                    "! video/x-raw,framerate=30/1 ! fakesink")
        try:
            src = p.get_by_name("w").get_static_pad("src")
            ok, d_in = p.get_by_name("w").get_static_pad("sink").peer_query_duration(Gst.Format.TIME)
            self.assertTrue(ok)
            # D_out = 2 D_in seconds at 30 frames a second.
            ok, frames = src.query_duration(Gst.Format.DEFAULT)
            self.assertTrue(ok)
            self.assertEqual(frames, round(2 * d_in * 30 / Gst.SECOND))
            ok, position = src.query_position(Gst.Format.DEFAULT)
            ok_t, position_t = src.query_position(Gst.Format.TIME)
            self.assertTrue(ok and ok_t)
            self.assertEqual(position, round(position_t * 30 / Gst.SECOND))
            # Output time and output frames convert locally: 1 s = 30 frames, 45 frames = 1.5 s.
            self.assertEqual(src.query_convert(Gst.Format.TIME, Gst.SECOND, Gst.Format.DEFAULT), (True, 30))
            self.assertEqual(src.query_convert(Gst.Format.DEFAULT, 45, Gst.Format.TIME), (True, 3 * Gst.SECOND // 2))
            # SEGMENT: upstream's [0, D_in] becomes [0, 2 D_in].
            q = Gst.Query.new_segment(Gst.Format.TIME)
            self.assertTrue(p.get_by_name("w").get_static_pad("sink").peer_query(q))
            rate, fmt, start, stop = q.parse_segment()
            self.assertGreater(stop, 0)  # so the mapping is exercised
            q2 = Gst.Query.new_segment(Gst.Format.TIME)
            self.assertTrue(src.query(q2))
            rate2, fmt2, start2, stop2 = q2.parse_segment()
            self.assertEqual((rate2, fmt2), (rate, fmt))
            self.assertEqual(start2, 2 * start)
            self.assertEqual(stop2, 2 * stop if stop >= 0 else stop)
        finally:
            p.set_state(Gst.State.NULL)

    def test_audio_convert_goes_through_the_map(self):
        """audiotestsrc converts bytes and time of the input (S16 mono at 48 kHz: 96000 bytes a
        second); through factor=2, 96000 bytes are 2 s of output and 2 s of output are 96000 bytes.
        DEFAULT is output samples: 1 s of output = 48000 samples."""
        Gst = self.Gst
        p = preroll("audiotestsrc ! audio/x-raw,format=S16LE,rate=48000,channels=1 ! audiotimewarp name=w factor=2 "
                    "! fakesink")
        try:
            src = p.get_by_name("w").get_static_pad("src")
            self.assertEqual(src.query_convert(Gst.Format.BYTES, 96000, Gst.Format.TIME), (True, 2 * Gst.SECOND))
            self.assertEqual(src.query_convert(Gst.Format.TIME, 2 * Gst.SECOND, Gst.Format.BYTES), (True, 96000))
            self.assertEqual(src.query_convert(Gst.Format.TIME, Gst.SECOND, Gst.Format.DEFAULT), (True, 48000))
            self.assertEqual(src.query_convert(Gst.Format.DEFAULT, 96000, Gst.Format.BYTES), (True, 96000))
        finally:
            p.set_state(Gst.State.NULL)

    @unittest.skipUnless(os.path.exists(BIKES), "needs " + BIKES)
    def test_position_at_eos_is_not_past_the_duration(self):
        Gst = self.Gst
        p = Gst.parse_launch(f"filesrc location={BIKES} ! qtdemux ! decodebin ! videotimewarp name=w factor=0.7 "
                             "! video/x-raw,framerate=30/1 ! fakesink sync=false")
        p.set_state(Gst.State.PLAYING)
        msg = ref.wait_bus(p, Gst.MessageType.EOS | Gst.MessageType.ERROR, 60)
        try:
            self.assertEqual(msg.type, Gst.MessageType.EOS)
            src = p.get_by_name("w").get_static_pad("src")
            ok_d, duration = src.query_duration(Gst.Format.TIME)
            ok_p, position = src.query_position(Gst.Format.TIME)
            self.assertTrue(ok_d and ok_p)
            self.assertLessEqual(position, duration)
            ok_d, frames = src.query_duration(Gst.Format.DEFAULT)
            ok_p, frame = src.query_position(Gst.Format.DEFAULT)
            self.assertTrue(ok_d and ok_p)
            self.assertLessEqual(frame, frames)
        finally:
            p.set_state(Gst.State.NULL)


    def test_duration_query_answers_the_duration_property_when_upstream_knows_none(self):
        """audiotestsrc and videotestsrc know no duration (they answer -1). With duration=10 s
        the map is known: the output lasts D F(1), here 10 s x 2 = 20 s at factor=2 and
        10 s x 0.5 = 5 s at factor=0.5, and both elements answer it (as output-duration says)."""
        Gst = self.Gst
        for src, element, caps in (("audiotestsrc", "audiotimewarp", "audio/x-raw,rate=48000"),
                                    ("videotestsrc", "videotimewarp", "video/x-raw,framerate=30/1")):
            for factor, expected in ((2, 20 * Gst.SECOND), (0.5, 5 * Gst.SECOND)):
                p = preroll(f"{src} ! {caps} ! {element} name=w factor={factor} duration=10000000000 ! fakesink")
                try:
                    w = p.get_by_name("w")
                    self.assertEqual(w.get_static_pad("sink").peer_query_duration(Gst.Format.TIME), (True, -1))
                    self.assertEqual(w.get_static_pad("src").query_duration(Gst.Format.TIME), (True, expected),
                                     f"{element} factor={factor}")
                    self.assertEqual(p.query_duration(Gst.Format.TIME), (True, expected), f"{element} factor={factor}")
                finally:
                    p.set_state(Gst.State.NULL)


class ConcatTests(unittest.TestCase):
    def test_one_map_across_concat_items(self):
        """The recipe of docs/pipelines.md#concat: identity single-segment=true joins the items into
        one timeline, so one map with duration = the items' total spans them. Two 1 s items at
        30 fps, function=triangle factor=2 over D = 2 s: frame k of the joined stream is at
        T(k/30) = D F(k/(30 D)) with F the closed-form triangle integral (timewarp_ref)."""
        Gst = ref.gst()
        item = "videotestsrc num-buffers=30 ! video/x-raw,format=GRAY8,width=16,height=16,framerate=30/1 ! c. "
        pipeline = Gst.parse_launch(
            "concat name=c ! identity single-segment=true ! videotimewarp function=triangle factor=2 "
            "duration=2000000000 ! video/x-raw,framerate=0/1 ! appsink name=sink sync=false " + item + item)
        sink = pipeline.get_by_name("sink")
        pts = []

        def on_sample(s):
            pts.append(s.emit("pull-sample").get_buffer().pts)
            return Gst.FlowReturn.OK
        sink.set_property("emit-signals", True)
        sink.connect("new-sample", on_sample)
        pipeline.set_state(Gst.State.PLAYING)
        msg = ref.wait_bus(pipeline, Gst.MessageType.EOS | Gst.MessageType.ERROR, 20)
        pipeline.set_state(Gst.State.NULL)
        self.assertEqual(msg.type, Gst.MessageType.EOS)
        self.assertEqual(len(pts), 60)
        for k, p in enumerate(pts):
            self.assertAlmostEqual(p / 1e9, ref.T("triangle", k / 30, 2.0, factor=2.0), delta=2e-6, msg="frame %d" % k)

if __name__ == "__main__":
    unittest.main()
