import Testing
import TodoTxt

/// File bytes and the lines (content, terminator) and BOM flag the file layer must find.
struct FileCase: Sendable, CustomTestStringConvertible {
    let rule: String
    let file: [UInt8]
    let lines: [(String, LineTerminator)]
    let bom: Bool

    init(_ rule: String, _ file: String, _ lines: [(String, LineTerminator)], bom: Bool = false) {
        self.rule = rule
        self.file = bytes(file)
        self.lines = lines
        self.bom = bom
    }

    var testDescription: String { "\(rule): \(visible(file))" }
}

private let bom = "\u{FEFF}"

@Suite struct TodoListTests {
    static let cases: [FileCase] = [
        FileCase("F1", "a\n# b\n(A) c\n", [("a", .lf), ("# b", .lf), ("(A) c", .lf)]),
        FileCase("F2", bom + "(A) foo\n", [("(A) foo", .lf)], bom: true),
        FileCase("F2", bom, [], bom: true),
        FileCase("F2", bom + "\n", [("", .lf)], bom: true),
        FileCase("F2", "a\n" + bom + "b", [("a", .lf), (bom + "b", .none)]),
        FileCase("F2", bom + bom + "x", [(bom + "x", .none)], bom: true),
        FileCase("F2", "\u{EF}\u{BB}", [("\u{EF}\u{BB}", .none)]),
        FileCase("F3", "a\r\nb\n", [("a", .crlf), ("b", .lf)]),
        FileCase("F3", "a\r\r\n", [("a\r", .crlf)]),
        FileCase("F3", "a\rb\n", [("a\rb", .lf)]),
        FileCase("F3", "a\r", [("a\r", .none)]),
        FileCase("F3", "\r", [("\r", .none)]),
        FileCase("F3", "\r\n", [("", .crlf)]),
        FileCase("F3", "\r\n\r\n", [("", .crlf), ("", .crlf)]),
        FileCase("F3", "\n\r", [("", .lf), ("\r", .none)]),
        FileCase("F3", "a\u{2028}b\u{2029}c\n", [("a\u{2028}b\u{2029}c", .lf)]),
        FileCase("F3", "a\u{85}b\u{0B}c\u{0C}d", [("a\u{85}b\u{0B}c\u{0C}d", .none)]),
        FileCase("F3", "a\nb\r\nc", [("a", .lf), ("b", .crlf), ("c", .none)]),
        FileCase("F4", "", []),
        FileCase("F4", "\n", [("", .lf)]),
        FileCase("F4", "a\nb", [("a", .lf), ("b", .none)]),
        FileCase("F4", "a\nb\n", [("a", .lf), ("b", .lf)]),
        FileCase("F4", "\n\n", [("", .lf), ("", .lf)]),
        FileCase("F4", "a", [("a", .none)]),
        FileCase("F6", "a\n\n  \t\nb\n", [("a", .lf), ("", .lf), ("  \t", .lf), ("b", .lf)]),
        FileCase("F7", "\n\nthird\n", [("", .lf), ("", .lf), ("third", .lf)]),
        FileCase("B.20", "a\r\nb\rc\u{2028}d\n", [("a", .crlf), ("b\rc\u{2028}d", .lf)]),
        FileCase("B.21", bom + "x 2024-01-01 done\r\n", [("x 2024-01-01 done", .crlf)], bom: true),
        FileCase("B.22", " \n\t\n", [(" ", .lf), ("\t", .lf)]),
        FileCase("B.23", "# comment\n", [("# comment", .lf)]),
    ]

    @Test("Part A file layer and Part B file resolutions", arguments: cases)
    func split(_ test: FileCase) {
        let list = TodoList(bytes: test.file)
        #expect(list.count == test.lines.count)
        #expect(list.hasByteOrderMark == test.bom)
        for (index, expected) in test.lines.enumerated() where index < list.count {
            #expect(Array(list[index].content) == bytes(expected.0))
            #expect(list[index].terminator == expected.1)
        }
        // F5: an unchanged file serializes to its exact bytes.
        #expect(list.serialized() == test.file)
        #expect(list.endsWithTerminator == (list.last.map { $0.terminator != .none } ?? true))
    }

