import Testing
import TodoKit
import TodoTerminal
import TodoUI

/// The state drawn into frames of several sizes.
@Suite struct ScreenComposerTests {
    static let file =
        "(A) Call mom @phone\nPay rent +home due:2026-11-30\nx 2026-11-20 Buy milk\n"
        + "Water plants +garden\n"

    /// The frame's rows as text, trailing blanks removed.
    static func lines(_ frame: Frame) -> [String] {
        (0..<frame.height).map { row in
            var text = frame.text(ofRow: row)
            while text.last == " " { text.removeLast() }
            return text
        }
    }

    /// The SGR sequences (`ESC [ … m`) in `text`.
    static func sgrSequences(in text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let start = rest.firstIndex(of: "\u{1B}") {
            let after = rest[rest.index(after: start)...]
            guard after.first == "[" else {
                rest = after
                continue
            }
            let body = after.dropFirst().prefix { $0.isNumber || $0 == ";" || $0 == "?" }
            let end = after.dropFirst().dropFirst(body.count)
            if end.first == "m" { found.append(String(body)) }
            rest = end
        }
        return found
    }

    @Test func anEightyByTwentyFourScreen() {
        var model = TaskListModel(store: memoryStore(Self.file))
        model.resize(rows: ScreenComposer.listHeight(forScreenHeight: 24))
        model.type("j")
        let frame = ScreenComposer(fileName: "todo.txt").frame(of: model, width: 80, height: 24)
        let lines = Self.lines(frame)
        #expect(lines[0] == "todo.txt | open | sort pri,text | 3 of 4")
        #expect(lines[1] == "  1 (A) Call mom @phone")
        #expect(lines[2] == "> 2 Pay rent +home due:2026-11-30")
        #expect(lines[3] == "  4 Water plants +garden")
        #expect(lines[4...22].allSatisfy { $0.isEmpty })
        #expect(lines[23] == ScreenComposer.hints)
        // The selected row is in reverse video across the whole width; the others are not.
        #expect((0..<80).allSatisfy { frame[2, $0].style.attributes.contains(.reverse) })
        #expect(!frame[1, 0].style.attributes.contains(.reverse))
        #expect(frame.cursor == nil)
    }

