/// The byte rules `todo` applies to the line of a task when it adds, completes, prioritizes or
/// replaces it (todo.sh's rules, which accept any one character as a priority when editing).
enum TaskLine {
    /// Line breaks become spaces: a task is one line.
    static func cleaned(_ text: String) -> [UInt8] {
        text.utf8.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }
    }

    /// Whether the line starts with `x `, the mark of a done task.
    static func isDone(_ line: some Collection<UInt8>) -> Bool {
        line.starts(with: [0x78, 0x20])
    }

    /// Whether the bytes start with `(X)` for an upper-case letter X.
    private static func startsWithPriority(_ text: [UInt8]) -> Bool {
        text.count >= 3 && text[0] == 0x28 && (0x41...0x5A).contains(text[1]) && text[2] == 0x29
    }

    /// The line `todo add` writes for `text`.
    static func added(_ text: String, options: TaskStoreOptions, today: LocalDate) -> [UInt8] {
        var line = cleaned(text)
        if line.count >= 4, line[0] == 0x28, (0x61...0x7A).contains(line[1]), line[2] == 0x29,
            line[3] == 0x20
        {
            line[1] -= 0x20
        }
        if options.addsCreationDate {
            let hasPriority = line.count >= 4 && startsWithPriority(line) && line[3] == 0x20
            line.insert(contentsOf: today.utf8 + [0x20], at: hasPriority ? 4 : 0)
        }
        if let priority = options.defaultPriority, !startsWithPriority(line) {
            line = [0x28, priority.ascii, 0x29, 0x20] + line
        }
        return line
    }

    /// The line `todo do` writes for an open task, or `nil` for a done one.
    static func completed(
        _ old: [UInt8], on today: LocalDate, keepingPriority: Bool
    )
        -> [UInt8]?
    {
        guard !isDone(old) else { return nil }
        let length = TaskHeader.priorityLength(old)
        var rest = Array(old[length...])
        if keepingPriority, length == 4, (0x41...0x5A).contains(old[1]) {
            rest += Array(" pri:".utf8) + [old[1]]
        }
        return [0x78, 0x20] + today.utf8 + [0x20] + rest
    }

    /// The line `todo pri` (or, for `nil`, `todo depri`) writes for an open task, or `nil`
    /// when it writes nothing (the priority is already that).
    static func prioritized(_ old: [UInt8], _ priority: Priority?) -> [UInt8]? {
        let length = TaskHeader.priorityLength(old)
        guard let priority else { return length > 0 ? Array(old[length...]) : nil }
        if length == 4 && old[1] == priority.ascii { return nil }
        return [0x28, priority.ascii, 0x29, 0x20] + old[length...]
    }

    /// The line `todo replace` writes: the old priority and creation date stay unless the new
    /// text brings its own.
    static func replaced(_ old: [UInt8], with text: String) -> [UInt8] {
        TaskHeader.replacing(old, with: cleaned(text))
    }
}
