/// The operations of a task store over its files: what ``TodoFileStore`` and
/// ``InMemoryTaskStore`` both do, each edit one TodoStore write.
struct TaskEditor {
    /// Where the files are.
    var files: StorageFiles
    /// The todo file.
    var todoPath: String
    /// The done file, which ``archive()`` appends to.
    var donePath: String
    /// How lines are written.
    var options: TaskStoreOptions

    /// The todo file now; a missing file reads as empty.
    func snapshot() throws(TaskStoreError) -> TaskSnapshot {
        let today = options.today()
        return TaskSnapshot(list: try files.read(todoPath) ?? TodoList(), today: today)
    }

    func add(_ text: String) throws(TaskStoreError) -> StoredTask {
        guard !text.isEmpty else { throw .emptyText }
        let today = options.today()
        let line = TaskLine.added(
            typed(text, today: today),
            creationDate: options.addsCreationDate ? today : nil,
            defaultPriority: options.defaultPriority)
        let list = try files.append(todoPath, lines: [line])
        return StoredTask(line: list.count, item: list[list.count - 1].item)
    }

    func complete(_ task: StoredTask) throws(TaskStoreError) -> StoredTask {
        let today = options.today()
        let keepsPriority = options.keepsPriorityOnCompletion
        return try edit(task) { old, list, index in
            guard let done = TaskLine.completed(old, on: today, keepingPriority: keepsPriority)
            else { return }
            list.replaceLine(at: index, with: done.line)
            // A recurring task comes back in the same write, at the end of the file, as with
            // `todo do`; an invalid `rec:` (which `todo do` warns about) brings nothing back.
            if let next = done.next { _ = list.append(next) }
        }
    }

    func reopen(_ task: StoredTask) throws(TaskStoreError) -> StoredTask {
        try edit(task) { old, list, index in
            guard TaskLine.isDone(old) else { return }
            var item = list[index].item
            item.reopen()
            list.replaceLine(at: index, with: item)
        }
    }

    func setPriority(
        _ priority: Priority?, of task: StoredTask
    ) throws(TaskStoreError)
        -> StoredTask
    {
        try edit(task) { old, list, index throws(TaskStoreError) in
            if TaskLine.isDone(old) {
                var item = list[index].item
                do {
                    try item.setPriority(priority)
                } catch {
                    throw .invalidEdit(line: index + 1, reason: "\(error)")
                }
                list.replaceLine(at: index, with: item)
            } else if let new = TaskLine.prioritized(old, priority) {
                list.replaceLine(at: index, with: new)
            }
        }
    }

    func replace(_ task: StoredTask, with text: String) throws(TaskStoreError) -> StoredTask {
        guard !text.isEmpty else { throw .emptyText }
        let new = typed(text, today: options.today())
        return try edit(task) { old, list, index in
            list.replaceLine(at: index, with: TaskLine.replaced(old, with: new))
        }
    }

    /// Text given for a task, as the options say `todo` writes it.
    private func typed(_ text: String, today: LocalDate) -> [UInt8] {
        TaskLine.typed(text, today: today, resolvingDates: options.resolvesTypedDates)
    }

    func delete(_ task: StoredTask) throws(TaskStoreError) {
        let expected = task.item.line
        let preservesLineNumbers = options.preservesLineNumbers
        try files.update(todoPath) { list throws(TaskStoreError) in
            let index = try Self.locate(task, expected, in: list)
            list.replaceLine(at: index, with: [])
            if !preservesLineNumbers {
                list.removeLines(at: list.indices.filter { list[$0].content.isEmpty })
            }
        }
    }

    func archive() throws(TaskStoreError) -> [StoredTask] {
        guard files.exists(todoPath) else { return [] }
        return try files.move(from: todoPath, to: donePath) { list in
            var done: [StoredTask] = []
            var doomed: [Int] = []
            for (index, line) in list.enumerated() {
                if line.content.isEmpty {
                    doomed.append(index)
                } else if TaskLine.isDone(line.content) {
                    done.append(StoredTask(line: index + 1, item: line.item))
                    doomed.append(index)
                }
            }
            list.removeLines(at: doomed)
            return (done.map { $0.item.line }, done)
        }
    }

    /// Finds the task in the file under the lock and lets `change` rewrite its line (given its
    /// current bytes, the list and the line's index); returns the task as it is afterwards.
    private func edit(
        _ task: StoredTask,
        _ change: ([UInt8], inout TodoList, Int) throws(TaskStoreError) -> Void
    ) throws(TaskStoreError) -> StoredTask {
        let expected = task.item.line
        return try files.update(todoPath) { list throws(TaskStoreError) in
            let index = try Self.locate(task, expected, in: list)
            try change(expected, &list, index)
            return StoredTask(line: index + 1, item: list[index].item)
        }
    }

    /// The index of the line that holds the task: its own line when that still holds the same
    /// bytes, else the one other line that does. Anything else is a change this edit must not
    /// guess about.
    static func locate(
        _ task: StoredTask, _ expected: [UInt8], in list: TodoList
    ) throws(TaskStoreError) -> Int {
        let index = task.line - 1
        if list.indices.contains(index), list[index].content.elementsEqual(expected) {
            return index
        }
        let matches = list.indices.filter { list[$0].content.elementsEqual(expected) }
        guard matches.count == 1, let found = matches.first else {
            throw .taskChanged(line: task.line, text: task.text)
        }
        return found
    }
}
