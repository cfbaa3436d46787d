import TodoTxt

/// The task-aware three-way merge: match tasks, decide each task's outcome, and lay the result
/// out by the position rule (``SidePlacement``), the same way whichever side is ours.
struct TaskMerger {
    /// What becomes of one base task, or of one pair of added tasks.
    private enum Outcome {
        case dropped
        /// A line; `oursLine` is the index of the ours line it copies, if it copies one.
        case line(ArraySlice<UInt8>, oursLine: Int?)
        case conflict(ConflictDraft)
        /// A task one side archived and the other side edited, kept in todo.txt; `note` says so.
        case restored(ArraySlice<UInt8>, oursLine: Int?, note: String)
    }

    private let base: MergeVersion
    private let ours: MergeVersion
    private let theirs: MergeVersion
    private let options: MergeOptions
    private let done: DoneFiles?

    init(
        base: MergeVersion, ours: MergeVersion, theirs: MergeVersion, done: DoneFiles?,
        options: MergeOptions
    ) {
        self.base = base
        self.ours = ours
        self.theirs = theirs
        self.done = done
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
        var oursArchived = [Bool](repeating: false, count: base.tasks.count)
        var theirsArchived = oursArchived
        if let done {
            let size = options.effectiveMarkerSize
            oursArchived = ArchiveMatcher.archived(
                base: base, removed: withOurs.leftToRight.map { $0 == nil }, done: done.ours,
                baseDone: done.base, markerSize: size)
            theirsArchived = ArchiveMatcher.archived(
                base: base, removed: withTheirs.leftToRight.map { $0 == nil }, done: done.theirs,
                baseDone: done.base, markerSize: size)
        }
        let outcomes = base.tasks.indices.map {
            outcome(
                of: $0, ours: withOurs.leftToRight[$0], theirs: withTheirs.leftToRight[$0],
                archivedBy: (oursArchived[$0], theirsArchived[$0]))
        }
        let preferred = consensus(ours: withOurs.leftToRight, theirs: withTheirs.leftToRight)
        let items = layout(
            ours: SidePlacement(
                base: base, side: ours, toBase: withOurs.rightToLeft, preferred: preferred),
            theirs: SidePlacement(
                base: base, side: theirs, toBase: withTheirs.rightToLeft, preferred: preferred),
            partners: (oursPartner, theirsPartner), outcomes: outcomes)

        let conventions = FileConventions(ours: ours.list, others: [theirs.list, base.list])
        var writer = OutputWriter(
            byteOrderMark: conventions.byteOrderMark, terminator: conventions.terminator,
            options: options)
        for item in items { writer.write(item) }
        var result = writer.finish(finalNewline: conventions.finalNewline)
        result.notes = outcomes.compactMap { outcome in
            guard case .restored(_, _, let note) = outcome else { return nil }
            return note
        }
        return result
    }

    /// The base tasks present on both sides whose order base, ours and theirs all agree on: a
    /// longest such chain, found the same way whichever side is ours. Each side keeps these in
    /// place first, so that a task neither side moved never changes rank against another.
    private func consensus(ours oursOf: [Int?], theirs theirsOf: [Int?]) -> [Bool] {
        var preferred = [Bool](repeating: false, count: base.tasks.count)
        let common = base.tasks.indices.filter { oursOf[$0] != nil && theirsOf[$0] != nil }
        let a = common.map { oursOf[$0] ?? 0 }
        let b = common.map { theirsOf[$0] ?? 0 }
        let aSorted = zip(a, a.dropFirst()).allSatisfy { $0 < $1 }
        let bSorted = zip(b, b.dropFirst()).allSatisfy { $0 < $1 }
        let ones = [Int](repeating: 1, count: common.count)
        var chosen: [Int]
        if aSorted {
            chosen = SidePlacement.heaviestIncreasingChain(values: b, weights: ones)
        } else if bSorted {
            chosen = SidePlacement.heaviestIncreasingChain(values: a, weights: ones)
        } else if common.count <= Self.consensusLimit {
            // Longest chain increasing in both orders: O(n²), over base order.
            var length = [Int](repeating: 1, count: common.count)
            var previous = [Int](repeating: -1, count: common.count)
            var top = -1
            for i in common.indices {
                for j in 0..<i where a[j] < a[i] && b[j] < b[i] && length[j] + 1 > length[i] {
                    length[i] = length[j] + 1
                    previous[i] = j
                }
                if top < 0 || length[i] > length[top] { top = i }
            }
            chosen = []
            while top >= 0 {
                chosen.append(top)
                top = previous[top]
            }
        } else {
            // Very large files with moves on both sides: the tasks in each side's own longest
            // chain (still a chain in both orders, if not the longest).
            let inA = Set(SidePlacement.heaviestIncreasingChain(values: a, weights: ones))
            chosen = SidePlacement.heaviestIncreasingChain(values: b, weights: ones).filter {
                inA.contains($0)
            }
        }
        for index in chosen { preferred[common[index]] = true }
        return preferred
    }

