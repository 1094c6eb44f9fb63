import GStreamerBinding
import TimeWarpMap
import CShims

/// GObject properties: the time-map ones the three elements share, then the element's own.
extension WarpElement where S: ~Copyable {
    /// Sets `property` from `value`: the time-map ones here, the element's own through its kind.
    func setProperty(_ property: PropertyName, _ value: PropertyValue) -> Bool {
        // A value the control source gives while the map follows it (the sync at each buffer) is
        // already in the map, read from the source itself: no change to schedule.
        if property == .factor, live.syncingThread.load(ordering: .relaxed) == CurrentThread.identity,
           live.followingController.load(ordering: .relaxed) {
            shared.withLock { $0.settings.timeMap.factor = value.double }
            return true
        }
        // While playing, a time-map change takes effect at an instant all elements of a pipeline
        // compute alike (WarpElement+ChangeTime.swift); read before the settings lock is taken.
        let changePoint = Self.timeMapProperties.contains(property) ? playingChangePoint() : nil
        let handled = shared.withLock { state -> Bool in
            switch property {
            case .function: state.settings.timeMap.function = WarpFunction(gEnumValue: value.enumValue)
            case .factor: state.settings.timeMap.factor = value.double
            case .speed: state.settings.timeMap.factor = 1 / value.double
            case .modifier: state.settings.timeMap.modifier = value.double
            case .keyframes: state.settings.timeMap.keyframes = value.string
            case .expression: state.settings.timeMap.expression = value.string
            case .remap: state.settings.timeMap.remap = value.string
            case .maxHistory: state.settings.timeMap.maxHistory = value.uint64
            case .duration: state.settings.timeMap.duration = value.uint64
            case .reverse:
                state.settings.reverse = value.bool
                return true
            case .startTime:
                state.settings.startTime = value.uint64  // taken when the next stream starts
                return true
            default: return S.Kind.setProperty(property, value, &state.settings)
            }
            mapSettingsDidChange(&state, at: changePoint)
            return true
        }
        let curveProperties: [PropertyName] = [.function, .keyframes, .expression, .remap]
        if handled, curveProperties.contains(property),
           let problem = shared.withLock({ $0.settings.timeMap.propertyError }) {
            element.warnProperty(problem)
        }
        return handled
    }

    /// Reads `property` into `value`: the time-map ones here, the element's own through its kind.
    func getProperty(_ property: PropertyName, _ value: PropertyValue) -> Bool {
        let (all, map) = shared.withLock { ($0.settings, $0.map) }
        let settings = all.timeMap
        switch property {
        case .function: value.set(enumValue: settings.function.rawValue)
        case .factor: value.set(settings.factor)
        case .speed: value.set(settings.factor > 0 ? min(1 / settings.factor, Double.greatestFiniteMagnitude) : Double.greatestFiniteMagnitude)
        case .modifier: value.set(settings.modifier)
        case .keyframes: value.set(settings.keyframes)
        case .expression: value.set(settings.expression)
        case .remap: value.set(settings.remap)
        case .maxHistory: value.set(settings.maxHistory)
        case .duration: value.set(settings.duration)
        case .reverse: value.set(bool: all.reverse)
        case .startTime: value.set(all.startTime)
        case .outputDuration:
            let ahead = controlledMap(settings, mediaDuration: settings.durationSeconds).flatMap { try? $0.get() }
            let remapped = settings.nonForwardRemap(mediaDuration: map?.mediaDuration ?? settings.durationSeconds)
            let out = remapped?.outputDuration ?? map?.outputDuration ?? ahead?.outputDuration
                ?? (try? settings.makeMap(mediaDuration: settings.durationSeconds))?.outputDuration
            value.set(out.map(ClockTime.fromSeconds) ?? ClockTime.none)
        default: return S.Kind.getProperty(property, value, settings: all, counters: counters)
        }
        return true
    }

    func setCustomCurve(_ curve: (any TimeScaleCurve)?) {
        shared.withLock {
            $0.settings.timeMap.customCurve = curve
            mapSettingsDidChange(&$0)
        }
        element.notify(.outputDuration)
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
