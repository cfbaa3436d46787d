import Testing
import TodoKit
import TodoTerminal
import TodoUI

/// The `/` prompt: `todo query` expressions, plain words, and errors that keep it open.
@Suite struct FilterTests {
    static let file =
        "(A) Call Mom +family\nBuy milk @store\nx 2026-11-20 call plumber\nPay rent due:2026-11-30\n"

    @Test func plainWordsMatchTheText() {
        var model = TaskListModel(store: memoryStore(Self.file))
        model.type("/call")
        model.press(.enter)
        #expect(model.prompt == nil)
        #expect(model.rowTexts == ["(A) Call Mom +family"])
        model.type("3")
        #expect(model.rowTexts == ["(A) Call Mom +family", "x 2026-11-20 call plumber"])
        #expect(model.filter.text == "call")
    }

    @Test func expressionsFilter() {
        var model = TaskListModel(store: memoryStore(Self.file))
        model.type("/due<=+1w or @store")
        model.press(.enter)
        #expect(model.rowTexts == ["Buy milk @store", "Pay rent due:2026-11-30"])
    }

    @Test func anInvalidExpressionShowsTheColumnAndKeepsThePrompt() {
        let store = memoryStore(Self.file)
        var model = TaskListModel(store: store)
        model.type("/+family pri:AA")
        model.press(.enter)
        #expect(model.prompt?.editor.text == "+family pri:AA")
        #expect(model.status?.isError == true)
        #expect(model.status?.text.hasPrefix("filter: invalid priority 'AA' at column 13") == true)
        #expect(model.filter.text.isEmpty)
        #expect(model.rows.count == 3)
        model.press(.backspace)
        model.press(.enter)
        #expect(model.prompt == nil)
        #expect(model.rowTexts == ["(A) Call Mom +family"])
    }

    @Test func aRangeThatRunsBackwardsTodayIsAnErrorToo() {
        var model = TaskListModel(store: memoryStore(Self.file))
        model.type("/due:+1w..today")
        model.press(.enter)
        #expect(model.prompt != nil)
        #expect(model.status?.isError == true)
    }

    @Test func anEmptyFilterClearsIt() {
        var model = TaskListModel(store: memoryStore(Self.file))
        model.type("/milk")
        model.press(.enter)
        #expect(model.rows.count == 1)
        model.type("/")
        #expect(model.prompt?.editor.text == "milk")
        model.press(.control("u"))
        model.press(.enter)
        #expect(model.filter.text.isEmpty)
        #expect(model.rows.count == 3)
    }

    @Test func escapeLeavesTheFilterAsItWas() {
        var model = TaskListModel(store: memoryStore(Self.file))
        model.type("/milk")
        model.press(.escape)
        #expect(model.prompt == nil)
        #expect(model.filter.text.isEmpty)
    }
}
