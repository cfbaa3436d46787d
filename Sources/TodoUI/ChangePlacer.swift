package import TodoKit
import TodoMerge

/// Places a change on a task that the file no longer holds as it was read, through the
/// three-way merge, so that neither the user's change nor the one made on disk is lost.
///
/// The base is the file the screen showed, ours is that file with the change made, theirs is
/// the file now. When the merge is clean, the change is made again on the task that the merged
/// file changes, and written only if that gives exactly the merged bytes; so the write is
/// still the one `todo` command the change stands for, on the task as it is now.
package struct ChangePlacer: Sendable {
    /// Where a change ended up.
    package enum Placement: Equatable, Sendable {
        /// Written; the task as it is now (`nil` once deleted).
        case applied(StoredTask?)
        /// The file already holds the change (the other program made the same one).
        case alreadyInFile
        /// The change cannot be placed; why, in one line. Nothing was written.
        case conflict(String)
    }

    /// The store to write to.
    package let store: any TaskStore

    /// Creates a placer writing to `store`.
    package init(store: any TaskStore) {
        self.store = store
    }

    /// Merges `change` of `task`, read from `base`, with the file as it is now and writes the
    /// result.
    ///
    /// - Throws: `TaskStoreError` when the file cannot be read or written.
    package func place(
        _ change: TaskChange, of task: StoredTask, readFrom base: TaskSnapshot
    ) throws(TaskStoreError) -> Placement {
        let theirs = try store.snapshot()
        let baseBytes = base.bytes
        guard let ours = try trial(change, of: task, on: baseBytes) else {
            return .conflict("task \(task.line) cannot be changed that way")
        }
        let theirsBytes = theirs.bytes
        let result = merge(base: baseBytes, ours: ours, theirs: theirsBytes)
        if let conflict = result.conflicts.first {
            return .conflict(conflict.summary)
        }
        if result.merged == theirsBytes { return .alreadyInFile }
        guard let target = firstChangedTask(in: theirs, to: result.merged) else {
            return .conflict("the merged file changes no task of the file on disk")
        }
        var attempts = [change]
        if case .replace = change, let mergedLine = mergedLine(result.merged, at: target.line) {
            attempts.append(.replace(mergedLine))
        }
        for attempt in attempts {
            if try trial(attempt, of: target, on: theirsBytes) == result.merged {
                return .applied(try attempt.apply(to: target, in: store))
            }
        }
        return .conflict("the merged line cannot be written as one change of task \(target.line)")
    }

    /// The todo file's bytes after making `change` to `task` in a copy holding `bytes`, or
    /// `nil` when the copy refuses it.
    private func trial(
        _ change: TaskChange, of task: StoredTask, on bytes: [UInt8]
    ) throws(TaskStoreError) -> [UInt8]? {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return nil }
        let copy = InMemoryTaskStore(todo: bytes, options: store.options)
        do {
            try change.apply(to: task, in: copy)
        } catch {
            if case .file = error { throw error }
            return nil
        }
        return copy.todoBytes
    }

    /// The task of `theirs` on the first line that differs in `merged`.
    private func firstChangedTask(in theirs: TaskSnapshot, to merged: [UInt8]) -> StoredTask? {
        let before = TodoList(bytes: theirs.bytes)
        let after = TodoList(bytes: merged)
        var index = 0
        while index < before.count, index < after.count,
            before[index].content.elementsEqual(after[index].content)
        {
            index += 1
        }
        return theirs.task(atLine: index + 1)
    }

    /// The text of line `number` of `merged`, when it is valid UTF-8.
    private func mergedLine(_ merged: [UInt8], at number: Int) -> String? {
        let list = TodoList(bytes: merged)
        guard number >= 1, number <= list.count else { return nil }
        let content = list[number - 1].content
        let text = String(decoding: content, as: UTF8.self)
        return text.utf8.elementsEqual(content) ? text : nil
    }
}