    @Test("F2/B.21: the BOM is not part of line 1, so its header parses")
    func bomHeader() {
        let list = TodoList(parsing: bom + "(A) 2024-01-01 foo\nx 2024-02-01 bar\n")
        #expect(list[0].item.priority?.description == "A")
        #expect(list[0].item.creationDate == date("2024-01-01"))
        #expect(list[1].item.isDone)
        #expect(list.items.count == 2)
        #expect(list.serialized().starts(with: [0xEF, 0xBB, 0xBF]))
    }

    @Test("F6/F7: blank lines are lines; they are blank and counted")
    func blankLines() {
        let list = TodoList(parsing: "a\n\n \t\nx \n(A) \nb")
        #expect(list.map(\.isBlank) == [false, true, true, false, false, false])
        #expect(list.map { $0.item.isBlank } == [false, true, true, false, false, false])
        #expect(list[2].item.description == " \t")
        #expect(list[5].text == "b")
        #expect(list.items.map(\.description) == ["a", "", " \t", "", "", "b"])
    }

    @Test("F3: the terminator's bytes")
    func terminatorBytes() {
        #expect(LineTerminator.none.bytes == [])
        #expect(LineTerminator.lf.bytes == [0x0A])
        #expect(LineTerminator.crlf.bytes == [0x0D, 0x0A])
    }

    @Test(
        "F5: replaceLine keeps the line's terminator and every other byte",
        arguments: [
            ("a\r\nb\nc", 0, "z", "z\r\nb\nc"),
            ("a\r\nb\nc", 1, "z", "a\r\nz\nc"),
            ("a\r\nb\nc", 2, "z", "a\r\nb\nz"),
            ("\u{FEFF}a\nb\n", 0, "", "\u{FEFF}\nb\n"),
            ("a\n\nb\n", 1, "(A) new", "a\n(A) new\nb\n"),
            ("a\nb", 1, "", "a\n\n"),
            ("a\r\nb", 1, "", "a\r\n\r\n"),
            ("a", 0, "", "\n"),
        ])
    func replaceLine(_ file: String, _ index: Int, _ content: String, _ expected: String) {
        var list = TodoList(parsing: file)
        let terminator = list[index].terminator
        list.replaceLine(at: index, with: bytes(content))
        // An emptied last line without terminator gets one, or it would vanish (F4).
        let kept = content.isEmpty && terminator == .none ? list.newLineTerminator : terminator
        #expect(list[index].terminator == kept)
        #expect(list.serialized() == bytes(expected))
        var viaItem = TodoList(parsing: file)
        viaItem.replaceLine(at: index, with: TODOItem(parsing: content))
        #expect(viaItem == list)
    }

    @Test(
        "F5: appendLine takes the first line's terminator, or LF",
        arguments: [
            ("", "c\n"),
            ("\u{FEFF}", "\u{FEFF}c\n"),
            ("a", "a\nc\n"),
            ("a\n", "a\nc\n"),
            ("a\nb", "a\nb\nc\n"),
            ("a\r\nb\n", "a\r\nb\nc\r\n"),
            ("a\r\nb", "a\r\nb\r\nc\r\n"),
            ("a\nb\r\n", "a\nb\r\nc\n"),
            ("\u{FEFF}a\r\n", "\u{FEFF}a\r\nc\r\n"),
            ("\n", "\nc\n"),
        ])
    func appendLine(_ file: String, _ expected: String) {
        var list = TodoList(parsing: file)
        let index = list.appendLine(bytes("c"))
        #expect(index == list.count - 1)
        #expect(list.serialized() == bytes(expected))
        var viaItem = TodoList(parsing: file)
        viaItem.append(TODOItem(parsing: "c"))
        #expect(viaItem == list)
    }

    @Test("F5: newLineTerminator and endsWithTerminator")
    func terminatorState() {
        #expect(TodoList().newLineTerminator == .lf)
        #expect(TodoList().endsWithTerminator)
        #expect(TodoList(parsing: "a").newLineTerminator == .lf)
        #expect(!TodoList(parsing: "a").endsWithTerminator)
        #expect(TodoList(parsing: "a\r\nb\n").newLineTerminator == .crlf)
        #expect(TodoList(parsing: "a\nb\r\n").newLineTerminator == .lf)
        #expect(TodoList(parsing: "a\r\nb").endsWithTerminator == false)
    }

