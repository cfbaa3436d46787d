import Testing
import TodoTxt

/// The library example of the README, compiled and checked.
@Suite struct ReadmeExampleTests {
    @Test func theReadmeExampleDoesWhatItSays() throws {
        let list = TodoList(parsing: "(A) 2026-11-20 Call mom +family @phone due:2026-11-25\n")
        var item = list[0].item
        #expect(item.priority == Priority("A"))
        #expect(item.creationDate == LocalDate(year: 2026, month: 11, day: 20))
        #expect(item.projects == ["family"])
        #expect(item.dateTag("due") == LocalDate(year: 2026, month: 11, day: 25))
        item.complete(
            on: try #require(LocalDate(year: 2026, month: 11, day: 22)), keepingPriority: true)
        #expect(item.text == "x 2026-11-22 2026-11-20 Call mom +family @phone due:2026-11-25 pri:A")
        var edited = list
        edited.replaceLine(at: 0, with: item)
        #expect(edited.serialized() == Array((item.text + "\n").utf8))
    }
}
