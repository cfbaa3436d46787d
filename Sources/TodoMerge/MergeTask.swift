import TodoTxt

/// One task line of a version, with the identity keys the matcher uses.
struct MergeTask {
    /// The line's index in its file.
    let line: Int
    /// The line's bytes without terminator.
    let raw: ArraySlice<UInt8>
    /// The parsed task.
    let item: TODOItem
    /// K1: the description's words without `pri:` tags, joined by single spaces.
    let k1: [UInt8]
    /// K2: K1 without projects, contexts and `key:value` tags.
    let k2: [UInt8]
    /// The value of the first `id:` or `uuid:` tag, prefixed by its key.
    let id: [UInt8]?
    /// Whether the task sits between conflict markers (only possible in a virtual base).
    let insideMarkers: Bool

    init(line: Int, raw: ArraySlice<UInt8>, insideMarkers: Bool) {
        self.line = line
        self.raw = raw
        self.insideMarkers = insideMarkers
        item = TODOItem(parsingBytes: raw)
        var k1: [UInt8] = []
        var k2: [UInt8] = []
        var id: [UInt8]?
        item.forEachWord { word in
            if word.kind == .tag {
                if word.name.elementsEqual("pri".utf8) { return }
                if id == nil,
                    word.name.elementsEqual("id".utf8) || word.name.elementsEqual("uuid".utf8)
                {
                    id = Array(word.bytes)
                }
            }
            if !k1.isEmpty { k1.append(0x20) }
            k1.append(contentsOf: word.bytes)
            if word.kind == .text {
                if !k2.isEmpty { k2.append(0x20) }
                k2.append(contentsOf: word.bytes)
            }
        }
        self.k1 = k1
        self.k2 = k2
        self.id = id
    }

    /// The description as text, for summaries.
    var descriptionText: String { String(decoding: item.descriptionBytes, as: UTF8.self) }
}

/// A version of the file split into tasks, blank lines and conflict-marker lines.
struct MergeVersion {
    /// The file.
    let list: TodoList
    /// The task lines, in file order.
    let tasks: [MergeTask]
    /// For each line, the index of its task in ``tasks``, or `nil` for blank and marker lines.
    let taskAtLine: [Int?]
    /// The 1-based number of the first conflict-marker line, if any.
    let firstMarkerLine: Int?

    init(_ list: TodoList, markerSize: Int) {
        self.list = list
        var tasks: [MergeTask] = []
        var taskAtLine: [Int?] = []
        var firstMarker: Int?
        var depth = 0
        taskAtLine.reserveCapacity(list.count)
        for index in list.indices {
            let line = list[index]
            if isConflictMarker(line.content, minimum: markerSize) {
                if firstMarker == nil { firstMarker = index + 1 }
                let first = line.content[line.content.startIndex]
                if first == 0x3C { depth += 1 } else if first == 0x3E { depth = max(0, depth - 1) }
                taskAtLine.append(nil)
            } else if line.isBlank {
                taskAtLine.append(nil)
            } else {
                taskAtLine.append(tasks.count)
                tasks.append(MergeTask(line: index, raw: line.content, insideMarkers: depth > 0))
            }
        }
        self.tasks = tasks
        self.taskAtLine = taskAtLine
        firstMarkerLine = firstMarker
    }
}
