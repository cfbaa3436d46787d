import TodoTxt

/// The task-aware three-way merge of git.md section 3: match tasks, decide each task's outcome
/// (3.4, 3.5), and lay the result out in the order of one side (3.6).
struct TaskMerger {
    /// What becomes of one base task, or of one pair of added tasks.
    private enum Outcome {
        case dropped
        /// A line; `oursLine` is the index of the ours line it copies, if it copies one.
        case line(ArraySlice<UInt8>, oursLine: Int?)
        case conflict(ConflictDraft)
    }

    /// One side as the layout walk sees it.
    private struct Side {
        let version: MergeVersion
        /// For each task, its base task.
        let toBase: [Int?]
        /// For each base task, its task on this side.
        let fromBase: [Int?]
        /// For each task added on this side, the other side's added task paired with it.
        let partner: [Int?]
        let isOurs: Bool
    }

    private let base: MergeVersion
    private let ours: MergeVersion
    private let theirs: MergeVersion
    private let options: MergeOptions

    init(base: MergeVersion, ours: MergeVersion, theirs: MergeVersion, options: MergeOptions) {
        self.base = base
        self.ours = ours
        self.theirs = theirs
        self.options = options
    }

    /// Runs the merge.
    func run() -> MergeResult {
        let withOurs = TaskMatcher(base.tasks, ours.tasks)
        let withTheirs = TaskMatcher(base.tasks, theirs.tasks)
        let oursAdded = ours.tasks.indices.filter { withOurs.rightToLeft[$0] == nil }
        let theirsAdded = theirs.tasks.indices.filter { withTheirs.rightToLeft[$0] == nil }
        let added = TaskMatcher(
            additions: oursAdded.map { ours.tasks[$0] }, theirsAdded.map { theirs.tasks[$0] })
        var oursPartner = [Int?](repeating: nil, count: ours.tasks.count)
        var theirsPartner = [Int?](repeating: nil, count: theirs.tasks.count)
        for (position, match) in added.leftToRight.enumerated() {
            guard let match else { continue }
            oursPartner[oursAdded[position]] = theirsAdded[match]
            theirsPartner[theirsAdded[match]] = oursAdded[position]
        }
        let oursSide = Side(
            version: ours, toBase: withOurs.rightToLeft, fromBase: withOurs.leftToRight,
            partner: oursPartner, isOurs: true)
        let theirsSide = Side(
            version: theirs, toBase: withTheirs.rightToLeft, fromBase: withTheirs.leftToRight,
            partner: theirsPartner, isOurs: false)

        let outcomes = base.tasks.indices.map {
            outcome(of: $0, ours: withOurs.leftToRight[$0], theirs: withTheirs.leftToRight[$0])
        }

        // 3.6.1: ours' order, unless only theirs changed the order of the surviving tasks.
        let survives = base.tasks.indices.map {
            withOurs.leftToRight[$0] != nil && withTheirs.leftToRight[$0] != nil
        }
        func keepsBaseOrder(_ side: Side) -> Bool {
            var last = -1
            for task in side.toBase {
                guard let task, survives[task] else { continue }
                if task < last { return false }
                last = task
            }
            return true
        }
        let theirsLeads = keepsBaseOrder(oursSide) && !keepsBaseOrder(theirsSide)
        let items = layout(
            skeleton: theirsLeads ? theirsSide : oursSide,
            other: theirsLeads ? oursSide : theirsSide, outcomes: outcomes)

        let conventions = FileConventions(ours: ours.list, others: [theirs.list, base.list])
        var writer = OutputWriter(
            byteOrderMark: conventions.byteOrderMark, terminator: conventions.terminator,
            options: options)
        for item in items { writer.write(item) }
        return writer.finish(finalNewline: conventions.finalNewline)
    }

