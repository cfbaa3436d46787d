import TodoTxt

/// A plain line-based three-way merge in diff3 style, for inputs the task-aware merge cannot
/// trust. Lines compare by content; their terminators do not matter.
struct LineMerger {
    let base: TodoList
    let ours: TodoList
    let theirs: TodoList
    let options: MergeOptions

    /// Runs the merge.
    func run() -> MergeResult {
        var ids: [ArraySlice<UInt8>: Int] = [:]
        func number(_ list: TodoList) -> [Int] {
            list.map { line in
                if let id = ids[line.content] { return id }
                let id = ids.count
                ids[line.content] = id
                return id
            }
        }
        let b = number(base)
        let o = number(ours)
        let t = number(theirs)
        let toOurs = LineDiff.align(b, o)
        let toTheirs = LineDiff.align(b, t)

        let conventions = FileConventions(ours: ours, others: [theirs, base])
        var writer = OutputWriter(
            byteOrderMark: conventions.byteOrderMark, terminator: conventions.terminator,
            options: options)
        var i = 0
        var oi = 0
        var ti = 0
        while true {
            var j = i
            var stable: (Int, Int)?
            while j < b.count {
                if let x = toOurs[j], let y = toTheirs[j] {
                    stable = (x, y)
                    break
                }
                j += 1
            }
            let (oj, tj) = stable ?? (o.count, t.count)
            resolve(
                base: i..<j, ours: oi..<oj, theirs: ti..<tj, ids: (b, o, t), into: &writer)
            guard stable != nil else { break }
            writer.writeLine(ours[oj].content, terminator: ours[oj].terminator)
            i = j + 1
            oi = oj + 1
            ti = tj + 1
        }
        return writer.finish(finalNewline: conventions.finalNewline)
    }

    /// Writes one unstable chunk: the side that changed it, or a conflict block.
    private func resolve(
        base baseRange: Range<Int>, ours oursRange: Range<Int>, theirs theirsRange: Range<Int>,
        ids: (base: [Int], ours: [Int], theirs: [Int]), into writer: inout OutputWriter
    ) {
        let baseIds = ids.base[baseRange]
        let oursIds = ids.ours[oursRange]
        let theirsIds = ids.theirs[theirsRange]
        if oursIds.elementsEqual(baseIds) && !theirsIds.elementsEqual(baseIds) {
            for index in theirsRange { writer.writeLine(theirs[index].content) }
        } else if theirsIds.elementsEqual(baseIds) || oursIds.elementsEqual(theirsIds) {
            for index in oursRange {
                writer.writeLine(ours[index].content, terminator: ours[index].terminator)
            }
        } else {
            let place =
                baseRange.isEmpty
                ? "different lines added in \(options.oursLabel) and \(options.theirsLabel) "
                    + (baseRange.lowerBound == 0
                        ? "at the start" : "after base line \(baseRange.lowerBound)")
                : "base "
                    + (baseRange.count == 1
                        ? "line \(baseRange.upperBound)"
                        : "lines \(baseRange.lowerBound + 1)-\(baseRange.upperBound)")
                    + " changed differently in \(options.oursLabel) and \(options.theirsLabel)"
            writer.writeBlock(
                ConflictDraft(
                    kind: .lines, summary: "conflict: " + place,
                    ours: oursRange.map { ours[$0].content },
                    base: baseRange.map { base[$0].content },
                    theirs: theirsRange.map { theirs[$0].content }))
        }
    }
}
