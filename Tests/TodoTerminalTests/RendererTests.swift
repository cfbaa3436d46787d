import TestSupport
import Testing
import TodoTerminal

/// The SGR codes the virtual screen records for a style, worked out apart from
/// `Style.sequence`.
func codes(_ style: Style) -> [String] {
    var codes: [String] = []
    let attributes: [(Style.Attributes, String)] = [
        (.bold, "1"), (.dim, "2"), (.italic, "3"), (.underline, "4"), (.blink, "5"),
        (.reverse, "7"),
    ]
    for (attribute, code) in attributes where style.attributes.contains(attribute) {
        codes.append(code)
    }
    func colour(_ colour: Style.Color, _ normal: Int, _ bright: Int) -> String {
        switch colour {
        case .basic(let index) where index < 8: String(normal + Int(index))
        case .basic(let index): String(bright + Int(index) - 8)
        case .palette(let index): "\(normal + 8);5;\(index)"
        case .rgb(let red, let green, let blue): "\(normal + 8);2;\(red);\(green);\(blue)"
        }
    }
    if let foreground = style.foreground { codes.append("fg=" + colour(foreground, 30, 90)) }
    if let background = style.background { codes.append("bg=" + colour(background, 40, 100)) }
    return codes
}

/// The SGR sequences (`ESC [ … m`) in terminal output.
func sgrSequences(_ output: [UInt8]) -> Int {
    var count = 0
    var index = 0
    while index + 1 < output.count {
        if output[index] == 0x1B && output[index + 1] == 0x5B {
            var end = index + 2
            while end < output.count, (0x30...0x3F).contains(output[end]) { end += 1 }
            if end < output.count && output[end] == 0x6D { count += 1 }
            index = end
        } else {
            index += 1
        }
    }
    return count
}

/// Checks that the virtual screen shows `frame` cell for cell, with no problems; returns
/// whether it does.
@discardableResult
func expectScreen(
    _ screen: VirtualScreen, shows frame: Frame, colour: Bool = true,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    guard screen.problems.isEmpty else {
        Issue.record("\(screen.problems)", sourceLocation: sourceLocation)
        return false
    }
    for row in 0..<frame.height {
        guard screen.text(ofRow: row) == frame.text(ofRow: row) else {
            Issue.record(
                "row \(row): '\(screen.text(ofRow: row))' != '\(frame.text(ofRow: row))'",
                sourceLocation: sourceLocation)
            return false
        }
        for column in 0..<frame.width where !frame[row, column].isContinuation {
            let expected = colour ? codes(frame[row, column].style) : []
            if screen.cells[row][column].codes != expected {
                Issue.record(
                    "row \(row) column \(column): \(screen.cells[row][column].codes) != \(expected)",
                    sourceLocation: sourceLocation)
                return false
            }
        }
    }
    let cursorRight =
        frame.cursor.map {
            screen.cursorVisible && screen.row == $0.row && screen.column == $0.column
        } ?? !screen.cursorVisible
    #expect(cursorRight, "cursor", sourceLocation: sourceLocation)
    return cursorRight
}

/// A task list screen as the view draws it: a header, numbered rows, the selection in reverse
/// video and marked with `>`, a status line.
func listFrame(
    width: Int, height: Int, tasks: [String], selected: Int, status: String = ""
) -> Frame {
    var frame = Frame(width: width, height: height)
    frame.draw(
        [Span("todo.txt", style: Style(attributes: .bold)), Span("  open  priority, text  ")]
            + [Span("\(tasks.count) of \(tasks.count)")],
        row: 0, column: 0)
    let yellow = Style(foreground: .basic(3), attributes: .bold)
    for (index, task) in tasks.prefix(height - 2).enumerated() {
        let row = index + 1
        let marker = index == selected ? ">" : " "
        let number = String(index + 1)
        let padded = String(repeating: " ", count: 3 - number.count) + number
        frame.draw(
            [
                Span(marker + padded + " "),
                Span(task, style: task.hasPrefix("(A)") ? yellow : .plain),
            ],
            row: row, column: 0)
        if index == selected { frame.restyle(row: row) { $0 = $0.reversed } }
    }
    frame.draw(status, style: Style(foreground: .palette(244)), row: height - 1, column: 0)
    return frame
}

