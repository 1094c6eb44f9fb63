"""The map's origin is the medium's first frame (issue 20, item 1), checked on an MPEG-TS that
x264enc and mpegtsmux write (its first segment starts at the first PTS, not at 0), decoded by
tsdemux and avdec_h264, with the output read from an appsink.

Expected values are closed forms (timewarp_ref.T) of the media time of each input frame, which
is its PTS minus the first frame's PTS: nothing is taken from the element's own output.

    GST_PLUGIN_PATH=.build/release /usr/bin/python3 -m unittest Tests/python/test_media_origin.py -v
"""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import timewarp_ref as ref  # noqa: E402
from timewarp_ref import SECOND, T  # noqa: E402

FPS = 30
FRAMES = 20 * FPS
D_NS = 20 * SECOND
TOLERANCE_NS = 2000  # rounding of T and of the 90 kHz PTS
FRAME_NS = SECOND // FPS


def make_ts(path):
    """A 20 s, 30 fps H.264 MPEG-TS written by GStreamer's own encoder and muxer."""
    subprocess.run(
        ["gst-launch-1.0", "-q", "videotestsrc", f"num-buffers={FRAMES}", "pattern=ball", "!",
         f"video/x-raw,format=I420,width=160,height=120,framerate={FPS}/1", "!",
         "x264enc", "key-int-max=30", "speed-preset=ultrafast", "!", "h264parse", "!",
         "mpegtsmux", "!", "filesink", f"location={path}"],
        check=True, timeout=120)


class MediaOriginTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.Gst = ref.gst()
        if cls.Gst.ElementFactory.find("videotimewarp") is None:
            raise unittest.SkipTest("videotimewarp not in GST_PLUGIN_PATH")
        for name in ("tsdemux", "mpegtsmux", "x264enc", "avdec_h264"):
            if cls.Gst.ElementFactory.find(name) is None:
                raise unittest.SkipTest(f"{name} missing (make deps)")
        cls.tmp = tempfile.mkdtemp(prefix="timewarp-origin-")
        cls.ts = os.path.join(cls.tmp, "offset.ts")
        make_ts(cls.ts)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, True)

    def run_warp(self, props="", seek_output_ns=None):
        """(input PTS list, [(output stream time, output running time)]) of one run."""
        Gst = self.Gst
        pipeline = Gst.parse_launch(
            f"filesrc location={self.ts} ! tsdemux ! h264parse ! avdec_h264 "
            f"! videotimewarp name=w function=triangle factor=2 duration={D_NS} {props} "
            "! video/x-raw,framerate=0/1 ! appsink name=sink sync=false")
        warp, sink = pipeline.get_by_name("w"), pipeline.get_by_name("sink")
        inputs = []

        def on_input(pad, info):
            if info.type & Gst.PadProbeType.BUFFER:
                inputs.append(info.get_buffer().pts)
            elif info.get_event().type == Gst.EventType.SEGMENT:
                inputs.clear()  # a seek: count the inputs of the new segment only
            return Gst.PadProbeReturn.OK

        warp.get_static_pad("sink").add_probe(
            Gst.PadProbeType.BUFFER | Gst.PadProbeType.EVENT_DOWNSTREAM, on_input)
        outputs = []
        try:
            pipeline.set_state(Gst.State.PAUSED)
            self.assertNotEqual(pipeline.get_state(30 * SECOND)[0], Gst.StateChangeReturn.FAILURE)
            if seek_output_ns is not None:
                # Preroll already went through: these are the inputs after the seek.
                self.assertTrue(pipeline.seek_simple(
                    Gst.Format.TIME, Gst.SeekFlags.FLUSH | Gst.SeekFlags.ACCURATE, seek_output_ns))
                pipeline.get_state(30 * SECOND)
            pipeline.set_state(Gst.State.PLAYING)
            while True:
                sample = sink.emit("try-pull-sample", 30 * SECOND)
                if sample is None:
                    break
                seg, pts = sample.get_segment(), sample.get_buffer().pts
                outputs.append((seg.to_stream_time(Gst.Format.TIME, pts),
                                seg.to_running_time(Gst.Format.TIME, pts)))
        finally:
            pipeline.set_state(Gst.State.NULL)
        return inputs, outputs

    def first_pts(self):
        """The medium's first frame: the PTS of the first decoded frame, without the element."""
        Gst = self.Gst
        pipeline = Gst.parse_launch(f"filesrc location={self.ts} ! tsdemux ! h264parse ! avdec_h264 "
                                    "! appsink name=sink sync=false")
        pipeline.set_state(Gst.State.PLAYING)
        sample = pipeline.get_by_name("sink").emit("try-pull-sample", 30 * SECOND)
        pipeline.set_state(Gst.State.NULL)
        return sample.get_buffer().pts

    def test_ts_start_offset_is_the_origin(self):
        origin = self.first_pts()
        self.assertGreater(origin, SECOND // 10, "the TS should start after 0 (mpegtsmux's delay)")
        inputs, outputs = self.run_warp()
        self.assertEqual(len(inputs), FRAMES)
        self.assertEqual(len(outputs), FRAMES, "variable rate: one output frame per input frame")
        self.assertEqual(outputs[0], (0, 0), "the output starts at stream and running time 0")
        for pts, (stream, running) in zip(sorted(inputs), outputs):
            expected = T("triangle", (pts - origin) / SECOND, 20.0, 2.0, 0.5) * SECOND
            self.assertAlmostEqual(stream, expected, delta=TOLERANCE_NS)
            self.assertAlmostEqual(running, expected, delta=TOLERANCE_NS)
        # Input second 10 (frame 300) at T(10 s) = 20 * (1/4 + 3/8) = 12.5 s.
        self.assertAlmostEqual(outputs[10 * FPS][0], 12.5 * SECOND, delta=TOLERANCE_NS)

    def test_start_time_property_sets_the_origin(self):
        # start-time=0: u counted from stream time 0 (the behaviour before issue 20).
        inputs, outputs = self.run_warp("start-time=0")
        for pts, (stream, _) in list(zip(sorted(inputs), outputs))[::50]:
            expected = T("triangle", pts / SECOND, 20.0, 2.0, 0.5) * SECOND
            self.assertAlmostEqual(stream, expected, delta=TOLERANCE_NS)

    def test_origin_holds_across_a_seek(self):
        origin = self.first_pts()
        # Output T(7.5 s) = 20 * F(0.375) = 20 * (1/4 + 1/8 + 2/64) = 8.125 s: the seek lands on
        # input media time 7.5 s (frame 225), which keeps its place at 8.125 s.
        inputs, outputs = self.run_warp(seek_output_ns=8125 * SECOND // 1000)
        inputs.sort()
        self.assertEqual(len(inputs), len(outputs))
        frame225 = origin + 225 * SECOND // FPS
        index = min(range(len(inputs)), key=lambda i: abs(inputs[i] - frame225))
        self.assertLess(abs(inputs[index] - frame225), SECOND // 1000)
        self.assertAlmostEqual(outputs[index][0], 8.125 * SECOND, delta=TOLERANCE_NS)
        for pts, (stream, _) in zip(inputs, outputs):
            if pts >= frame225:
                expected = T("triangle", (pts - origin) / SECOND, 20.0, 2.0, 0.5) * SECOND
                self.assertAlmostEqual(stream, expected, delta=TOLERANCE_NS)

    def test_audio_and_video_of_one_ts_share_the_origin(self):
        """Both branches of one TS take the demuxer's segment start as u = 0: each stream's first
        sample comes out at T(its input stream time - segment time), and position is 0."""
        Gst = self.Gst
        for name in ("avenc_aac", "avdec_aac"):
            if Gst.ElementFactory.find(name) is None:
                self.skipTest(f"{name} missing")
        ts = os.path.join(self.tmp, "av.ts")
        writer = Gst.parse_launch(
            "videotestsrc num-buffers=150 ! video/x-raw,format=I420,width=160,height=120,framerate=30/1 "
            "! x264enc speed-preset=ultrafast ! h264parse ! mpegtsmux name=m "
            f"! filesink location={ts} audiotestsrc num-buffers=235 ! audio/x-raw,rate=48000,channels=1 "
            "! avenc_aac ! aacparse ! m.")
        writer.set_state(Gst.State.PLAYING)
        writer.get_bus().timed_pop_filtered(60 * SECOND, Gst.MessageType.EOS | Gst.MessageType.ERROR)
        writer.set_state(Gst.State.NULL)
        pipeline = Gst.parse_launch(
            f"filesrc location={ts} ! tsdemux name=d "
            f"d. ! queue ! h264parse ! avdec_h264 ! videotimewarp name=v function=triangle factor=2 duration={5 * SECOND} "
            "! video/x-raw,framerate=0/1 ! appsink name=vs sync=false "
            "d. ! queue ! aacparse ! avdec_aac ! audioconvert "
            f"! audiotimewarp name=a function=triangle factor=2 duration={5 * SECOND} ! appsink name=as sync=false")
        seen = {}
        for name in ("v", "a"):
            def probe(pad, info, name=name):
                if info.type & Gst.PadProbeType.BUFFER:
                    seen.setdefault(name + "pts", info.get_buffer().pts)
                elif info.get_event().type == Gst.EventType.SEGMENT:
                    seen.setdefault(name + "seg", info.get_event().parse_segment())
                return Gst.PadProbeReturn.OK
            pipeline.get_by_name(name).get_static_pad("sink").add_probe(
                Gst.PadProbeType.BUFFER | Gst.PadProbeType.EVENT_DOWNSTREAM, probe)
        try:
            pipeline.set_state(Gst.State.PAUSED)
            pipeline.get_state(30 * SECOND)
            ok, position = pipeline.query_position(Gst.Format.TIME)
            self.assertTrue(ok)
            self.assertLess(position, FRAME_NS)
            # The seekable range is the output's whole length: 0 to the duration (tsdemux answers
            # [0, D] for a stream time that starts at its first PTS).
            query = Gst.Query.new_seeking(Gst.Format.TIME)
            self.assertTrue(pipeline.query(query))
            _, seekable, start, end = query.parse_seeking()
            self.assertEqual((seekable, start, end), (True, 0, pipeline.query_duration(Gst.Format.TIME)[1]))
            for name, sink in (("v", "vs"), ("a", "as")):
                sample = pipeline.get_by_name(sink).emit("try-pull-preroll", 10 * SECOND)
                seg_in = seen[name + "seg"]
                self.assertGreater(seg_in.time, 0, "the TS starts after 0")
                t = (seg_in.to_stream_time(Gst.Format.TIME, seen[name + "pts"]) - seg_in.time) / SECOND
                out = sample.get_segment().to_stream_time(Gst.Format.TIME, sample.get_buffer().pts)
                self.assertAlmostEqual(out, T("triangle", t, 5.0, 2.0, 0.5) * SECOND, delta=FRAME_NS)
        finally:
            pipeline.set_state(Gst.State.NULL)


if __name__ == "__main__":
    unittest.main()