    /// Above this many tasks present on all three versions, with moves on both sides, the
    /// consensus chain is approximated (see ``consensus(ours:theirs:)``).
    static let consensusLimit = 3_000

    /// Lays the merge out by the position rule: base lines kept in place by the sides that
    /// still have them sit at their base position; each side's runs of moved and new lines sit
    /// right after the line that precedes them on that side; at the same point ours comes
    /// first. A task both sides moved, or both sides added, goes where the earlier of the two
    /// runs puts it (ours on a tie).
    private func layout(
        ours oursPlace: SidePlacement, theirs theirsPlace: SidePlacement,
        partners: (ours: [Int?], theirs: [Int?]), outcomes: [Outcome]
    ) -> [OutputItem] {
        var entries: [(key: Int, group: Int, side: Int, order: Int, item: OutputItem)] = []
        /// The side whose run places a moved base line, or nil when it stays at its slot.
        func mover(_ line: Int) -> Int? {
            switch (oursPlace.movedKey[line], theirsPlace.movedKey[line]) {
            case (nil, nil): return nil
            case (.some, nil): return 0
            case (nil, .some): return 1
            case (let mine?, let yours?): return mine <= yours ? 0 : 1
            }
        }
        for line in base.list.indices where mover(line) == nil {
            if let task = base.taskAtLine[line] {
                guard let item = item(outcomes[task]) else { continue }
                entries.append((SidePlacement.slot(line), 0, 0, 0, item))
            } else if let mine = oursPlace.keptLine[line], theirsPlace.keptLine[line] != nil {
                let copy = ours.list[mine]
                entries.append(
                    (
                        SidePlacement.slot(line), 0, 0, 0,
                        .line(copy.content, terminator: copy.terminator)
                    ))
            }
        }
        let sides = [
            (oursPlace, theirsPlace, ours, partners.ours),
            (theirsPlace, oursPlace, theirs, partners.theirs),
        ]
        for (sideIndex, (place, otherPlace, version, partner)) in sides.enumerated() {
            let isOurs = sideIndex == 0
            var order = 0
            for run in place.runs {
                // Runs at the same point: those that carry moved tasks first, by the base
                // line of their first one (so a moved task lands on the same line whichever
                // side is ours), then new tasks only, ours first.
                let group =
                    run.elements.lazy.compactMap { element -> Int? in
                        guard case .base(let line) = element, mover(line) == sideIndex else {
                            return nil
                        }
                        return line
                    }.min() ?? Int.max
                for element in run.elements {
                    order += 1
                    let produced: OutputItem?
                    switch element {
                    case .base(let line):
                        guard mover(line) == sideIndex, let task = base.taskAtLine[line] else {
                            continue
                        }
                        produced = item(outcomes[task])
                    case .added(let task):
                        if let other = partner[task] {
                            guard let mine = place.addedKey[task],
                                let yours = otherPlace.addedKey[other],
                                mine < yours || (mine == yours && isOurs)
                            else { continue }
                            produced = item(
                                isOurs
                                    ? addedTwice(ours.tasks[task], theirs.tasks[other])
                                    : addedTwice(ours.tasks[other], theirs.tasks[task]))
                        } else {
                            let line = version.tasks[task].line
                            produced = .line(
                                version.list[line].content,
                                terminator: isOurs ? version.list[line].terminator : nil)
                        }
                    case .blank(let line):
                        produced = .line(
                            version.list[line].content,
                            terminator: isOurs ? version.list[line].terminator : nil)
                    }
                    if let produced {
                        entries.append((run.key, group, sideIndex, order, produced))
                    }
                }
            }
        }
        entries.sort {
            ($0.key, $0.group, $0.side, $0.order) < ($1.key, $1.group, $1.side, $1.order)
        }
        return entries.map(\.item)
    }

