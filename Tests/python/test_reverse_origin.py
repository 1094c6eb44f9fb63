"""reverse=true on a medium that starts after stream time 0 (issue 20): the element's reverse seek
stops at origin + D, the medium's end, not at D. An MP4 written by ffmpeg with a 2 s start offset
(qtdemux: an empty edit, then the media at stream time 2 s, so the origin is 2 s), played with
reverse=true: every frame comes out, the last first, at T(t) = t of its media time.

Expected values: the frame count from ffprobe, output times k / 25 s by hand.

    GST_PLUGIN_PATH=.build/release /usr/bin/python3 -m unittest Tests/python/test_reverse_origin.py -v
"""
import os
import shutil
import subprocess
import tempfile
import unittest

import timewarp_ref as ref
from timewarp_ref import SECOND

FFMPEG, FFPROBE = shutil.which("ffmpeg"), shutil.which("ffprobe")


@unittest.skipUnless(FFMPEG and FFPROBE, "ffmpeg is not installed (scripts/install-deps.sh installs it)")
class ReverseOriginTests(unittest.TestCase):
    def test_reverse_covers_the_medium_after_its_origin(self):
        Gst = ref.gst()
        if Gst.ElementFactory.find("videotimewarp") is None:
            self.skipTest("videotimewarp not in GST_PLUGIN_PATH")
        tmp = tempfile.mkdtemp(prefix="timewarp-reverse-origin-")
        try:
            clip = os.path.join(tmp, "offset.mp4")
            subprocess.run([FFMPEG, "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=3",
                            "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-output_ts_offset", "2", clip],
                           check=True, timeout=120)
            frames = int(subprocess.run([FFPROBE, "-v", "error", "-count_frames", "-select_streams", "v:0",
                                         "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", clip],
                                        check=True, capture_output=True, text=True, timeout=60).stdout.strip())
            pipeline = Gst.parse_launch(f"filesrc location={clip} ! qtdemux ! h264parse ! avdec_h264 "
                                        "! videotimewarp reverse=true ! appsink name=s sync=false")
            sink = pipeline.get_by_name("s")
            pipeline.set_state(Gst.State.PLAYING)
            out = []
            try:
                while True:
                    sample = sink.emit("try-pull-sample", 30 * SECOND)
                    if sample is None:
                        break
                    out.append(sample.get_segment().to_stream_time(Gst.Format.TIME, sample.get_buffer().pts))
                msg = pipeline.get_bus().pop_filtered(Gst.MessageType.ERROR)
                self.assertIsNone(msg, msg and msg.parse_error())
            finally:
                pipeline.set_state(Gst.State.NULL)
            self.assertEqual(len(out), frames, "every frame of the medium, reversed")
            for k, t in enumerate(out):
                self.assertAlmostEqual(t, k * SECOND // 25, delta=SECOND // 1000)
        finally:
            shutil.rmtree(tmp, True)


if __name__ == "__main__":
    unittest.main()
