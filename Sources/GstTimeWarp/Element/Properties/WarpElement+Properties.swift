import GStreamerBinding
import TimeWarpMap
import CShims

/// GObject properties: the time-map ones the three elements share, then the element's own.
extension WarpElement where S: ~Copyable {
    func setProperty(_ id: UInt32, _ value: PropertyValue) -> Bool {
        let property = TimeWarpPropertyId(rawValue: id)
        // A value the control source gives while the map follows it (the sync at each buffer) is
        // already in the map, read from the source itself: no change to schedule.
        if property == TIMEWARP_PROP_FACTOR, live.syncingThread.load(ordering: .relaxed) == CurrentThread.identity,
           live.followingController.load(ordering: .relaxed) {
            shared.withLock { $0.settings.timeMap.factor = value.double }
            return true
        }
        // While playing, a time-map change takes effect at an instant all elements of a pipeline
        // compute alike (WarpElement+ChangeTime.swift); read before the settings lock is taken.
        let changePoint = Self.timeMapProperties.contains(property) ? playingChangePoint() : nil
        let handled = shared.withLock { state -> Bool in
            switch property {
            case TIMEWARP_PROP_FUNCTION: state.settings.timeMap.function = WarpFunction(gEnumValue: value.enumValue)
            case TIMEWARP_PROP_FACTOR: state.settings.timeMap.factor = value.double
            case TIMEWARP_PROP_SPEED: state.settings.timeMap.factor = 1 / value.double
            case TIMEWARP_PROP_MODIFIER: state.settings.timeMap.modifier = value.double
            case TIMEWARP_PROP_KEYFRAMES: state.settings.timeMap.keyframes = value.string
            case TIMEWARP_PROP_EXPRESSION: state.settings.timeMap.expression = value.string
            case TIMEWARP_PROP_REMAP: state.settings.timeMap.remap = value.string
            case TIMEWARP_PROP_MAX_HISTORY: state.settings.timeMap.maxHistory = value.uint64
            case TIMEWARP_PROP_DURATION: state.settings.timeMap.duration = value.uint64
            case TIMEWARP_PROP_REVERSE:
                state.settings.reverse = value.bool
                return true
            case TIMEWARP_PROP_START_TIME:
                state.settings.startTime = value.uint64  // taken when the next stream starts
                return true
            default: return S.Kind.setProperty(id, value, &state.settings)
            }
            mapSettingsDidChange(&state, at: changePoint)
            return true
        }
        let curveProperties = [TIMEWARP_PROP_FUNCTION, TIMEWARP_PROP_KEYFRAMES, TIMEWARP_PROP_EXPRESSION, TIMEWARP_PROP_REMAP]
        if handled, curveProperties.contains(property),
           let problem = shared.withLock({ $0.settings.timeMap.propertyError }) {
            element.warnProperty(problem)
        }
        return handled
    }

    func getProperty(_ id: UInt32, _ value: PropertyValue) -> Bool {
        let (all, map) = shared.withLock { ($0.settings, $0.map) }
        let settings = all.timeMap
        switch TimeWarpPropertyId(rawValue: id) {
        case TIMEWARP_PROP_FUNCTION: value.set(enumValue: settings.function.rawValue)
        case TIMEWARP_PROP_FACTOR: value.set(settings.factor)
        case TIMEWARP_PROP_SPEED: value.set(settings.factor > 0 ? min(1 / settings.factor, Double.greatestFiniteMagnitude) : Double.greatestFiniteMagnitude)
        case TIMEWARP_PROP_MODIFIER: value.set(settings.modifier)
        case TIMEWARP_PROP_KEYFRAMES: value.set(settings.keyframes)
        case TIMEWARP_PROP_EXPRESSION: value.set(settings.expression)
        case TIMEWARP_PROP_REMAP: value.set(settings.remap)
        case TIMEWARP_PROP_MAX_HISTORY: value.set(settings.maxHistory)
        case TIMEWARP_PROP_DURATION: value.set(settings.duration)
        case TIMEWARP_PROP_REVERSE: value.set(bool: all.reverse)
        case TIMEWARP_PROP_START_TIME: value.set(all.startTime)
        case TIMEWARP_PROP_OUTPUT_DURATION:
            let ahead = controlledMap(settings, mediaDuration: settings.durationSeconds).flatMap { try? $0.get() }
            let remapped = settings.nonForwardRemap(mediaDuration: map?.mediaDuration ?? settings.durationSeconds)
            let out = remapped?.outputDuration ?? map?.outputDuration ?? ahead?.outputDuration
                ?? (try? settings.makeMap(mediaDuration: settings.durationSeconds))?.outputDuration
            value.set(out.map(ClockTime.fromSeconds) ?? ClockTime.none)
        default: return S.Kind.getProperty(id, value, settings: all, counters: counters)
        }
        return true
    }

    func setCustomCurve(_ curve: (any TimeScaleCurve)?) {
        shared.withLock {
            $0.settings.timeMap.customCurve = curve
            mapSettingsDidChange(&$0)
        }
        element.notify("output-duration")
    }

    /// A time-map setting changed: before any buffer used the map it is simply built again;
    /// afterwards the streaming thread splices the new map in at its next buffer.
    /// A change scheduled at an input stream time `at` (ns; nil: the next buffer) joins the
    /// queue the streaming thread applies in order.
    func mapSettingsDidChange(_ state: inout SharedState, at: UInt64? = nil) {
        if !live.mapUsed.load(ordering: .relaxed) {
            state.map = nil
            state.scheduledChanges.removeAll()
        } else if state.scheduledChanges.count < Self.maxScheduledChanges {
            state.scheduledChanges.append(ScheduledChange(at: at ?? 0, timeMap: state.settings.timeMap))
        } else {
            state.scheduledChanges[state.scheduledChanges.count - 1].timeMap = state.settings.timeMap
        }
        live.settingsChanged.store(true, ordering: .releasing)
    }
}
