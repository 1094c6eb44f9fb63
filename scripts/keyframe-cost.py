#!/usr/bin/env python3
# Wall time of audiotimewarp over 10 s of 48 kHz stereo F32 with N random keyframes (scales in
# [0.3, 3]): the cost per sample should not grow with N. A development measurement, not a test.
#   GST_PLUGIN_PATH=.build/release /usr/bin/python3 scripts/keyframe-cost.py 10000 sinc [QUALITY [SECONDS]]
# (SECONDS of audio, default 10, over the same 10 s curve: past its end the last key's scale holds.)
import gi, sys, time, random
gi.require_version('Gst','1.0')
from gi.repository import Gst
Gst.init(None)
n=int(sys.argv[1])
quality=int(sys.argv[3]) if len(sys.argv)>3 else 4
buffers=int(float(sys.argv[4])*48000/1024) if len(sys.argv)>4 else 469
random.seed(1)
keys=', '.join('%.8f:%.3f'%(i/(n-1), random.uniform(0.3,3)) for i in range(n))
p=Gst.parse_launch('audiotestsrc num-buffers=%d samplesperbuffer=1024 ! audio/x-raw,format=F32LE,rate=48000,channels=2 ! audiotimewarp name=w function=keyframes duration=10000000000 interpolation=%s quality=%d ! fakesink sync=false' % (buffers, sys.argv[2], quality))
p.get_by_name('w').set_property('keyframes', keys)
t=time.time(); p.set_state(Gst.State.PLAYING)
m=p.get_bus().timed_pop_filtered(120*Gst.SECOND, Gst.MessageType.EOS|Gst.MessageType.ERROR)
print(n, sys.argv[2], 'quality=%d' % quality, m.type if m else None, '%.2f s'%(time.time()-t))
p.set_state(Gst.State.NULL)
