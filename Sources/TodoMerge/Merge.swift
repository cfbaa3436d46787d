public import TodoTxt

/// Merges two versions of a todo.txt file that both descend from `base`, task by task.
///
/// Tasks are matched across versions by identity, not by position, so a task that one side
/// completed and the other re-prioritised, or that moved on one side and was edited on the
/// other, merges cleanly; additions from both sides are all kept; a task deleted on one side
/// and left alone on the other is deleted. Changes that cannot be combined become one
/// diff3-style conflict block per task, in place. Lines that no merge touched are copied byte
/// for byte, and the result uses ours' byte order mark, line terminator and final newline.
///
/// When ours and theirs are byte-identical the result is ours; when one side equals base the
/// result is the other side, byte for byte. When ours or theirs already contains conflict
/// markers, the whole file is merged line by line (``mergeLines(base:ours:theirs:options:)``)
/// and an ``MergeConflict/Kind/untrusted`` conflict is reported.
///
/// Order: every task keeps its place relative to the tasks around it as its side left them. A
/// task neither side moved keeps its rank among the others; a task changed in place stays in
/// place; a moved task goes where its side moved it; new tasks go right after the line that
/// precedes them on their side (a side's new tasks that replace tasks it deleted sit where
/// those were). Only tasks both sides inserted at the same point have an order that depends on
/// which side is ours: ours first. Swapping ours and theirs therefore gives the same content
/// and the same line for every task but those.
///
/// With `done`, the done files of the three versions, a task that one side archived (removed
/// from todo.txt and added to its done file) and the other side changed does not conflict; see
/// ``DoneFiles``. Without it, such a task is a ``MergeConflict/Kind/deleteModify`` conflict.
public func merge(
    base: TodoList, ours: TodoList, theirs: TodoList, done: DoneFiles? = nil,
    options: MergeOptions = MergeOptions()
) -> MergeResult {
    let size = options.effectiveMarkerSize
    if let trivial = trivialMerge(base: base, ours: ours, theirs: theirs, options: options) {
        return trivial
    }
    let oursVersion = MergeVersion(ours, markerSize: size)
    let theirsVersion = MergeVersion(theirs, markerSize: size)
    if oursVersion.firstMarkerLine != nil || theirsVersion.firstMarkerLine != nil {
        var result = LineMerger(base: base, ours: ours, theirs: theirs, options: options).run()
        result.conflicts.insert(
            untrustedConflict(ours: oursVersion, theirs: theirsVersion, options: options), at: 0)
        return result
    }
    return TaskMerger(
        base: MergeVersion(base, markerSize: size), ours: oursVersion, theirs: theirsVersion,
        done: done, options: options
    ).run()
}

/// Merges the bytes of three versions of a todo.txt file; see
/// the `TodoList` overload.
public func merge(
    base: [UInt8], ours: [UInt8], theirs: [UInt8], done: DoneFiles? = nil,
    options: MergeOptions = MergeOptions()
) -> MergeResult {
    merge(
        base: TodoList(bytes: base), ours: TodoList(bytes: ours), theirs: TodoList(bytes: theirs),
        done: done, options: options)
}

/// A plain line-based three-way merge of any text in diff3 style, like
/// `git merge-file --diff3`: a hunk changed on one side takes that change, a hunk changed the
/// same way on both sides is taken once, and a hunk changed differently on both sides becomes
/// a conflict block with the ours, base and theirs lines. Lines compare by content (a CRLF
/// line equals its LF twin); the result keeps ours' byte order mark, terminators and final
/// newline. Nothing is ever dropped silently.
///
/// Trivial cases are byte-exact as in the task-aware merge.
public func mergeLines(
    base: [UInt8], ours: [UInt8], theirs: [UInt8], options: MergeOptions = MergeOptions()
) -> MergeResult {
    let lists = (TodoList(bytes: base), TodoList(bytes: ours), TodoList(bytes: theirs))
    if ours == theirs || theirs == base { return MergeResult(merged: ours, conflicts: []) }
    if ours == base { return MergeResult(merged: theirs, conflicts: []) }
    return LineMerger(base: lists.0, ours: lists.1, theirs: lists.2, options: options).run()
}

/// Equal sides, or one side equal to base. Reports an untrusted conflict when the chosen
/// version carries conflict markers, so a clean result never contains any.
private func trivialMerge(
    base: TodoList, ours: TodoList, theirs: TodoList, options: MergeOptions
) -> MergeResult? {
    let oursBytes = ours.serialized()
    let theirsBytes = theirs.serialized()
    let chosen: TodoList
    let bytes: [UInt8]
    if oursBytes == theirsBytes || theirsBytes == base.serialized() {
        (chosen, bytes) = (ours, oursBytes)
    } else if oursBytes == base.serialized() {
        (chosen, bytes) = (theirs, theirsBytes)
    } else {
        return nil
    }
    let version = MergeVersion(chosen, markerSize: options.effectiveMarkerSize)
    guard version.firstMarkerLine != nil else { return MergeResult(merged: bytes, conflicts: []) }
    let isOurs = bytes == oursBytes
    let empty = MergeVersion(TodoList(), markerSize: options.effectiveMarkerSize)
    return MergeResult(
        merged: bytes,
        conflicts: [
            untrustedConflict(
                ours: isOurs ? version : empty, theirs: isOurs ? empty : version,
                options: options)
        ])
}

private func untrustedConflict(
    ours: MergeVersion, theirs: MergeVersion, options: MergeOptions
) -> MergeConflict {
    var places: [String] = []
    if let line = ours.firstMarkerLine { places.append("\(options.oursLabel) (line \(line))") }
    if let line = theirs.firstMarkerLine {
        places.append("\(options.theirsLabel) (line \(line))")
    }
    return MergeConflict(
        kind: .untrusted,
        summary: "conflict: conflict markers already in \(places.joined(separator: " and ")); "
            + "merged line by line", lines: nil)
}
