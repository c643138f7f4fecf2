import HitTestKit

/// "Did you mean" for a view id that is not in the scene.
enum IDSuggestions {
    /// Up to `limit` ids of `scene` close to `typed`, best first: ids equal but for case,
    /// ids that contain `typed` or are contained in it (an imported id's class or address
    /// alone, `UINavigationButton` for `UINavigationButton-0x1369e3b0`), then ids within
    /// an edit distance of a third of the length (at least 2).
    static func suggestions(for typed: String, in ids: [String], limit: Int = 3) -> [String] {
        let t = typed.lowercased()
        guard !t.isEmpty else { return [] }
        var ranked: [(rank: Int, id: String)] = []
        let maxDistance = max(2, t.count / 3)
        for id in ids {
            let l = id.lowercased()
            if l == t {
                ranked.append((0, id))
            } else if l.contains(t) || t.contains(l) {
                ranked.append((1 + abs(l.count - t.count), id))
            } else if let d = editDistance(t, l, atMost: maxDistance) {
                ranked.append((1 + d, id))
            }
        }
        ranked.sort { $0.rank != $1.rank ? $0.rank < $1.rank : $0.id < $1.id }
        return ranked.prefix(limit).map(\.id)
    }

    /// The ids of every window and view of `scene`, in document order.
    static func ids(of scene: Scene) -> [String] {
        var ids: [String] = []
        scene.forEachView { v, _ in ids.append(v.id) }
        return ids
    }

    /// `no view has the id "x" in FILE; did you mean "y" or "z"?` (or how many ids were
    /// looked at when nothing is close).
    static func message(for typed: String, in scene: Scene, sceneName: String) -> String {
        let ids = ids(of: scene)
        let found = suggestions(for: typed, in: ids)
        var s = "no view has the id \"\(typed)\" in \(sceneName)"
        if found.isEmpty {
            s += " (nothing close among its \(ids.count) views and windows; ids are case-sensitive)"
        } else {
            let quoted = found.map { "\"\($0)\"" }
            s +=
                "; did you mean " + quoted.dropLast().joined(separator: ", ")
                + (quoted.count > 1 ? " or " : "") + quoted.last! + "?"
        }
        return s
    }

    /// Levenshtein distance between `a` and `b` when it is at most `limit`, else nil.
    static func editDistance(_ a: String, _ b: String, atMost limit: Int) -> Int? {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        if abs(a.count - b.count) > limit { return nil }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            current[0] = i
            var rowMin = current[0]
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMin = min(rowMin, current[j])
            }
            if rowMin > limit { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}
