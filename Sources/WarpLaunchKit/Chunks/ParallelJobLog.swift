/// GNU parallel's `--joblog` file: one tab-separated line per job run (a job retried on
/// another host has a line per attempt in parallel 20221122), after a header.
public struct ParallelJobLog: Equatable, Sendable {
    /// One attempt of one job.
    public struct Entry: Equatable, Sendable {
        /// parallel's job number (`{#}`), from 1.
        public var sequence: Int
        public var host: String
        public var seconds: Double
        public var exitValue: Int
        public var signal: Int
        public var succeeded: Bool { exitValue == 0 && signal == 0 }
    }

    public var entries: [Entry]

    /// Reads the log's text; lines that are not entries (the header, a torn last line) are skipped.
    public init(text: String) {
        entries = text.split(separator: "\n").compactMap { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard f.count >= 8, let seq = Int(f[0]), let seconds = Double(f[3].trimmingCharacters(inSetOf: " ")),
                  let exit = Int(f[6]), let signal = Int(f[7]) else { return nil }
            return Entry(sequence: seq, host: String(f[1]), seconds: seconds, exitValue: exit, signal: signal)
        }
    }

    /// The successful attempts, by host (in the order the hosts first appear), each host's
    /// with the job numbers and times, ascending by job number.
    public var doneByHost: [(host: String, jobs: [(sequence: Int, seconds: Double)])] {
        var order: [String] = [], jobs: [String: [(Int, Double)]] = [:]
        for e in entries where e.succeeded {
            if jobs[e.host] == nil { order.append(e.host) }
            jobs[e.host, default: []].append((e.sequence, e.seconds))
        }
        return order.map { host in (host, jobs[host]!.sorted { $0.0 < $1.0 }.map { (sequence: $0.0, seconds: $0.1) }) }
    }

    /// The attempts that failed (a host that dropped out, a chunk that failed there).
    public var failures: [Entry] { entries.filter { !$0.succeeded } }
}
