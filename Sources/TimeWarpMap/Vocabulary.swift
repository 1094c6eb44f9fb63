// The property vocabulary (names, enums, defaults) is part of this module's API.
@_exported import TimeWarpProperties
