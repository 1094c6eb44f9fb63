/// What a command does with an output file that exists: refuse it (the default, which names
/// `-y`), replace it (`-y`), or never touch it (`-n`).
public enum Overwrite: Sendable, Equatable {
    /// The default: an existing file is refused with a message that names -y and -n.
    case refuse
    /// `-y`: an existing file is replaced.
    case replace
    /// `-n`: an existing file is refused, as -n says.
    case never

    /// From the `-y` and `-n` flags (given together they are a usage error, refused before).
    public init(replace: Bool, never: Bool) {
        self = replace ? .replace : never ? .never : .refuse
    }

    /// The usage error of `-y` and `-n` given together; nil otherwise.
    public static func contradiction(replace: Bool, never: Bool) -> String? {
        replace && never ? "-y and -n contradict each other: give one" : nil
    }

    /// Refuses the `role` file (`output`, `plot`) at `path` when it exists and this says not to
    /// replace it.
    public func check(_ role: String, at path: String) throws(CLIError) {
        guard FileIdentity(path: path) != nil else { return }
        switch self {
        case .replace: return
        case .never: throw CLIError("the \(role) '\(path)' exists, and -n says not to overwrite it")
        case .refuse: throw CLIError("the \(role) '\(path)' exists: give -y to overwrite it (or -n never to)")
        }
    }
}
