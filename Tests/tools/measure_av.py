#!/usr/bin/python3
"""Measures a media file the way a player sees it, independently of gst-warp-launch: decodes it
with GStreamer (qtdemux and matroskademux apply edit lists and segments) and prints, as JSON,
for the audio the stream time of its first and last sample and of each tick onset (a sample
above 0.1 after at least 0.1 s of quiet), and for the video the stream time of its first frame
and the end of its last frame.

    /usr/bin/python3 Tests/tools/measure_av.py FILE
"""
import json
import struct
import sys

import gi
gi.require_version("Gst", "1.0")
gi.require_version("GstPbutils", "1.0")
from gi.repository import Gst, GstPbutils

Gst.init(None)


def stream_times(path):
    info = GstPbutils.Discoverer.new(30 * Gst.SECOND).discover_uri(Gst.filename_to_uri(path))
    branches = []
    if info.get_audio_streams():
        branches.append(("a", "d. ! queue ! audioconvert ! audio/x-raw,format=F32LE,channels=1 ! appsink name=a sync=false"))
    if info.get_video_streams():
        branches.append(("v", "d. ! queue ! appsink name=v sync=false caps=video/x-raw"))
    pipeline = Gst.parse_launch(f'filesrc location="{path}" ! decodebin name=d ' + " ".join(b for _, b in branches))
    result = {}
    pipeline.set_state(Gst.State.PLAYING)
    for name, _ in branches:
        sink = pipeline.get_by_name(name)
        first = end = None
        data = bytearray()
        rate = None
        while True:
            sample = sink.emit("pull-sample")
            if sample is None:
                break
            buf, seg = sample.get_buffer(), sample.get_segment()
            start = seg.to_stream_time(Gst.Format.TIME, buf.pts)
            if name == "a":
                # caps[0]: the structure on GStreamer 1.22 and 1.26 alike (1.26's get_structure
                # returns a context-manager wrapper without get_value).
                rate = sample.get_caps()[0].get_value("rate")
                if first is None:
                    first = start
                data += buf.extract_dup(0, buf.get_size())
            else:
                if first is None:
                    first = start
                end = start + buf.duration
        if first is None:
            continue
        if name == "a":
            x = struct.unpack(f"<{len(data) // 4}f", bytes(data))
            onsets, quiet, i = [], int(0.1 * rate), 0
            last = -quiet
            for i, v in enumerate(x):
                if abs(v) > 0.1:
                    if i - last >= quiet:
                        onsets.append((first + i * Gst.SECOND / rate) / Gst.SECOND)
                    last = i
            result["audio"] = {"start": first / Gst.SECOND, "end": (first + len(x) * Gst.SECOND / rate) / Gst.SECOND,
                               "onsets": onsets}
        else:
            result["video"] = {"start": first / Gst.SECOND, "end": end / Gst.SECOND}
    pipeline.set_state(Gst.State.NULL)
    return result


print(json.dumps(stream_times(sys.argv[1])))
