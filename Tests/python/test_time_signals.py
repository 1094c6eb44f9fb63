"""The action signals output-time, input-time, output-time-with and input-time-with (issue 21, item 1)
on both elements, emitted from Python as an application would.

Expected values are hand calculations: for function=triangle factor=2 modifier=0.5 the scale is 1
outside u in [0.25, 0.75] and rises linearly to 2 at u = 0.5; the bump above 1 is a triangle of
base 0.5 and height 1, area 0.25. So F(0.5) = 0.625, F(1) = 1.25, T(t) = D F(t/D), and past the
end the slope is 1.
"""
import os
import unittest

import timewarp_ref as ref

HERE = os.path.dirname(os.path.abspath(__file__))
NONE = 2 ** 64 - 1
# The shared real clips, beside the repository (../shared/media); tests that need them skip
# when they are absent.
BIKES = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "media", "bikes.mp4"))


class TimeSignalTests(unittest.TestCase):
    def setUp(self):
        self.Gst = ref.gst()

    def make(self, factory, **props):
        element = self.Gst.ElementFactory.make(factory, None)
        self.assertIsNotNone(element, factory)
        for name, value in props.items():
            element.set_property(name.replace("_", "-"), value)
        return element

    def test_both_elements_constant_and_triangle(self):
        S = self.Gst.SECOND
        for factory in ("videotimewarp", "audiotimewarp"):
            e = self.make(factory, factor=2.0)
            self.assertEqual(e.emit("output-time", 3 * S), 6 * S)          # T(t) = 2t
            self.assertEqual(e.emit("input-time", 3 * S), 3 * S // 2)      # T^-1(y) = y/2
            self.assertEqual(e.emit("output-time", NONE), NONE)
            e.set_property("function", "triangle")
            # A curve in fractions of D with no duration known: not defined yet.
            self.assertEqual(e.emit("output-time", 3 * S), NONE, factory)
            e.set_property("duration", 10 * S)
            self.assertEqual(e.emit("output-time", 5 * S), 6250 * S // 1000)   # 10 * 0.625
            self.assertEqual(e.emit("output-time", 10 * S), 12500 * S // 1000)  # 10 * 1.25
            self.assertEqual(e.emit("input-time", 15 * S), 12500 * S // 1000)   # 10 + (15 - 12.5)

    def test_structure_variant_leaves_the_element_alone(self):
        S = self.Gst.SECOND
        e = self.make("videotimewarp")
        s = self.Gst.Structure.new_from_string("p, function=triangle, factor=2.0, duration=(guint64)10000000000")
        self.assertEqual(e.emit("output-time-with", s, 10 * S), 12500 * S // 1000)
        self.assertEqual(e.emit("input-time-with", s, 6250 * S // 1000), 5 * S)
        self.assertEqual(e.get_property("factor"), 1.0)
        self.assertEqual(e.get_property("duration"), NONE)
        self.assertEqual(e.emit("output-time", 4 * S), 4 * S)
        bad = self.Gst.Structure.new_from_string("p, colour=red")
        self.assertEqual(e.emit("output-time-with", bad, S), NONE)

    @unittest.skipUnless(os.path.exists(BIKES), "needs " + BIKES)
    def test_duration_from_upstream_in_paused(self):
        """In PAUSED the element asks upstream for D: T(D) = 1.25 D for the triangle."""
        Gst = self.Gst
        pipeline = Gst.parse_launch(
            f"filesrc location={BIKES} ! qtdemux ! decodebin ! videotimewarp name=w function=triangle "
            "factor=2 ! fakesink")
        pipeline.set_state(Gst.State.PAUSED)
        msg = ref.wait_bus(pipeline, Gst.MessageType.ASYNC_DONE | Gst.MessageType.ERROR, 20)
        try:
            self.assertEqual(msg.type, Gst.MessageType.ASYNC_DONE)
            w = pipeline.get_by_name("w")
            ok, d = w.get_static_pad("sink").peer_query_duration(Gst.Format.TIME)
            self.assertTrue(ok and d > 0)
            self.assertAlmostEqual(w.emit("output-time", d), 1.25 * d, delta=2)
            self.assertAlmostEqual(w.emit("input-time", int(1.25 * d)), d, delta=2)
        finally:
            pipeline.set_state(Gst.State.NULL)


if __name__ == "__main__":
    unittest.main()