let sampleTasks = [
    "(A) 2026-11-20 call the landlord about the heating +home @phone due:2026-11-25",
    "buy 牛乳 and パン at the 商店街 @shopping",
    "x 2026-11-21 2026-11-19 file the tax return +admin",
    "plan the trip 🏔️ to the mountains with 👨‍👩‍👧 +family",
    "read \u{1B}]0;pwned\u{07} and \u{1B}[2J and \u{9B}31m carefully",
    "(B) review the résumé of Zoë +hiring",
    "tabs\tin\tthe\ttext",
]

@Suite struct RendererTests {
    static let sizes = [(80, 24), (20, 5), (200, 60)]

    @Test(arguments: sizes)
    func fullFrameOnAFreshScreen(width: Int, height: Int) {
        let frame = listFrame(
            width: width, height: height, tasks: sampleTasks, selected: 1, status: "3 completed")
        var renderer = Renderer(usesColor: true)
        var screen = VirtualScreen(width: width, height: height)
        screen.apply(renderer.render(frame))
        expectScreen(screen, shows: frame)
        #expect(screen.text(ofRow: 0).hasPrefix("todo.txt"))
        #expect(screen.has("1", row: 0, column: 0))
        #expect(screen.text(ofRow: 2).hasPrefix(">  2 buy 牛"))
        #expect(screen.has("7", row: 2, column: width - 1))
        #expect(!screen.has("7", row: 1, column: 0))
    }

    @Test(arguments: sizes)
    func rowsAreCutWithAnEllipsisToTheWidth(width: Int, height: Int) {
        let long = String(repeating: "word 語 ", count: 60)
        var frame = Frame(width: width, height: height)
        for row in 0..<height {
            frame.draw(String(repeating: "x", count: row) + long, row: row, column: 0)
        }
        var renderer = Renderer(usesColor: true)
        var screen = VirtualScreen(width: width, height: height)
        screen.apply(renderer.render(frame))
        expectScreen(screen, shows: frame)
        for row in 0..<height {
            let text = screen.text(ofRow: row)
            #expect(text.hasSuffix("…"), "row \(row)")
            #expect(VisibleText.width(text) == width, "row \(row)")
        }
    }

    @Test func aWideGlyphThatWouldStraddleTheCutLeavesABlankBeforeTheEllipsis() {
        var frame = Frame(width: 20, height: 5)
        let used = frame.draw("abcdefghijklmnopq語語語", row: 0, column: 0)
        #expect(used == 20)
        #expect(frame.text(ofRow: 0) == "abcdefghijklmnopq語…")
        frame.draw("abcdefghijklmnopqr語語語", row: 1, column: 0)
        #expect(frame.text(ofRow: 1) == "abcdefghijklmnopqr …")
        frame.draw("abcdefghijklmnopqrs語", row: 2, column: 0)
        #expect(frame.text(ofRow: 2) == "abcdefghijklmnopqrs…")
        frame.draw("語語語語語語語語語語", row: 3, column: 0)
        #expect(frame.text(ofRow: 3) == "語語語語語語語語語語")
        var renderer = Renderer(usesColor: true)
        var screen = VirtualScreen(width: 20, height: 5)
        screen.apply(renderer.render(frame))
        expectScreen(screen, shows: frame)
        #expect(screen.rows[0] == "abcdefghijklmnopq語…")
    }

    @Test func aLimitCutsBeforeTheEdge() {
        var frame = Frame(width: 20, height: 5)
        #expect(frame.draw("left column text", row: 0, column: 0, limit: 8) == 8)
        #expect(frame.draw("right", row: 0, column: 10) == 5)
        #expect(frame.draw("short", row: 1, column: 0, limit: 8) == 5)
        #expect(frame.draw("nothing fits", row: 2, column: 0, limit: 0) == 0)
        #expect(frame.draw("off screen", row: 9, column: 0) == 0)
        #expect(frame.text(ofRow: 0) == "left co…  right     ")
        #expect(frame.text(ofRow: 1) == "short               ")
    }