    @Test("F3/F5: a last line ending in CR keeps its content when a line is appended")
    func appendAfterTrailingCR() {
        var list = TodoList(parsing: "x\na\r")
        list.appendLine(bytes("b"))
        let reread = TodoList(bytes: list.serialized())
        #expect(reread.count == 3)
        #expect(reread.map { Array($0.content) } == list.map { Array($0.content) })
        #expect(reread.map(\.terminator) == list.map(\.terminator))
        #expect(Array(reread[1].content) == bytes("a\r"))
    }

    @Test("F4/F7: emptying a last line without terminator keeps it a line")
    func emptyLastLine() {
        var list = TodoList(parsing: "a\nb")
        list.replaceLine(at: 1, with: [])
        #expect(list.count == 2)
        #expect(TodoList(bytes: list.serialized()).count == 2)
    }

    @Test("F3: replacing a line with content that ends in CR keeps that CR")
    func replaceWithTrailingCR() {
        var list = TodoList(parsing: "a\nb\n")
        list.replaceLine(at: 0, with: bytes("z\r"))
        let reread = TodoList(bytes: list.serialized())
        #expect(reread.count == 2)
        #expect(Array(reread[0].content) == bytes("z\r"))
        #expect(Array(list[0].content) == bytes("z\r"))
    }

    @Test(
        "removeLine and removeLines drop lines with their terminators",
        arguments: [
            ("a\nb\nc\n", [1], "a\nc\n"),
            ("a\nb\nc\n", [0, 2], "b\n"),
            ("a\nb\nc\n", [2, 0, 2], "b\n"),
            ("a\r\nb\nc", [2], "a\r\nb\n"),
            ("\u{FEFF}a\nb\n", [0, 1], "\u{FEFF}"),
            ("a\nb\n", [], "a\nb\n"),
        ])
    func remove(_ file: String, _ indices: [Int], _ expected: String) {
        var list = TodoList(parsing: file)
        list.removeLines(at: indices)
        #expect(list.serialized() == bytes(expected))
        if indices.count == 1, let index = indices.first {
            var single = TodoList(parsing: file)
            single.removeLine(at: index)
            #expect(single == list)
        }
    }

    @Test("F7: the task number is the index plus one, blank lines included")
    func lineNumbers() {
        let list = TodoList(parsing: "first\n\n  \nfourth\n")
        let numbered = list.enumerated().filter { !$0.element.isBlank }.map {
            ($0.offset + 1, $0.element.text)
        }
        #expect(numbered.map(\.0) == [1, 4])
        #expect(numbered.map(\.1) == ["first", "fourth"])
    }

    @Test("Equality compares serialized bytes")
    func equality() {
        #expect(TodoList(parsing: "a\n") == TodoList(parsing: "a\n"))
        #expect(TodoList(parsing: "a\n") != TodoList(parsing: "a\r\n"))
        #expect(TodoList(parsing: "a") != TodoList(parsing: "a\n"))
        #expect(TodoList(parsing: bom + "a") != TodoList(parsing: "a"))
    }

    /// Lines longer than a line's place can say (two MiB and more), read and added, keep their
    /// whole content, and the file its bytes.
    @Test func longLinesKeepTheirLength() {
        let long = [UInt8](repeating: 0x61, count: 3 << 20)
        let file = Array("short\r\n".utf8) + long + [0x0D, 0x0A] + long
        var list = TodoList(bytes: file)
        #expect(list.count == 3)
        #expect(list[1].content.count == long.count && list[1].terminator == .crlf)
        #expect(list[2].content.count == long.count && list[2].terminator == .none)
        #expect(list.serialized() == file)
        let added = list.appendLine(long + [0x62, 0x0D])
        list.replaceLine(at: 0, with: long + [0x63])
        #expect(list[added].content == (long + [0x62, 0x0D])[...])
        #expect(list[added].terminator == .crlf)
        #expect(list[0].content == (long + [0x63])[...])
        #expect(list[2].terminator == .crlf)
        #expect(
            list.serialized()
                == long + [0x63, 0x0D, 0x0A] + long + [0x0D, 0x0A] + long + [0x0D, 0x0A] + long
                + [0x62, 0x0D, 0x0D, 0x0A])
        var pieces: [UInt8] = []
        list.withSerializedPieces { for piece in $0 { pieces += piece } }
        #expect(pieces == list.serialized())
        // The pointer view of the lines finds the long lengths too.
        let contents = list.map { Array($0.content) }
        list.withLineBytes { lines in
            #expect(lines.count == contents.count)
            for index in contents.indices { #expect(Array(lines[index]) == contents[index]) }
        }
    }
}
