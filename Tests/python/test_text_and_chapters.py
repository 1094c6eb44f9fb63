"""Subtitles and chapters through the time map (issue 20, item 2).

- texttimewarp moves the cues of ../shared/media/echo.srt (through subparse): start T(t0),
  end T(t1). The cue times are read from the file by this test's own parser.
- videotimewarp maps a TOC: an MKV written by matroskamux with four chapters (set through the
  GstTocSetter C API), warped and written again by matroskamux; the chapters read back from
  the written file by matroskademux in a separate pipeline start and stop at T(t).

Expected values are closed forms (timewarp_ref.T), never the element's output.
"""

import ctypes
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import timewarp_ref as ref  # noqa: E402
from timewarp_ref import SECOND, T  # noqa: E402

# The shared real clips, beside the repository (../shared/media); tests that need them skip
# when they are absent.
SRT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "media", "echo.srt"))
FRAME_NS = SECOND // 30
CHAPTERS = [(0.0, 2.5), (2.5, 5.0), (5.0, 7.5), (7.5, 10.0)]
CUE_TIME = re.compile(r"(\d+):(\d+):(\d+)(?:[,.](\d+))?")


def srt_cues(path):
    """[(start ns, end ns)] of an SRT file; a fraction is decimal (",1" is 100 ms)."""
    def ns(text):
        h, m, s, frac = CUE_TIME.fullmatch(text.strip()).groups()
        fraction = int(frac) / 10 ** len(frac) if frac else 0.0
        return round(((int(h) * 60 + int(m)) * 60 + int(s) + fraction) * SECOND)
    with open(path, encoding="utf-8") as f:
        return [tuple(ns(part) for part in line.split("-->")) for line in f if "-->" in line]


def normalized_srt(path, out):
    """The same cues with hh:mm:ss,mmm times: subparse 1.22 refuses echo.srt's short forms."""
    def fix(match):
        h, m, s, frac = match.groups()
        ms = round(int(frac) / 10 ** len(frac) * 1000) if frac else 0
        return f"{int(h):02}:{int(m):02}:{int(s):02},{ms:03}"
    with open(path, encoding="utf-8") as src, open(out, "w", encoding="utf-8") as dst:
        for line in src:
            dst.write(CUE_TIME.sub(fix, line) if "-->" in line else line)


def write_mkv_with_chapters(Gst, path):
    """10 s of H.264 in Matroska with CHAPTERS as a TOC, set through the GstTocSetter C API (the
    Python bindings keep an extra reference that makes TOC entries read-only)."""
    lib = ctypes.CDLL("libgstreamer-1.0.so.0")
    for name, res, args in [("gst_toc_new", ctypes.c_void_p, [ctypes.c_int]),
                            ("gst_toc_entry_new", ctypes.c_void_p, [ctypes.c_int, ctypes.c_char_p]),
                            ("gst_toc_entry_set_start_stop_times", None,
                             [ctypes.c_void_p, ctypes.c_int64, ctypes.c_int64]),
                            ("gst_toc_entry_append_sub_entry", None, [ctypes.c_void_p, ctypes.c_void_p]),
                            ("gst_toc_append_entry", None, [ctypes.c_void_p, ctypes.c_void_p]),
                            ("gst_toc_setter_set_toc", None, [ctypes.c_void_p, ctypes.c_void_p]),
                            ("gst_mini_object_unref", None, [ctypes.c_void_p])]:
        f = getattr(lib, name)
        f.restype, f.argtypes = res, args
    get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
    get_pointer.restype, get_pointer.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]

    pipeline = Gst.parse_launch(
        "videotestsrc num-buffers=300 ! video/x-raw,format=I420,width=160,height=120,framerate=30/1 "
        "! x264enc speed-preset=ultrafast ! h264parse ! matroskamux name=m "
        f"! filesink location={path}")
    toc = lib.gst_toc_new(1)  # GST_TOC_SCOPE_GLOBAL
    edition = lib.gst_toc_entry_new(-1, b"edition")  # GST_TOC_ENTRY_TYPE_EDITION
    for i, (a, b) in enumerate(CHAPTERS):
        chapter = lib.gst_toc_entry_new(3, f"chapter{i}".encode())  # GST_TOC_ENTRY_TYPE_CHAPTER
        lib.gst_toc_entry_set_start_stop_times(chapter, round(a * SECOND), round(b * SECOND))
        lib.gst_toc_entry_append_sub_entry(edition, chapter)
    lib.gst_toc_append_entry(toc, edition)
    lib.gst_toc_setter_set_toc(get_pointer(pipeline.get_by_name("m").__gpointer__, None), toc)
    lib.gst_mini_object_unref(toc)
    run_to_eos(Gst, pipeline)


