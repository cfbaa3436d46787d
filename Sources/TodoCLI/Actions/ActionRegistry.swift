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
        ListAction.self,
        ListAllAction.self,
        ListAddonsAction.self,
        ListContextsAction.self,
        ListFileAction.self,
        ListPriorityAction.self,
        ListProjectsAction.self,
        MergeAction.self,
        MoveAction.self,
        PrependAction.self,
        PrioritizeAction.self,
        QueryAction.self,
        ReplaceAction.self,
        ReportAction.self,
        ShortHelpAction.self,
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
}
