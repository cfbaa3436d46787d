import Testing
import TodoKit

/// Completing a recurring task brings its next occurrence back in the same write, as `todo do`.
@Suite struct RecurrenceTests {
    @Test(arguments: StoreKind.allCases)
    func completingARecurringTaskAppendsItsNextOccurrence(_ kind: StoreKind) throws {
        let files = try kind.make(
            todo: "(A) 2026-11-01 water plants due:2026-11-20 t:2026-11-18 rec:+1w\nother")
        let done = try files.store.complete(try task(1, in: files.store))
        #expect(done.line == 1)
        #expect(
            done.text == "x 2026-11-22 2026-11-01 water plants due:2026-11-20 t:2026-11-18 rec:+1w")
        #expect(
            files.todoText()
                == "x 2026-11-22 2026-11-01 water plants due:2026-11-20 t:2026-11-18 rec:+1w\n"
                + "other\n(A) 2026-11-22 water plants due:2026-11-27 t:2026-11-25 rec:+1w\n")
        let next = try #require(try files.store.snapshot().task(atLine: 3))
        #expect(!next.item.isDone)
        #expect(next.item.priority == Priority("A"))
    }

    @Test(arguments: StoreKind.allCases)
    func aTaskWithoutDatesGetsADueDate(_ kind: StoreKind) throws {
        let files = try kind.make(
            todo: "(B) pay rent rec:1m\r\n", options: testOptions(keepsPriorityOnCompletion: true))
        try files.store.complete(try task(1, in: files.store))
        #expect(
            files.todoText()
                == "x 2026-11-22 pay rent rec:1m pri:B\r\n(B) pay rent rec:1m due:2026-12-22\r\n")
    }

    @Test(arguments: StoreKind.allCases)
    func anInvalidRecurrenceCompletesWithoutANextOccurrence(_ kind: StoreKind) throws {
        let files = try kind.make(todo: "stretch rec:sometimes\n")
        try files.store.complete(try task(1, in: files.store))
        #expect(files.todoText() == "x 2026-11-22 stretch rec:sometimes\n")
    }

    @Test(arguments: StoreKind.allCases)
    func aDoneRecurringTaskDoesNotComeBackAgain(_ kind: StoreKind) throws {
        let text = "x 2026-11-20 stretch rec:1d\n"
        let files = try kind.make(todo: text)
        try files.store.complete(try task(1, in: files.store))
        #expect(files.todoText() == text)
    }
}
