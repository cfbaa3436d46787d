/// How a store writes new and edited tasks: the settings of `todo` that change the bytes it
/// writes. The defaults are `todo`'s defaults.
public struct TaskStoreOptions: Sendable {
    /// Whether ``TaskStore/add(_:)`` puts today's date before the text (after a priority), as
    /// `todo -t add` and `TODOTXT_DATE_ON_ADD=1` do.
    public var addsCreationDate: Bool
    /// The priority a new task gets when its text starts with none, as
    /// `TODOTXT_PRIORITY_ON_ADD` sets it.
    public var defaultPriority: Priority?
    /// Whether completing a task keeps its priority as a `pri:X` tag, as
    /// `TODOTXT_KEEP_PRIORITY=1` does.
    public var keepsPriorityOnCompletion: Bool
    /// Whether a deleted task leaves an empty line behind so that the other tasks keep their
    /// numbers (`todo`'s default); when `false`, as with `todo -n`, every empty line is removed.
    public var preservesLineNumbers: Bool
    /// Whether `due:` and `t:` values typed as words in the text of ``TaskStore/add(_:)`` and
    /// ``TaskStore/replace(_:with:)`` (`due:friday`, `t:+3d`, `due:tomorrow`) are written as
    /// dates, as `todo` does unless `TODOTXT_RELATIVE_DATES=0`.
    public var resolvesTypedDates: Bool
    /// Tells the store what day it is: for completion and creation dates, and for the relative
    /// dates of queries (`today`, `+3d`). The computer's local date by default.
    public var today: @Sendable () -> LocalDate

    /// Creates options; every argument defaults to what `todo` does without configuration,
    /// and `today` to the computer's local date.
    public init(
        addsCreationDate: Bool = false, defaultPriority: Priority? = nil,
        keepsPriorityOnCompletion: Bool = false, preservesLineNumbers: Bool = true,
        resolvesTypedDates: Bool = true, today: (@Sendable () -> LocalDate)? = nil
    ) {
        self.addsCreationDate = addsCreationDate
        self.defaultPriority = defaultPriority
        self.keepsPriorityOnCompletion = keepsPriorityOnCompletion
        self.preservesLineNumbers = preservesLineNumbers
        self.resolvesTypedDates = resolvesTypedDates
        self.today = today ?? { StorageFiles.systemToday() }
    }
}
