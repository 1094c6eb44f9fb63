/// "Did you mean ...?" for a misspelt name.
public enum Suggestion {
    /// The candidate nearest to `word` by edit distance, when it is near enough to be a typo
    /// (at most a third of the word's length, and at least one edit).
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let w = Array(word.lowercased())
        var best: (String, Int)?
        for c in candidates {
            let d = distance(w, Array(c))
            if best.map({ d < $0.1 }) ?? true { best = (c, d) }
        }
        guard let (name, d) = best, d <= max(2, w.count / 3) else { return nil }
        return name
    }

    /// The Levenshtein distance (insertions, deletions, substitutions; a swap of neighbours
    /// counts one).
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [Int](repeating: 0, count: b.count + 1)
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            previous2 = previous
            previous = current
        }
        return previous[b.count]
    }
}