    @Test func wideCharactersCountTwoColumns() {
        var frame = Frame(width: 20, height: 5)
        frame.draw("中文 😀 ok", row: 0, column: 0)
        #expect(frame[0, 0].text == "中" && frame[0, 0].width == 2)
        #expect(frame[0, 1].isContinuation)
        #expect(frame[0, 5].text == "😀")
        #expect(frame[0, 8].text == "o")
        var renderer = Renderer(usesColor: true)
        var screen = VirtualScreen(width: 20, height: 5)
        screen.apply(renderer.render(frame))
        expectScreen(screen, shows: frame)
        #expect(screen.cells[0][8].text == "o")
    }

    @Test func overwritingHalfOfAWideGlyphBlanksTheOtherHalf() {
        var frame = Frame(width: 20, height: 5)
        frame.draw("語語語", row: 0, column: 0)
        var renderer = Renderer(usesColor: true)
        var screen = VirtualScreen(width: 20, height: 5)
        screen.apply(renderer.render(frame))
        frame.draw("x", row: 0, column: 1)
        frame.draw("y", row: 0, column: 4)
        #expect(frame.text(ofRow: 0) == " x語y" + String(repeating: " ", count: 15))
        screen.apply(renderer.render(frame))
        expectScreen(screen, shows: frame)
    }

