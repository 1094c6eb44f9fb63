"""GES with a remap curve (issue 30, item 8): videotimewarp function=remap made a time effect by
examples/python/ges_timewarp.py is a time effect whose duration-limit is the curve's last key.

Hand calculation: the boomerang "0s:0s, 2.4s:2.4s, 4.8s:0s" on a 2.4 s clip plays it forwards
and back: the clip may be stretched to 4.8 s, and renders to 4.8 s. A preview seek to 3.6 s
shows p(3.6) = 4.8 - 3.6 = 1.2 s: frame 30 at 25 fps (grey level 4 * 30).
"""
import os
import sys
import unittest

import timewarp_ref as ref

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "examples", "python"))

from test_ges import STEP, GESClipFixture  # noqa: E402  (60 frames at 25 fps, frame n grey STEP * n)
REMAP = "0s:0s, 2.4s:2.4s, 4.8s:0s"


@unittest.skipUnless(ref.have_ges(), "needs gir1.2-ges-1.0 (make deps)")
class GESRemapTests(GESClipFixture):
    def timeline(self):
        timeline, clip, _ = self.timeline_with('videotimewarp function=remap remap="%s"' % REMAP)
        return timeline, clip

    def test_duration_limit_is_the_last_key(self):
        S = ref.gst().SECOND
        _, clip = self.timeline()
        self.assertAlmostEqual(clip.get_duration_limit() / S, 4.8, delta=1e-6)
        self.assertTrue(clip.set_duration(clip.get_duration_limit()))

    def test_render_length(self):
        timeline, clip = self.timeline()
        clip.set_duration(clip.get_duration_limit())
        self.assertAlmostEqual(self.rendered_seconds(timeline), 4.8, delta=0.05)

    def test_a_preview_seek_into_the_rewind_shows_the_curves_frame(self):
        timeline, clip = self.timeline()
        clip.set_duration(clip.get_duration_limit())
        # p(τ) = τ forwards, 4.8 - τ back: the frame covering it, n = floor(25 p), ±1.
        seeks = ((1.0, 25), (3.6, 30), (4.4, 10))
        for (tau, expected), level in zip(seeks, self.levels_after_seeks(timeline, [tau for tau, _ in seeks])):
            self.assertLessEqual(abs(round(level / STEP) - expected), 1, "seek to %.1f s: level %d" % (tau, level))


if __name__ == "__main__":
    unittest.main()