    /// 3.6.2-4: walks the skeleton side, then puts the other side's own tasks right before
    /// their successor in that side's file (or at the end).
    private func layout(skeleton: Side, other: Side, outcomes: [Outcome]) -> [OutputItem] {
        var items: [OutputItem] = []
        var anchor: [Int: Int] = [:]  // other side's task → position in items
        for lineIndex in skeleton.version.list.indices {
            let line = skeleton.version.list[lineIndex]
            guard let task = skeleton.version.taskAtLine[lineIndex] else {
                if skeleton.version.list[lineIndex].isBlank {
                    items.append(.line(line.content, terminator: own(skeleton, lineIndex)))
                }
                continue
            }
            var produced: Outcome
            var counterpart: Int?
            if let baseTask = skeleton.toBase[task] {
                produced = outcomes[baseTask]
                counterpart = other.fromBase[baseTask]
            } else if let partner = skeleton.partner[task] {
                produced = addedTwice(skeleton, task, other, partner)
                counterpart = partner
            } else {
                produced = .line(line.content, oursLine: skeleton.isOurs ? lineIndex : nil)
            }
            guard let item = self.item(produced) else { continue }
            if let counterpart { anchor[counterpart] = items.count }
            items.append(item)
        }

        // The other side's tasks that the walk did not place.
        let pending: [OutputItem?] = other.version.tasks.indices.map { task in
            if let baseTask = other.toBase[task] {
                guard skeleton.fromBase[baseTask] == nil else { return nil }
                return item(outcomes[baseTask])
            }
            guard other.partner[task] == nil else { return nil }
            let line = other.version.tasks[task].line
            return .line(
                other.version.list[line].content, terminator: own(other, line))
        }
        var before: [Int: [OutputItem]] = [:]
        var atEnd: [OutputItem] = []
        var successor: Int?
        var targets = [Int?](repeating: nil, count: pending.count)
        for task in pending.indices.reversed() {
            targets[task] = successor
            if let position = anchor[task] { successor = position }
        }
        for task in pending.indices {
            guard let item = pending[task] else { continue }
            if let target = targets[task] {
                before[target, default: []].append(item)
            } else {
                atEnd.append(item)
            }
        }
        var result: [OutputItem] = []
        result.reserveCapacity(items.count + atEnd.count)
        for (position, item) in items.enumerated() {
            result += before[position] ?? []
            result.append(item)
        }
        return result + atEnd
    }

    /// The terminator a line keeps: its own when it is an ours line.
    private func own(_ side: Side, _ line: Int) -> LineTerminator? {
        side.isOurs ? side.version.list[line].terminator : nil
    }

    private func item(_ outcome: Outcome) -> OutputItem? {
        switch outcome {
        case .dropped: return nil
        case .line(let content, let oursLine):
            return .line(content, terminator: oursLine.map { ours.list[$0].terminator })
        case .conflict(let draft): return .block(draft)
        }
    }

    /// The outcome of a task added on both sides (3.4, last two rows).
    private func addedTwice(
        _ skeleton: Side, _ task: Int, _ other: Side, _ partner: Int
    )
        -> Outcome
    {
        let (oursTask, theirsTask) =
            skeleton.isOurs
            ? (ours.tasks[task], theirs.tasks[partner]) : (ours.tasks[partner], theirs.tasks[task])
        if oursTask.raw == theirsTask.raw { return .line(oursTask.raw, oursLine: oursTask.line) }
        return .conflict(
            ConflictDraft(
                kind: .addAdd,
                summary: "conflict: added differently in \(options.oursLabel) and "
                    + "\(options.theirsLabel): \(quoted(oursTask))",
                ours: [oursTask.raw], base: [], theirs: [theirsTask.raw]))
    }

    /// The outcome of one base task (3.4).
    private func outcome(
        of baseIndex: Int, ours oursIndex: Int?, theirs theirsIndex: Int?
    )
        -> Outcome
    {
        let original = base.tasks[baseIndex]
        switch (oursIndex.map { ours.tasks[$0] }, theirsIndex.map { theirs.tasks[$0] }) {
        case (nil, nil):
            return .dropped
        case (let mine?, let yours?):
            if mine.raw == original.raw && yours.raw != original.raw {
                return .line(yours.raw, oursLine: nil)
            }
            if yours.raw == original.raw || mine.raw == yours.raw {
                return .line(mine.raw, oursLine: mine.line)
            }
            let merger = FieldMerger(ours: options.oursLabel, theirs: options.theirsLabel)
            switch merger.merge(base: original.item, ours: mine.item, theirs: yours.item) {
            case .merged(let line):
                return .line(line[...], oursLine: nil)
            case .conflict(let reasons):
                return .conflict(
                    ConflictDraft(
                        kind: .bothModified,
                        summary:
                            "conflict: \(reasons.joined(separator: "; ")): \(quoted(original))",
                        ours: [mine.raw], base: [original.raw], theirs: [yours.raw]))
            }
        case (let mine?, nil):
            if original.insideMarkers { return .line(mine.raw, oursLine: mine.line) }
            if mine.raw == original.raw { return .dropped }
            return .conflict(
                ConflictDraft(
                    kind: .deleteModify,
                    summary: "conflict: deleted in \(options.theirsLabel) and modified in "
                        + "\(options.oursLabel): \(quoted(mine))",
                    ours: [mine.raw], base: [original.raw], theirs: []))
        case (nil, let yours?):
            if original.insideMarkers { return .line(yours.raw, oursLine: nil) }
            if yours.raw == original.raw { return .dropped }
            return .conflict(
                ConflictDraft(
                    kind: .deleteModify,
                    summary: "conflict: deleted in \(options.oursLabel) and modified in "
                        + "\(options.theirsLabel): \(quoted(yours))",
                    ours: [], base: [original.raw], theirs: [yours.raw]))
        }
    }

    private func quoted(_ task: MergeTask) -> String {
        "\"" + task.descriptionText + "\""
    }
}