    private func item(_ outcome: Outcome) -> OutputItem? {
        switch outcome {
        case .dropped: return nil
        case .line(let content, let oursLine):
            return .line(content, terminator: oursLine.map { ours.list[$0].terminator })
        case .conflict(let draft): return .block(draft)
        case .restored(let content, let oursLine, _):
            return .line(content, terminator: oursLine.map { ours.list[$0].terminator })
        }
    }

    /// The outcome of a task added on both sides: once when the lines are equal, else a conflict.
    private func addedTwice(_ oursTask: MergeTask, _ theirsTask: MergeTask) -> Outcome {
        if oursTask.raw == theirsTask.raw { return .line(oursTask.raw, oursLine: oursTask.line) }
        return .conflict(
            ConflictDraft(
                kind: .addAdd,
                summary: "conflict: added differently in \(options.oursLabel) and "
                    + "\(options.theirsLabel): \(quoted(oursTask))",
                ours: [oursTask.raw], base: [], theirs: [theirsTask.raw]))
    }

    /// The outcome of one base task, from its versions on both sides.
    private func outcome(
        of baseIndex: Int, ours oursIndex: Int?, theirs theirsIndex: Int?,
        archivedBy: (ours: Bool, theirs: Bool)
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
            if archivedBy.theirs {
                return afterArchive(original, kept: mine, keptInOurs: true)
            }
            return .conflict(
                ConflictDraft(
                    kind: .deleteModify,
                    summary: "conflict: deleted in \(options.theirsLabel) and modified in "
                        + "\(options.oursLabel): \(quoted(mine))",
                    ours: [mine.raw], base: [original.raw], theirs: []))
        case (nil, let yours?):
            if original.insideMarkers { return .line(yours.raw, oursLine: nil) }
            if yours.raw == original.raw { return .dropped }
            if archivedBy.ours {
                return afterArchive(original, kept: yours, keptInOurs: false)
            }
            return .conflict(
                ConflictDraft(
                    kind: .deleteModify,
                    summary: "conflict: deleted in \(options.oursLabel) and modified in "
                        + "\(options.theirsLabel): \(quoted(yours))",
                    ours: [], base: [original.raw], theirs: [yours.raw]))
        }
    }

    /// The outcome of a task that one side archived and the other side changed: it stays
    /// archived, unless the other side reopened it or changed its text; then the other side's
    /// version stays in todo.txt. `keptInOurs` tells which side kept it.
    private func afterArchive(
        _ original: MergeTask, kept: MergeTask, keptInOurs: Bool
    )
        -> Outcome
    {
        let reopened = original.item.isDone && !kept.item.isDone
        let reworded = kept.k1 != original.k1
        guard reopened || reworded else { return .dropped }
        let (archiver, editor) =
            keptInOurs
            ? (options.theirsLabel, options.oursLabel) : (options.oursLabel, options.theirsLabel)
        return .restored(
            kept.raw, oursLine: keptInOurs ? kept.line : nil,
            note: "kept: archived in \(archiver) but \(reopened ? "reopened" : "edited") in "
                + "\(editor): \(quoted(kept))")
    }

    private func quoted(_ task: MergeTask) -> String {
        "\"" + task.descriptionText + "\""
    }
}
