/// Every built-in action, in the order `help` and `shorthelp` list them. Dispatch, `help`,
/// `shorthelp`, `completion --list actions` and the completion scripts all read this list.
///
/// To add an action (`postpone`, `tag`, `undo`, `language-server`, `ui`, `git sync`, ...):
/// write one file `Actions/<Name>Action.swift` with a type that conforms to ``Action`` (names,
/// synopsis, help, completion, whether it writes, its argument parsing and `run(in:)`), and add
/// its type to this list. Nothing else needs to change.
enum ActionRegistry {
    /// The actions.
    static let all: [any Action.Type] = [
        AddAction.self,
        AddMultipleAction.self,
        AddToAction.self,
        AppendAction.self,
        ArchiveAction.self,
        CheckAction.self,
        CommandAction.self,
        CompletionAction.self,
        DeduplicateAction.self,
        DeleteAction.self,
        DeprioritizeAction.self,
        DoneAction.self,
        EditAction.self,
        ExportAction.self,
        GitAction.self,
        HelpAction.self,
        LanguageServerAction.self,
        ListAction.self,
        ListAllAction.self,
        ListAddonsAction.self,
        ListContextsAction.self,
        ListFileAction.self,
        ListPriorityAction.self,
        ListProjectsAction.self,
        MergeAction.self,
        MoveAction.self,
        PostponeAction.self,
        PrependAction.self,
        PrioritizeAction.self,
        QueryAction.self,
        ReplaceAction.self,
        ReportAction.self,
        ShortHelpAction.self,
        TagAction.self,
        UndoAction.self,
        UIAction.self,
    ]

    /// The action one of whose names is `name` (already lower-cased).
    static func named(_ name: String) -> (any Action.Type)? {
        all.first { $0.names.contains(name) }
    }

    /// The names of the actions whose completion is `kind`, aliases included.
    static func names(completing kind: CompletionKind) -> [String] {
        all.filter { $0.completion == kind }.flatMap { $0.names }
    }

    /// The name of `names` nearest to the unknown `name`, when it is near enough to be what was
    /// meant: at most one edit away (a letter added, dropped, changed, or two neighbours swapped),
    /// or two for names of five letters or more. Of equally near names, the one sharing the
    /// longest beginning with `name` wins (`lst` means `ls` rather than `list`), then the earlier.
    static func closest(to name: String, among names: [String]) -> String? {
        let typed = Array(name.utf8)
        let limit = typed.count >= 5 ? 2 : 1
        var best: (name: String, distance: Int, prefix: Int)?
        for candidate in names {
            let bytes = Array(candidate.utf8)
            let distance = editDistance(typed, bytes)
            let prefix = zip(typed, bytes).prefix { $0 == $1 }.count
            guard distance <= limit else { continue }
            if let current = best,
                current.distance < distance
                    || (current.distance == distance && current.prefix >= prefix)
            {
                continue
            }
            best = (candidate, distance, prefix)
        }
        return best?.name
    }

    /// The optimal string alignment distance: insertions, deletions, substitutions and swaps of
    /// two neighbouring bytes each count one.
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(
                    table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, table[i - 2][j - 2] + 1)
                }
                table[i][j] = value
            }
        }
        return table[a.count][b.count]
    }
}
