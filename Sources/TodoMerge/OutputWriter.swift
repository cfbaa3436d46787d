import TodoTxt

/// One piece of a merged file before it becomes bytes.
enum OutputItem {
    /// A line copied or rendered; `terminator` is the line's own one when it is copied from ours,
    /// `nil` for the file's default.
    case line(ArraySlice<UInt8>, terminator: LineTerminator?)
    /// A conflict block.
    case block(ConflictDraft)
}

/// A conflict before it is written: its kind, summary and the three sections of its block.
struct ConflictDraft {
    var kind: MergeConflict.Kind
    var summary: String
    var ours: [ArraySlice<UInt8>]
    var base: [ArraySlice<UInt8>]
    var theirs: [ArraySlice<UInt8>]
}

/// Turns output items into the bytes of the merged file, with ours' conventions (byte order
/// mark, line terminator, final newline), and numbers the conflict blocks.
struct OutputWriter {
    private var bytes: [UInt8] = []
    private var conflicts: [MergeConflict] = []
    private var lineCount = 0
    private var lastTerminatorLength = 0
    private let terminator: LineTerminator
    private let options: MergeOptions

    /// Starts a file; `terminator` is the one used for lines that do not bring their own.
    init(byteOrderMark: Bool, terminator: LineTerminator, options: MergeOptions) {
        self.terminator = terminator == .none ? .lf : terminator
        self.options = options
        if byteOrderMark { bytes = [0xEF, 0xBB, 0xBF] }
    }

    /// Appends a line and a terminator (its own, when it has one other than none).
    mutating func writeLine(_ content: ArraySlice<UInt8>, terminator own: LineTerminator? = nil) {
        bytes.append(contentsOf: content)
        let chosen = own.flatMap { $0 == .none ? nil : $0 } ?? terminator
        let ending = chosen.bytes
        bytes.append(contentsOf: ending)
        lastTerminatorLength = ending.count
        lineCount += 1
    }

    /// Appends an item.
    mutating func write(_ item: OutputItem) {
        switch item {
        case .line(let content, let own):
            writeLine(content, terminator: own)
        case .block(let draft):
            writeBlock(draft)
        }
    }

    /// Appends a diff3-style conflict block and records its conflict.
    mutating func writeBlock(_ draft: ConflictDraft) {
        let first = lineCount + 1
        writeLine(marker(0x3C, options.oursLabel))
        for line in draft.ours { writeLine(line) }
        writeLine(marker(0x7C, options.baseLabel))
        for line in draft.base { writeLine(line) }
        writeLine(marker(0x3D, ""))
        for line in draft.theirs { writeLine(line) }
        writeLine(marker(0x3E, options.theirsLabel))
        conflicts.append(
            MergeConflict(kind: draft.kind, summary: draft.summary, lines: first...lineCount))
    }

    /// Records a conflict that has no block.
    mutating func addConflict(_ conflict: MergeConflict) {
        conflicts.append(conflict)
    }

    /// The finished result; without `finalNewline` the last terminator is dropped.
    func finish(finalNewline: Bool) -> MergeResult {
        var result = bytes
        if !finalNewline && lineCount > 0 { result.removeLast(lastTerminatorLength) }
        return MergeResult(merged: result, conflicts: conflicts)
    }

    private func marker(_ byte: UInt8, _ label: String) -> ArraySlice<UInt8> {
        var line = [UInt8](repeating: byte, count: options.effectiveMarkerSize)
        if !label.isEmpty {
            line.append(0x20)
            line.append(contentsOf: label.utf8)
        }
        return line[...]
    }
}

/// File conventions taken from ours (or, when ours has no lines, from the first version that
/// has some): byte order mark, default terminator and final newline.
struct FileConventions {
    var byteOrderMark: Bool
    var terminator: LineTerminator
    var finalNewline: Bool

    init(ours: TodoList, others: [TodoList]) {
        let source = ([ours] + others).first { !$0.isEmpty } ?? ours
        byteOrderMark = ours.isEmpty ? source.hasByteOrderMark : ours.hasByteOrderMark
        terminator = source.newLineTerminator
        finalNewline = source.endsWithTerminator
    }
}

/// Whether a line is a conflict marker: at least `minimum` (and at least 3) equal characters
/// `<`, `|`, `=` or `>` at the start, then the end of the line or a space or tab (for `=`, the
/// end of the line or blanks only).
func isConflictMarker(_ line: ArraySlice<UInt8>, minimum: Int) -> Bool {
    guard let first = line.first, first == 0x3C || first == 0x7C || first == 0x3D || first == 0x3E
    else { return false }
    var index = line.startIndex
    while index < line.endIndex && line[index] == first { index += 1 }
    guard index - line.startIndex >= max(3, min(7, minimum)) else { return false }
    if index == line.endIndex { return true }
    if first == 0x3D { return line[index...].allSatisfy { $0 == 0x20 || $0 == 0x09 } }
    return line[index] == 0x20 || line[index] == 0x09
}
