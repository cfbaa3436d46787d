import Testing
import TodoTerminal

@Suite struct LineEditorTests {
    /// Types `text` key by key.
    func type(_ text: String, into editor: inout LineEditor) {
        for scalar in text.unicodeScalars { #expect(editor.handle(.text(scalar)) == .edited) }
    }

    @Test func typingInsertsAtTheCursor() {
        var editor = LineEditor()
        type("buy milk", into: &editor)
        for _ in 0..<4 { _ = editor.handle(.left) }
        type("oat ", into: &editor)
        #expect(editor.text == "buy oat milk")
        #expect(editor.beforeCursor == "buy oat ")
    }

    @Test func homeEndAndTheirControlKeys() {
        var editor = LineEditor(text: "call mom")
        #expect(editor.beforeCursor == "call mom")
        _ = editor.handle(.home)
        #expect(editor.beforeCursor == "" && editor.afterCursor == "call mom")
        _ = editor.handle(.end)
        #expect(editor.afterCursor == "")
        _ = editor.handle(.control("a"))
        type("(A) ", into: &editor)
        _ = editor.handle(.control("e"))
        type(" +family", into: &editor)
        #expect(editor.text == "(A) call mom +family")
    }

    @Test func movesStopAtTheEnds() {
        var editor = LineEditor(text: "ab")
        #expect(editor.handle(.right) == .ignored)
        #expect(editor.handle(.left) == .edited)
        #expect(editor.handle(.control("b")) == .edited)
        #expect(editor.handle(.left) == .ignored)
        #expect(editor.handle(.backspace) == .ignored)
        #expect(editor.handle(.control("f")) == .edited)
        #expect(editor.beforeCursor == "a")
    }

    @Test func backspaceAndDeleteTakeWholeCharacters() {
        var editor = LineEditor(text: "née 語👨‍👩‍👧x")
        #expect(editor.handle(.backspace) == .edited)
        #expect(editor.handle(.backspace) == .edited)
        #expect(editor.text == "née 語")
        _ = editor.handle(.home)
        _ = editor.handle(.right)
        #expect(editor.handle(.delete) == .edited)
        #expect(editor.text == "ne 語")
        _ = editor.handle(.left)
        #expect(editor.handle(.control("d")) == .edited)
        #expect(editor.text == "e 語")
        _ = editor.handle(.end)
        #expect(editor.handle(.delete) == .ignored)
    }

    @Test func killKeys() {
        var editor = LineEditor(text: "one two  three")
        _ = editor.handle(.control("w"))
        #expect(editor.text == "one two  ")
        _ = editor.handle(.control("w"))
        #expect(editor.text == "one ")
        _ = editor.handle(.control("w"))
        #expect(editor.text == "")
        editor = LineEditor(text: "keep this|drop that")
        for _ in 0..<10 { _ = editor.handle(.left) }
        _ = editor.handle(.control("k"))
        #expect(editor.text == "keep this")
        _ = editor.handle(.left)
        _ = editor.handle(.control("u"))
        #expect(editor.text == "s")
        #expect(editor.beforeCursor == "")
    }

    @Test func enterSubmitsEscCancelsOtherKeysAreLeftToTheCaller() {
        var editor = LineEditor(text: "x")
        #expect(editor.handle(.enter) == .submitted("x"))
        #expect(editor.handle(.escape) == .cancelled)
        #expect(editor.handle(.control("c")) == .ignored)
        #expect(editor.handle(.pageUp) == .ignored)
        #expect(editor.handle(.unknown([0x1B, 0x4F, 0x50])) == .ignored)
        #expect(editor.text == "x")
    }

    @Test func pastedControlsNeverReachTheText() {
        var editor = LineEditor(text: "a\u{1B}b")
        #expect(editor.text == "ab")
        _ = editor.handle(.paste("one\ttwo\r\nthree\u{7}\u{9B}"))
        #expect(editor.text == "abone two  three")
    }

    @Test func tabCompletesTheWordBeforeTheCursor() {
        let words = ["+home", "+hobby", "@phone", "due:"]
        func complete(_ word: Substring) -> [String] { words.filter { $0.hasPrefix(word) } }
        var editor = LineEditor(text: "call mom @p")
        #expect(editor.handle(.tab, complete: complete) == .edited)
        #expect(editor.text == "call mom @phone ")
        type("+h", into: &editor)
        #expect(editor.handle(.tab, complete: complete) == .candidates(["+home", "+hobby"]))
        #expect(editor.text == "call mom @phone +ho")
        type("m", into: &editor)
        _ = editor.handle(.tab, complete: complete)
        #expect(editor.text == "call mom @phone +home ")
        type("d", into: &editor)
        _ = editor.handle(.tab, complete: complete)
        #expect(editor.text == "call mom @phone +home due: ")
        type("zz", into: &editor)
        #expect(editor.handle(.tab, complete: complete) == .candidates([]))
        #expect(editor.text == "call mom @phone +home due: zz")
    }

    @Test func completingInTheMiddleKeepsTheRest() {
        var editor = LineEditor(text: "a +pr b")
        _ = editor.handle(.left)
        _ = editor.handle(.left)
        #expect(editor.handle(.tab) { _ in ["+project"] } == .edited)
        #expect(editor.text == "a +project b")
        #expect(editor.beforeCursor == "a +project")
    }

    @Test func theVisiblePartFollowsTheCursor() {
        var editor = LineEditor(text: "0123456789")
        #expect(editor.visible(width: 20) == ("0123456789", 10))
        #expect(editor.visible(width: 8) == ("3456789", 7))
        _ = editor.handle(.home)
        #expect(editor.visible(width: 8) == ("01234567", 0))
        editor = LineEditor(text: "語語語語")
        #expect(editor.visible(width: 6) == ("語語", 4))
        _ = editor.handle(.left)
        #expect(editor.visible(width: 6) == ("語語語", 4))
        #expect(editor.visible(width: 0) == ("", 0))
    }
}
