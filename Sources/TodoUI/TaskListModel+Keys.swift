import TodoKit
package import TodoTerminal

extension TaskListModel {
    /// Applies one key: the key table of the list, or, while a prompt is open, the prompt's.
    ///
    /// Ctrl-C quits from anywhere; while the key list is shown, any other key closes it.
    package mutating func handle(_ key: Key) -> KeyOutcome {
        if key == .control("c") { return .quit }
        if showsHelp {
            showsHelp = false
            return .handled
        }
        if prompt != nil { return handlePromptKey(key) }
        status = nil
        switch key {
        case .text("q"): return .quit
        case .text("j"), .down: moveSelection(by: 1)
        case .text("k"), .up: moveSelection(by: -1)
        case .pageDown: moveSelection(by: pageSize)
        case .pageUp: moveSelection(by: -pageSize)
        case .text("g"), .home: selectFirst()
        case .text("G"), .end: selectLast()
        case .tab: show(view.next)
        case .text("1"): show(.open)
        case .text("2"): show(.done)
        case .text("3"): show(.all)
        case .text("s"): cycleSort()
        case .text("S"): prompt = Prompt(.sort, text: sort.description)
        case .text("/"): prompt = Prompt(.filter, text: filter.text)
        case .text("a"): prompt = Prompt(.add)
        case .text("e"), .enter:
            if let task = selectedTask, let snapshot {
                prompt = Prompt(.edit(task, base: snapshot), text: task.text)
            }
        case .text("x"), .text(" "): toggleSelected()
        case .text("p"):
            if let task = selectedTask, let snapshot {
                prompt = Prompt(.priority(task, base: snapshot))
            }
        case .text("d"):
            if let task = selectedTask, let snapshot {
                prompt = Prompt(.confirmDelete(task, base: snapshot))
            }
        case .text("u"): undo()
        case .text("A"): archive()
        case .text("E"): return .openEditor(line: selectedTask?.line ?? 1)
        case .text("r"): reload()
        case .text("?"): showsHelp = true
        default: break
        }
        return .handled
    }

    /// A key while a prompt is open.
    private mutating func handlePromptKey(_ key: Key) -> KeyOutcome {
        guard var open = prompt else { return .handled }
        switch open.kind {
        case .priority(let task, let base):
            prompt = nil
            switch key {
            case .text("-"): setPriority(nil, of: task, readFrom: base)
            case .text(let scalar):
                let letter = scalar.properties.uppercaseMapping
                if let priority = Priority(letter) {
                    setPriority(priority, of: task, readFrom: base)
                } else {
                    status = .error("'\(scalar)' is not a priority; expected a letter A-Z or -")
                }
            default: status = .info("priority unchanged")
            }
            return .handled
        case .confirmDelete(let task, let base):
            prompt = nil
            if key == .text("y") || key == .text("Y") {
                delete(task, readFrom: base)
            } else {
                status = .info("task \(task.line) kept")
            }
            return .handled
        default:
            break
        }
        let outcome = open.editor.handle(key) { word in completions(of: word) }
        prompt = open
        switch outcome {
        case .edited, .ignored: status = nil
        case .candidates(let words):
            status = .info(words.isEmpty ? "no completion" : words.joined(separator: " "))
        case .cancelled:
            prompt = nil
            status = nil
        case .submitted(let text):
            submit(text, to: open)
        }
        return .handled
    }

    /// Acts on a prompt's line; the prompt closes unless the text needs correcting (a filter
    /// or sort that does not parse, an empty task, a change that cannot be placed).
    private mutating func submit(_ text: String, to open: Prompt) {
        switch open.kind {
        case .add:
            if text.allSatisfy({ $0 == " " }) {
                prompt = nil
                status = .info("nothing added")
            } else if add(text) {
                prompt = nil
            }
        case .edit(let task, let base):
            if text == task.text {
                prompt = nil
                status = .info("task \(task.line) unchanged")
            } else if text.allSatisfy({ $0 == " " }) {
                status = .error("the text of a task cannot be empty; Esc cancels, d deletes")
            } else if replace(task, with: text, readFrom: base) {
                prompt = nil
            } else if let fresh = snapshot, let now = fresh.task(atLine: task.line) {
                // The text stays; Enter again writes it over the task as it is now.
                prompt?.kind = .edit(now, base: fresh)
            }
        case .filter:
            do {
                try setFilter(text)
                prompt = nil
            } catch {
                status = .error("filter: \(error)")
            }
        case .sort:
            do {
                setSort(try TaskListSort(parsing: text))
                prompt = nil
            } catch {
                status = .error("sort: \(error)")
            }
        case .priority, .confirmDelete:
            prompt = nil
        }
    }

    /// The words Tab may complete `word` to: the file's `+projects` and `@contexts`, and its
    /// tag keys (as `key:`), that start with it, sorted.
    package func completions(of word: Substring) -> [String] {
        guard let snapshot, !word.isEmpty else { return [] }
        var words: Set<String> = []
        for line in snapshot.list where !line.isBlank {
            line.item.forEachWord { found in
                let name = String(decoding: found.name, as: UTF8.self)
                switch found.kind {
                case .project: words.insert("+" + name)
                case .context: words.insert("@" + name)
                case .tag: words.insert(name + ":")
                default: break
                }
            }
        }
        return words.filter { $0.hasPrefix(word) && $0 != word }.sorted()
    }
}