    @Test func theSmallestScreenThatShowsTheList() {
        var model = TaskListModel(store: memoryStore(Self.file))
        model.resize(rows: ScreenComposer.listHeight(forScreenHeight: 5))
        model.type("G")
        let frame = ScreenComposer(fileName: "todo.txt").frame(of: model, width: 20, height: 5)
        #expect(
            Self.lines(frame) == [
                "todo.txt | open | s…",
                "  1 (A) Call mom @p…",
                "  2 Pay rent +home …",
                "> 4 Water plants +g…",
                "a add  x done  e ed…",
            ])
    }

    @Test(arguments: [(19, 5), (20, 4), (5, 2)])
    func belowTwentyByFiveTheWindowIsTooSmall(size: (Int, Int)) {
        let model = TaskListModel(store: memoryStore(Self.file))
        let frame = ScreenComposer(fileName: "todo.txt").frame(
            of: model, width: size.0, height: size.1)
        let lines = Self.lines(frame)
        #expect(
            lines[0] == String("window too small".prefix(size.0 - 1)) + (size.0 < 16 ? "…" : ""))
        #expect(lines.dropFirst().allSatisfy { $0.isEmpty })
    }

    @Test func aLargeScreenWithALongList() {
        let lines = (1...120).map { "task number \($0) +project\($0 % 7)" }
        var model = TaskListModel(store: memoryStore(lines.joined(separator: "\n") + "\n"))
        model.type("3")
        model.type("ssss")  // back to pri,text; then file order by line for the check
        model.type("S")
        model.press(.control("u"))
        model.type("line")
        model.press(.enter)
        model.resize(rows: ScreenComposer.listHeight(forScreenHeight: 60))
        model.type("G")
        let frame = ScreenComposer(fileName: "todo.txt").frame(of: model, width: 200, height: 60)
        let text = Self.lines(frame)
        #expect(text[0] == "todo.txt | all | sort line | 120 of 120")
        // 58 rows for tasks; the last one selected, numbers padded to three digits as ls does.
        #expect(text[1] == "  063 task number 63 +project0")
        #expect(text[58] == "> 120 task number 120 +project1")
        #expect(text[59] == ScreenComposer.hints)
    }

    @Test func longLinesAreCutWithAnEllipsisAndWideCharactersCountTwo() {
        let store = memoryStore("会議の準備をする +仕事 and a long tail that goes on\n")
        let model = TaskListModel(store: store)
        let frame = ScreenComposer(fileName: "todo.txt").frame(of: model, width: 24, height: 5)
        let row = frame.text(ofRow: 1)
        // 仕 would straddle the cut: a blank takes its place before the ellipsis.
        #expect(row == "> 1 会議の準備をする + …")
        #expect((0..<24).map { Int(frame[1, $0].width) }.reduce(0, +) == 24)
    }

    @Test func controlCharactersAreDrawnAsEscapes() {
        let store = memoryStore("evil \u{1B}]52;c;AAAA\u{07} and \u{9B}2J\n")
        let model = TaskListModel(store: store)
        let frame = ScreenComposer(fileName: "todo.txt").frame(of: model, width: 80, height: 5)
        #expect(Self.lines(frame)[1] == "> 1 evil ^[]52;c;AAAA^G and M-^[2J")
        var renderer = Renderer(usesColor: true)
        let bytes = renderer.render(frame)
        #expect(!bytes.contains(0x07))
        #expect(!bytes.contains(0x9B))
        #expect(!String(decoding: bytes, as: UTF8.self).contains("\u{1B}]"))
    }

    @Test func withoutColourTheMarkerAloneShowsTheSelection() {
        var model = TaskListModel(store: memoryStore(Self.file))
        model.type("j")
        let frame = ScreenComposer(fileName: "todo.txt").frame(of: model, width: 40, height: 6)
        var renderer = Renderer(usesColor: false)
        let text = String(decoding: renderer.render(frame), as: UTF8.self)
        #expect(Self.sgrSequences(in: text).isEmpty)
        #expect(text.contains("> 2 Pay rent"))
    }

    @Test func aMoveRedrawsOnlyTheTwoRows() {
        var model = TaskListModel(store: memoryStore(Self.file))
        let composer = ScreenComposer(fileName: "todo.txt")
        var renderer = Renderer(usesColor: true)
        _ = renderer.render(composer.frame(of: model, width: 80, height: 24))
        model.type("j")
        let bytes = renderer.render(composer.frame(of: model, width: 80, height: 24))
        #expect(bytes.count < 400)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("Call mom"))
        #expect(text.contains("Pay rent"))
        #expect(!text.contains("Water plants"))
    }

    @Test func colorsAndHidingFollowTheLook() {
        let model = TaskListModel(store: memoryStore("(A) Call mom +family @phone\n"))
        let look = ListingLook(
            colours: [
                "PRI_A": Array("\u{1B}[1;33m".utf8), "COLOR_PROJECT": Array("\u{1B}[32m".utf8),
            ],
            hidesContexts: true)
        let frame = ScreenComposer(fileName: "todo.txt", look: look).frame(
            of: model, width: 60, height: 5)
        #expect(Self.lines(frame)[1] == "> 1 (A) Call mom +family")
        let call = frame[1, 8].style
        #expect(call.foreground == .basic(3))
        #expect(call.attributes.contains(.bold))
        let project = frame[1, 17].style
        #expect(project.foreground == .basic(2))
        #expect(project.attributes.contains(.bold))
    }

    @Test func aPromptShowsItsTextAndCursorAndItsErrorAbove() {
        var model = TaskListModel(store: memoryStore(Self.file))
        model.type("/pri:AA")
        model.press(.enter)
        let frame = ScreenComposer(fileName: "todo.txt").frame(of: model, width: 80, height: 10)
        let lines = Self.lines(frame)
        #expect(lines[9] == "filter: pri:AA")
        #expect(lines[8].hasPrefix("filter: invalid priority 'AA' at column 5"))
        #expect(frame.cursor == Position(row: 9, column: 14))
    }

    @Test func numbersArePaddedToTheLineCountBlankLinesIncluded() throws {
        let store = memoryStore("a\nb\nc\nd\ne\nf\ng\nh\n\ni\n")
        #expect(try store.snapshot().lineCount == 10)
        #expect(try store.snapshot().taskCount == 9)
        let model = TaskListModel(store: store)
        let frame = ScreenComposer(fileName: "todo.txt").frame(of: model, width: 30, height: 12)
        #expect(Self.lines(frame)[1] == "> 01 a")
        #expect(Self.lines(frame)[9] == "  10 i")
    }

    @Test func theHeaderShowsTheFilter() {
        var model = TaskListModel(store: memoryStore(Self.file))
        model.type("/+home")
        model.press(.enter)
        let frame = ScreenComposer(fileName: "todo.txt").frame(of: model, width: 80, height: 10)
        #expect(Self.lines(frame)[0] == "todo.txt | open | sort pri,text | filter +home | 1 of 4")
    }
}
