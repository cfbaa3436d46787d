import TodoTxt

/// What changed, task by task, between two versions of a todo file and its done file: the
/// counts behind a commit message such as `add 2, complete 1, edit 1`.
///
/// Tasks are matched between the versions the way the merge matches them (same line, same text
/// once completion, priority and dates are set aside, same words, the single most similar
/// task, then the one task with words added at the end or start); a task left unmatched on
/// both sides at the same line number, with matched tasks after it, was rewritten in place. A
/// task that left the todo file and reached the done file was completed, when it was open
/// before, or archived, when it was already done.
package struct TaskChanges: Sendable, Hashable {
    /// Tasks that are new.
    package var added = 0
    /// Tasks that became done (in the todo file, or by moving to the done file).
    package var completed = 0
    /// Done tasks that became open again.
    package var reopened = 0
    /// Tasks whose line changed otherwise (priority, text, tags, dates).
    package var edited = 0
    /// Tasks that were removed without reaching the done file.
    package var deleted = 0
    /// Done tasks that moved from the todo file to the done file.
    package var archived = 0

    /// Compares two versions; `oldDone` and `newDone` are the done file's bytes (empty when
    /// missing or not tracked).
    package init(old: [UInt8], new: [UInt8], oldDone: [UInt8] = [], newDone: [UInt8] = []) {
        let size = MergeOptions().effectiveMarkerSize
        let before = MergeVersion(TodoList(bytes: old), markerSize: size).tasks
        let after = MergeVersion(TodoList(bytes: new), markerSize: size).tasks
        // The lines the done file gained, as a multiset difference.
        var counts: [ArraySlice<UInt8>: Int] = [:]
        for line in TodoList(bytes: oldDone) { counts[line.content, default: 0] += 1 }
        var gained: [MergeTask] = []
        for task in MergeVersion(TodoList(bytes: newDone), markerSize: size).tasks {
            if let count = counts[task.raw], count > 0 {
                counts[task.raw] = count - 1
            } else {
                gained.append(task)
            }
        }
        // A task that reached the done file left the todo file, even when a similar task took
        // its place there (a recurring task's next occurrence is an addition, not an edit).
        let done = TaskMatcher(before, gained)
        let stayed = before.indices.filter { done.leftToRight[$0] == nil }
        for index in before.indices where done.leftToRight[index] != nil {
            if before[index].item.isDone { archived += 1 } else { completed += 1 }
        }
        let matcher = TaskMatcher(stayed.map { before[$0] }, after)
        // A task rewritten in place (`replace`) is too unlike its old self to be matched, but
        // it is still on the same line: an unmatched new task on an unmatched old task's line
        // is that task, edited, when tasks that stayed follow it in both versions (a last
        // task deleted and a new one appended are what they are).
        var partners = matcher.leftToRight
        var lastStayed = (old: -1, new: -1)
        for (position, partner) in partners.enumerated() {
            guard let partner else { continue }
            lastStayed.old = max(lastStayed.old, before[stayed[position]].line)
            lastStayed.new = max(lastStayed.new, after[partner].line)
        }
        var newByLine: [Int: Int] = [:]
        for (index, partner) in matcher.rightToLeft.enumerated() where partner == nil {
            newByLine[after[index].line] = index
        }
        for (position, partner) in partners.enumerated() where partner == nil {
            let line = before[stayed[position]].line
            guard line < lastStayed.old, line < lastStayed.new else { continue }
            partners[position] = newByLine.removeValue(forKey: line)
        }
        added = newByLine.count
        for (position, partner) in partners.enumerated() {
            let task = before[stayed[position]]
            guard let partner else {
                deleted += 1
                continue
            }
            guard task.raw != after[partner].raw else { continue }
            let (was, now) = (task.item.isDone, after[partner].item.isDone)
            if !was && now {
                completed += 1
            } else if was && !now {
                reopened += 1
            } else {
                edited += 1
            }
        }
    }

    /// Whether no task changed.
    package var isEmpty: Bool { summary.isEmpty }

    /// `add 2, complete 1, edit 1`: the non-zero counts in a fixed order; empty when nothing
    /// changed.
    package var summary: String {
        let parts: [(String, Int)] = [
            ("add", added), ("complete", completed), ("reopen", reopened), ("edit", edited),
            ("delete", deleted), ("archive", archived),
        ]
        return parts.filter { $0.1 > 0 }.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
    }
}
