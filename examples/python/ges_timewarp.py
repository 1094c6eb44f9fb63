"""Makes a GES effect holding videotimewarp or audiotimewarp a *time effect*, so that GES knows
how it stretches time (clip duration-limit, trimming, seeking). Import it and call
`make_time_effect(effect)` on a GES.Effect before adding it to a clip:

    effect = GES.Effect.new("videotimewarp function=triangle factor=2")
    make_time_effect(effect)
    clip.add(effect)

GES asks an effect's translation functions what T and T^-1 *would* be for given values of its
time properties; they answer with the elements' own action signals `output-time-with` and
`input-time-with` (docs/embedding.md#ges), so any curve works. A curve in fractions of the
duration D takes D from the `duration` property or, when that is unset, the clip's source
length (its max-duration), which is also set as `duration` when the effect joins a clip.
"""
import gi

gi.require_version("Gst", "1.0")
gi.require_version("GES", "1.0")
from gi.repository import GES, GObject, Gst  # noqa: E402

# The properties that define the map. `speed` is left out: it is 1/factor, and registering both
# would hand GES two values of one setting; an editor changes `factor` (or registers `speed` as a
# rate property with GES.EffectClass.register_rate_property for a constant rate).
TIME_PROPERTIES = ("function", "factor", "modifier", "keyframes", "expression", "remap", "duration")


def _warp_element(effect):
    """The videotimewarp or audiotimewarp inside `effect`."""
    found, child, _ = effect.lookup_child("factor")
    if not found or child.get_factory().get_name() not in ("videotimewarp", "audiotimewarp"):
        raise ValueError("the effect holds no videotimewarp or audiotimewarp")
    return child


def _clip_duration(effect):
    """The source length of the clip holding `effect` (its max-duration), or None."""
    clip = effect.get_parent()
    if clip is None:
        return None
    duration = clip.get_max_duration()
    return None if duration == Gst.CLOCK_TIME_NONE else duration


def _structure(effect, values):
    """The time-property values GES hands over, as the structure the action signals take."""
    s = Gst.Structure.new_empty("timewarp")
    for name, value in values.items():
        if name == "function":
            s.set_value(name, getattr(value, "value_nick", str(value)))
        elif name == "duration":
            duration = int(value)
            if duration == Gst.CLOCK_TIME_NONE:
                duration = _clip_duration(effect)
            if duration is not None:
                s.set_value(name, GObject.Value(GObject.TYPE_UINT64, duration))
        elif isinstance(value, str):
            s.set_value(name, value)
        else:
            s.set_value(name, float(value))
    return s


def make_time_effect(effect):
    """Registers the time-map properties of `effect` as time properties and installs translation
    functions that evaluate the element's map for the values GES passes. Call it before the
    effect is added to a clip. Returns `effect`."""
    warp = _warp_element(effect)
    for name in TIME_PROPERTIES:
        if not effect.register_time_property(name):
            raise RuntimeError("GES refused the time property " + name)

    def source_to_sink(effect, time, values, *user_data):
        # Output (source pad) time to input (sink pad) time: T^-1, as a seek is mapped.
        return warp.emit("input-time-with", _structure(effect, values), time)

    def sink_to_source(effect, time, values, *user_data):
        # Input time to output time: T, as a segment is mapped.
        return warp.emit("output-time-with", _structure(effect, values), time)

    if not effect.set_time_translation_funcs(source_to_sink, sink_to_source):
        raise RuntimeError("GES refused the time translation functions")

    def on_parent(effect, _pspec):
        # Inside GES the element would take D from upstream, which answers with the clip's length
        # in the timeline; the map GES was told about uses the source's length.
        duration = _clip_duration(effect)
        if duration is not None and warp.get_property("duration") == Gst.CLOCK_TIME_NONE:
            effect.set_child_property("duration", GObject.Value(GObject.TYPE_UINT64, duration))
    effect.connect("notify::parent", on_parent)
    return effect
