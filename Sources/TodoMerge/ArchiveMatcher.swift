import TodoTxt

/// Finds which base tasks a side archived: among the base tasks the side removed from todo.txt,
/// those that match a completed line of the side's done file, first among the lines the side
/// added to it, then among all of its lines (the matcher's usual tiers each time).
enum ArchiveMatcher {
    /// For each base task, whether `side` archived it; `removed` flags the base tasks the side
    /// no longer has in todo.txt.
    static func archived(
        base: MergeVersion, removed: [Bool], done: [UInt8], baseDone: [UInt8], markerSize: Int
    ) -> [Bool] {
        var result = [Bool](repeating: false, count: base.tasks.count)
        guard removed.contains(true), !done.isEmpty else { return result }
        let doneTasks = MergeVersion(TodoList(bytes: done), markerSize: markerSize).tasks
            .filter { $0.item.isDone }
        guard !doneTasks.isEmpty else { return result }

        // The lines this side added to its done file: its lines minus base's, as multisets.
        var baseCounts: [ArraySlice<UInt8>: Int] = [:]
        for line in TodoList(bytes: baseDone) { baseCounts[line.content, default: 0] += 1 }
        var added: [MergeTask] = []
        for task in doneTasks {
            if let count = baseCounts[task.raw], count > 0 {
                baseCounts[task.raw] = count - 1
            } else {
                added.append(task)
            }
        }

        var waiting = base.tasks.indices.filter { removed[$0] }
        for candidates in [added, doneTasks] where !waiting.isEmpty && !candidates.isEmpty {
            let matcher = TaskMatcher(waiting.map { base.tasks[$0] }, candidates)
            for (position, match) in matcher.leftToRight.enumerated() where match != nil {
                result[waiting[position]] = true
            }
            waiting = waiting.filter { !result[$0] }
        }
        return result
    }
}