    @Test func controlCharactersInTaskTextAreShownAsEscapes() {
        let evil = "a\u{1B}]52;c;aGk=\u{07}b\u{1B}[H\u{0}\u{7F}\u{9B}2J\u{9D}0;t\u{9C}\u{8}\r\n end"
        var frame = Frame(width: 80, height: 24)
        frame.draw(evil, row: 3, column: 0)
        frame.draw(
            [Span(utf8: Array("bytes \u{1B}[31m red".utf8) + [0xFF, 0x41])], row: 4, column: 0)
        #expect(
            frame.text(ofRow: 3).hasPrefix(
                "a^[]52;c;aGk=^Gb^[[H^@^?M-^[2JM-^]0;tM-^\\^H^M^J end"))
        #expect(frame.text(ofRow: 4).hasPrefix("bytes ^[[31m red\u{FFFD}A"))
        var renderer = Renderer(usesColor: true)
        let output = renderer.render(frame)
        var screen = VirtualScreen(width: 80, height: 24)
        screen.apply(output)
        expectScreen(screen, shows: frame)
        #expect(!output.contains(0x07) && !output.contains(0x00) && !output.contains(0x0D))
        #expect(
            !String(decoding: output, as: UTF8.self).unicodeScalars.contains {
                $0.value >= 0x80 && $0.value < 0xA0
            })
    }

    @Test func aTabGoesToTheNextMultipleOfEightColumns() {
        var frame = Frame(width: 40, height: 5)
        frame.draw("ab\tc", row: 0, column: 0)
        frame.draw("x\ty", row: 1, column: 5)
        #expect(frame.text(ofRow: 0).hasPrefix("ab      c "))
        #expect(frame.text(ofRow: 1).hasPrefix("     x  y "))
    }

    @Test func withoutColourNoStyleIsSentAndTheMarkerAloneShowsTheSelection() {
        let first = listFrame(width: 80, height: 24, tasks: sampleTasks, selected: 0)
        let second = listFrame(width: 80, height: 24, tasks: sampleTasks, selected: 1)
        var renderer = Renderer(usesColor: false)
        var screen = VirtualScreen(width: 80, height: 24)
        let full = renderer.render(first)
        screen.apply(full)
        expectScreen(screen, shows: first, colour: false)
        let move = renderer.render(second)
        screen.apply(move)
        expectScreen(screen, shows: second, colour: false)
        #expect(sgrSequences(full) == 0 && sgrSequences(move) == 0)
        #expect(screen.rows[2].hasPrefix(">  2 "))
        #expect(move.count < 30, "\(move.count) bytes")
    }

    @Test(arguments: sizes)
    func movingTheSelectionOneRowWritesAFewHundredBytes(width: Int, height: Int) {
        let tasks = (1...100).map { "task number \($0) with some words +project @context" }
        var renderer = Renderer(usesColor: true)
        var screen = VirtualScreen(width: width, height: height)
        let first = listFrame(width: width, height: height, tasks: tasks, selected: 1)
        screen.apply(renderer.render(first))
        let second = listFrame(width: width, height: height, tasks: tasks, selected: 2)
        let move = renderer.render(second)
        screen.apply(move)
        expectScreen(screen, shows: second)
        #expect(move.count <= 2 * width + 80, "\(move.count) bytes for \(width) columns")
        var blank = VirtualScreen(width: width, height: height)
        blank.apply(move)
        let touched = (0..<height).filter { blank.text(ofRow: $0).contains { $0 != " " } }
        #expect(touched == [2, 3])
        #expect(move.count < 500)
        #expect(renderer.render(second).isEmpty)
    }

    @Test func aNewSizeRedrawsEverything() {
        var renderer = Renderer(usesColor: true)
        var screen = VirtualScreen(width: 80, height: 24)
        screen.apply(
            renderer.render(listFrame(width: 80, height: 24, tasks: sampleTasks, selected: 0)))
        let small = listFrame(width: 20, height: 5, tasks: sampleTasks, selected: 0)
        let output = renderer.render(small)
        #expect(String(decoding: output, as: UTF8.self).contains("\u{1B}[2J"))
        var fresh = VirtualScreen(width: 20, height: 5)
        fresh.apply(output)
        expectScreen(fresh, shows: small)
    }

    @Test func invalidatingRedrawsTheSameFrame() {
        let frame = listFrame(width: 80, height: 24, tasks: sampleTasks, selected: 0)
        var renderer = Renderer(usesColor: true)
        _ = renderer.render(frame)
        renderer.invalidate()
        var screen = VirtualScreen(width: 80, height: 24)
        screen.apply(renderer.render(frame))
        expectScreen(screen, shows: frame)
    }

    @Test func theCursorIsShownWhereAPromptWantsIt() {
        var frame = listFrame(width: 80, height: 24, tasks: sampleTasks, selected: 0)
        var renderer = Renderer(usesColor: true)
        var screen = VirtualScreen(width: 80, height: 24)
        screen.apply(renderer.render(frame))
        #expect(!screen.cursorVisible)
        frame.clear(row: 23)
        frame.draw("Add: buy milk", row: 23, column: 0)
        frame.cursor = Position(row: 23, column: 13)
        screen.apply(renderer.render(frame))
        expectScreen(screen, shows: frame)
        frame.cursor = Position(row: 23, column: 5)
        let move = renderer.render(frame)
        #expect(String(decoding: move, as: UTF8.self) == "\u{1B}[24;6H")
        screen.apply(move)
        expectScreen(screen, shows: frame)
        frame.cursor = nil
        screen.apply(renderer.render(frame))
        expectScreen(screen, shows: frame)
    }

    @Test func randomEditsAlwaysLeaveTheScreenEqualToTheFrame() {
        var generator = SeededGenerator(seed: 21)
        let pieces = ["a", "bc", " ", "語", "😀", "é", "e\u{301}", "\u{1B}", "\t", "…", "xyz", "ｱ"]
        let styles = [
            Style.plain, Style(attributes: .bold), Style(foreground: .basic(1)),
            Style(
                foreground: .rgb(1, 2, 3), background: .palette(17),
                attributes: [.underline, .reverse]),
        ]
        for (width, height) in [(20, 5), (33, 7)] {
            var renderer = Renderer(usesColor: true)
            var screen = VirtualScreen(width: width, height: height)
            var frame = Frame(width: width, height: height)
            for step in 0..<300 {
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    let spans = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                        Span(
                            (0..<Int.random(in: 1...5, using: &generator)).map { _ in
                                pieces.randomElement(using: &generator) ?? ""
                            }.joined(),
                            style: styles.randomElement(using: &generator) ?? .plain)
                    }
                    let row = Int.random(in: 0..<height, using: &generator)
                    let column = Int.random(in: 0..<width, using: &generator)
                    switch Int.random(in: 0..<6, using: &generator) {
                    case 0: frame.clear(row: row, from: column)
                    case 1: frame.restyle(row: row) { $0 = $0.reversed }
                    default:
                        frame.draw(
                            spans, row: row, column: column,
                            limit: Int.random(in: 0...width, using: &generator))
                    }
                }
                frame.cursor =
                    Bool.random(using: &generator)
                    ? Position(
                        row: height - 1, column: Int.random(in: 0..<width, using: &generator))
                    : nil
                screen.apply(renderer.render(frame))
                guard expectScreen(screen, shows: frame) else {
                    Issue.record("\(width)x\(height), step \(step)")
                    return
                }
            }
        }
    }
}