def run_to_eos(Gst, pipeline):
    pipeline.set_state(Gst.State.PLAYING)
    msg = pipeline.get_bus().timed_pop_filtered(120 * SECOND, Gst.MessageType.EOS | Gst.MessageType.ERROR)
    pipeline.set_state(Gst.State.NULL)
    assert msg is not None and msg.type == Gst.MessageType.EOS, msg and msg.parse_error()


def chapter_times(Gst, path):
    """[(start, stop)] of the chapters matroskademux reads from `path`, from its TOC message."""
    pipeline = Gst.parse_launch(f"filesrc location={path} ! matroskademux ! fakesink")
    pipeline.set_state(Gst.State.PAUSED)
    msg = pipeline.get_bus().timed_pop_filtered(30 * SECOND, Gst.MessageType.TOC | Gst.MessageType.ERROR)
    pipeline.set_state(Gst.State.NULL)
    assert msg is not None and msg.type == Gst.MessageType.TOC
    toc, _ = msg.parse_toc()
    out = []

    def walk(entries):
        for entry in entries:
            if entry.get_entry_type() == Gst.TocEntryType.CHAPTER:
                ok, start, stop = entry.get_start_stop_times()
                out.append((start, stop))
            walk(entry.get_sub_entries())
    walk(toc.get_entries())
    return out


class TextAndChapterTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.Gst = ref.gst()
        for name in ("texttimewarp", "videotimewarp", "subparse", "matroskamux", "matroskademux",
                     "x264enc", "avdec_h264"):
            if cls.Gst.ElementFactory.find(name) is None:
                raise unittest.SkipTest(f"{name} missing (GST_PLUGIN_PATH, make deps)")
        cls.tmp = tempfile.mkdtemp(prefix="timewarp-text-")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, True)

    @unittest.skipUnless(os.path.exists(SRT), "needs " + SRT)
    def test_srt_cues_start_and_end_at_T(self):
        Gst = self.Gst
        cues = srt_cues(SRT)
        self.assertEqual(len(cues), 15)
        srt = os.path.join(self.tmp, "echo.srt")
        normalized_srt(SRT, srt)
        D = 46 * SECOND
        pipeline = Gst.parse_launch(
            f"filesrc location={srt} ! subparse ! texttimewarp function=triangle factor=2 duration={D} "
            "! appsink name=sink sync=false")
        sink = pipeline.get_by_name("sink")
        pipeline.set_state(Gst.State.PLAYING)
        out = []
        while (sample := sink.emit("try-pull-sample", 30 * SECOND)) is not None:
            buf, seg = sample.get_buffer(), sample.get_segment()
            start = seg.to_stream_time(Gst.Format.TIME, buf.pts)
            out.append((start, start + buf.duration))
        pipeline.set_state(Gst.State.NULL)
        self.assertEqual(len(out), len(cues))
        for (t0, t1), (o0, o1) in zip(cues, out):
            self.assertAlmostEqual(o0, T("triangle", t0 / SECOND, D / SECOND, 2.0) * SECOND, delta=1000)
            self.assertAlmostEqual(o1, T("triangle", t1 / SECOND, D / SECOND, 2.0) * SECOND, delta=1000)

    def test_mkv_chapters_land_at_T(self):
        Gst = self.Gst
        source = os.path.join(self.tmp, "chapters.mkv")
        warped = os.path.join(self.tmp, "warped.mkv")
        write_mkv_with_chapters(Gst, source)
        self.assertEqual(chapter_times(Gst, source), [(round(a * SECOND), round(b * SECOND)) for a, b in CHAPTERS])
        run_to_eos(Gst, Gst.parse_launch(
            f"filesrc location={source} ! matroskademux ! h264parse ! avdec_h264 "
            "! videotimewarp function=triangle factor=2 ! x264enc speed-preset=ultrafast ! h264parse "
            f"! matroskamux ! filesink location={warped}"))
        # Read back from the written file by matroskademux (D = 10 s).
        got = chapter_times(Gst, warped)
        self.assertEqual(len(got), len(CHAPTERS))
        for (a, b), (start, stop) in zip(CHAPTERS, got):
            self.assertAlmostEqual(start, T("triangle", a, 10.0, 2.0) * SECOND, delta=FRAME_NS)
            self.assertAlmostEqual(stop, T("triangle", b, 10.0, 2.0) * SECOND, delta=FRAME_NS)


if __name__ == "__main__":
    unittest.main()
