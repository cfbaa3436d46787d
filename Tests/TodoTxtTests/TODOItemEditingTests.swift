import TestSupport
import Testing
import TodoTxt

/// A line, an edit, and the line the edit must give (or the error it must throw).
struct EditCase: Sendable, CustomTestStringConvertible {
    let rule: String
    let before: String
    let edit: String
    let apply: @Sendable (inout TODOItem) throws -> Void
    let expected: Result<String, TODOItemError>

    init(
        _ rule: String, _ before: String, _ edit: String, _ after: String,
        _ apply: @escaping @Sendable (inout TODOItem) throws -> Void
    ) {
        self.rule = rule
        self.before = before
        self.edit = edit
        self.apply = apply
        self.expected = .success(after)
    }

    init(
        _ rule: String, _ before: String, _ edit: String, throws error: TODOItemError,
        _ apply: @escaping @Sendable (inout TODOItem) throws -> Void
    ) {
        self.rule = rule
        self.before = before
        self.edit = edit
        self.apply = apply
        self.expected = .failure(error)
    }

    var testDescription: String {
        switch expected {
        case .success(let after): "\(rule): \(visible(before)) \(edit) -> \(visible(after))"
        case .failure(let error): "\(rule): \(visible(before)) \(edit) throws \(error)"
        }
    }
}

/// 2024-02-01, the completion date of every edit here.
private func day() throws -> LocalDate { try #require(LocalDate(year: 2024, month: 2, day: 1)) }

@Suite struct TODOItemEditingTests {
    static let cases: [EditCase] = [
        // C.1: complete.
        EditCase("C.1", "(A) 2024-01-01 call mom", "complete", "x 2024-02-01 2024-01-01 call mom") {
            $0.complete(on: try day())
        },
        EditCase("C.1", "call mom", "complete", "x 2024-02-01 call mom") {
            $0.complete(on: try day())
        },
        EditCase("C.1", "(B) call", "complete", "x 2024-02-01 call") { $0.complete(on: try day()) },
        EditCase(
            "C.1", "2024-01-01 2023-01-01 a", "complete", "x 2024-02-01 2024-01-01 2023-01-01 a"
        ) {
            $0.complete(on: try day())
        },
        EditCase("C.1", "(A)  two", "complete", "x 2024-02-01  two") { $0.complete(on: try day()) },
        EditCase("C.1", "", "complete", "x 2024-02-01 ") { $0.complete(on: try day()) },
        EditCase("C.1", "x 2020-01-01 done", "complete", "x 2020-01-01 done") {
            $0.complete(on: try day())
        },
        EditCase("C.1", "x done", "complete", "x done") { $0.complete(on: try day()) },
        // C.2: keeping the priority as pri:X.
        EditCase(
            "C.2", "(A) 2024-01-01 call mom", "complete keep",
            "x 2024-02-01 2024-01-01 call mom pri:A"
        ) {
            $0.complete(on: try day(), keepingPriority: true)
        },
        EditCase("C.2", "call mom", "complete keep", "x 2024-02-01 call mom") {
            $0.complete(on: try day(), keepingPriority: true)
        },
        EditCase("C.2", "(C) ", "complete keep", "x 2024-02-01 pri:C") {
            $0.complete(on: try day(), keepingPriority: true)
        },
        EditCase("C.2", "(C) call ", "complete keep", "x 2024-02-01 call pri:C") {
            $0.complete(on: try day(), keepingPriority: true)
        },
        EditCase("C.2", "(D) 2024-01-01 ", "complete keep", "x 2024-02-01 2024-01-01 pri:D") {
            $0.complete(on: try day(), keepingPriority: true)
        },
        // C.3: reopen.
        EditCase(
            "C.3", "x 2024-02-01 2024-01-01 call mom pri:A", "reopen", "(A) 2024-01-01 call mom"
        ) {
            $0.reopen()
        },
        EditCase("C.3", "x 2024-02-01 pri:B call", "reopen", "(B) call") { $0.reopen() },
        EditCase("C.3", "x 2024-02-01 a pri:B b", "reopen", "(B) a b") { $0.reopen() },
        EditCase("C.3", "x 2024-02-01 pri:B", "reopen", "(B) ") { $0.reopen() },
        EditCase("C.3", "x 2024-02-01 a pri:A pri:B", "reopen", "(A) a pri:B") { $0.reopen() },
        EditCase("C.3", "x 2024-02-01 call mom", "reopen", "call mom") { $0.reopen() },
        EditCase("C.3", "x 2024-02-01 2024-01-01 call", "reopen", "2024-01-01 call") {
            $0.reopen()
        },
        EditCase("C.3", "x 2024-02-01 a pri:a", "reopen", "a pri:a") { $0.reopen() },
        EditCase("C.3", "x 2024-02-01 a pri:AB", "reopen", "a pri:AB") { $0.reopen() },
        EditCase("C.3", "x 2024-02-01 a +pri:A", "reopen", "a +pri:A") { $0.reopen() },
        EditCase("C.3", "x (A) foo", "reopen", "(A) foo") { $0.reopen() },
        EditCase("C.3", "x foo", "reopen", "foo") { $0.reopen() },
        EditCase("C.3", "x 2020-01-01", "reopen", "2020-01-01") { $0.reopen() },
        EditCase("C.3", "(A) open", "reopen", "(A) open") { $0.reopen() },
        // Priority: set and remove.
        EditCase("C.2", "foo", "set A", "(A) foo") { try $0.setPriority(Priority("A")) },
        EditCase("C.2", "(A) 2024-01-01 foo", "set B", "(B) 2024-01-01 foo") {
            try $0.setPriority(Priority("B"))
        },
        EditCase("C.2", "(A) 2024-01-01 foo", "remove", "2024-01-01 foo") {
            try $0.setPriority(nil)
        },
        EditCase("C.2", "(A) foo", "remove", "foo") { try $0.setPriority(nil) },
        EditCase("C.2", "foo", "remove", "foo") { try $0.setPriority(nil) },
        EditCase("S4", "(A) x marks", "remove", throws: .descriptionLooksLikeHeader) {
            try $0.setPriority(nil)
        },
        EditCase("S4", "(A) (B) foo", "remove", throws: .descriptionLooksLikeHeader) {
            try $0.setPriority(nil)
        },
        EditCase("H7", "(A) 2024-01-01", "remove", "2024-01-01") { try $0.setPriority(nil) },
        EditCase("S4", "(A) 2024-01-01 ", "remove", "2024-01-01 ") { try $0.setPriority(nil) },
        EditCase("C.2", "x 2024-02-01 foo", "set A", "x 2024-02-01 foo pri:A") {
            try $0.setPriority(Priority("A"))
        },
        EditCase("C.2", "x 2024-02-01 foo pri:A", "set B", "x 2024-02-01 foo pri:B") {
            try $0.setPriority(Priority("B"))
        },
        EditCase("C.2", "x 2024-02-01 foo pri:A bar", "remove", "x 2024-02-01 foo bar") {
            try $0.setPriority(nil)
        },
        // Prepend and append.
        EditCase("C.5", "(A) 2024-01-01 foo", "prepend bar", "(A) 2024-01-01 bar foo") {
            try $0.prepend("bar")
        },
        EditCase("C.5", "(A) ", "prepend bar", "(A) bar") { try $0.prepend("bar") },
        EditCase("C.5", "", "prepend bar", "bar") { try $0.prepend("bar") },
        EditCase("C.5", "(A)  foo", "prepend bar", "(A) bar foo") { try $0.prepend("bar") },
        EditCase("S4", "foo", "prepend x", throws: .descriptionLooksLikeHeader) {
            try $0.prepend("x")
        },
        EditCase("S4", "(A) foo", "prepend date", throws: .descriptionLooksLikeHeader) {
            try $0.prepend("2024-01-01")
        },
        EditCase("C.4", "foo", "prepend LF", throws: .lineBreakInDescription) {
            try $0.prepend("a\nb")
        },
        EditCase("C.5", "foo", "append bar", "foo bar") { try $0.append("bar") },
        EditCase("C.5", "(A) ", "append bar", "(A) bar") { try $0.append("bar") },
        EditCase("C.5", "foo ", "append bar", "foo bar") { try $0.append("bar") },
        EditCase("C.5", "foo", "append ,bar", "foo,bar") { try $0.append(",bar", separator: "") },
        EditCase("C.4", "foo", "append CR", throws: .lineBreakInDescription) {
            try $0.append("a\rb")
        },
        EditCase("C.4", "foo", "append LF", throws: .lineBreakInDescription) {
            try $0.append("\n")
        },
        // Replace text.
        EditCase("C.5", "(A) 2024-01-01 foo", "replace", "(A) 2024-01-01 bar") {
            try $0.replaceDescription(with: "bar")
        },
        EditCase(
            "C.5", "x 2024-02-01 2024-01-01 foo", "replace", "x 2024-02-01 2024-01-01 2024-03-03 z"
        ) {
            try $0.replaceDescription(with: "2024-03-03 z")
        },
        EditCase("S4", "(A) foo", "replace", throws: .descriptionLooksLikeHeader) {
            try $0.replaceDescription(with: "2024-02-02 z")
        },
        EditCase("S4", "foo", "replace", throws: .descriptionLooksLikeHeader) {
            try $0.replaceDescription(with: "x marks the spot")
        },
        EditCase("C.4", "foo", "replace", throws: .lineBreakInDescription) {
            try $0.replaceDescription(with: "a\nb")
        },
        // C.6: set and remove tags.
        EditCase("C.6", "foo due:1 bar", "set due:2", "foo due:2 bar") {
            try $0.setTag("due", "2")
        },
        EditCase("C.6", "foo due:1 due:3", "set due:2", "foo due:2 due:3") {
            try $0.setTag("due", "2")
        },
        EditCase("C.6", "foo", "set due:2", "foo due:2") { try $0.setTag("due", "2") },
        EditCase("C.6", "foo ", "set due:2", "foo due:2") { try $0.setTag("due", "2") },
        EditCase("C.6", "", "set due:2", "due:2") { try $0.setTag("due", "2") },
        EditCase("C.6", "(A) ", "set due:2", "(A) due:2") { try $0.setTag("due", "2") },
        EditCase("C.6", "+due:1 foo", "set due:2", "+due:1 foo due:2") {
            try $0.setTag("due", "2")
        },
        EditCase("C.6", "foo", "set url", "foo url:https://x") {
            try $0.setTag("url", "https://x")
        },
        EditCase("C.6", "foo", "set a:b:c", "foo a:b:c") { try $0.setTag("a", "b:c") },
        EditCase("C.6", "foo", "empty key", throws: .invalidTag) { try $0.setTag("", "v") },
        EditCase("C.6", "foo", "key with colon", throws: .invalidTag) { try $0.setTag("a:b", "v") },
        EditCase("C.6", "foo", "key with SP", throws: .invalidTag) { try $0.setTag("a b", "v") },
        EditCase("C.6", "foo", "key with TAB", throws: .invalidTag) { try $0.setTag("a\tb", "v") },
        EditCase("C.6", "foo", "key +p", throws: .invalidTag) { try $0.setTag("+p", "v") },
        EditCase("C.6", "foo", "key @c", throws: .invalidTag) { try $0.setTag("@c", "v") },
        EditCase("C.6", "foo", "empty value", throws: .invalidTag) { try $0.setTag("k", "") },
        EditCase("C.6", "foo", "value with SP", throws: .invalidTag) { try $0.setTag("k", "a b") },
        EditCase("C.6", "foo", "value with TAB", throws: .invalidTag) {
            try $0.setTag("k", "a\tb")
        },
        EditCase("C.6", "foo", "value //", throws: .invalidTag) { try $0.setTag("http", "//x") },
        EditCase("C.6", "foo", "value with LF", throws: .invalidTag) { try $0.setTag("k", "a\nb") },
        EditCase("C.6", "foo due:1 bar", "remove due", "foo bar") { $0.removeTag("due") },
        EditCase("C.6", "due:1 foo", "remove due", "foo") { $0.removeTag("due") },
        EditCase("C.6", "foo due:1", "remove due", "foo") { $0.removeTag("due") },
        EditCase("C.6", "(A) due:1", "remove due", "(A) ") { $0.removeTag("due") },
        EditCase("C.6", "foo due:1 due:2", "remove due", "foo due:2") { $0.removeTag("due") },
        EditCase("C.6", "foo bar", "remove due", "foo bar") { $0.removeTag("due") },
        EditCase("C.6", "foo +due:1", "remove due", "foo +due:1") { $0.removeTag("due") },
        EditCase("C.6", "due:1 x marks", "remove due (would expose x)", "due:1 x marks") {
            $0.removeTag("due")
        },
        // F3: a lone CR inside a parsed line is content; editing other parts keeps it.
        EditCase("F3", "a\rb", "set due:2", "a\rb due:2") { try $0.setTag("due", "2") },
        EditCase("F3", "a\rb due:1", "remove due", "a\rb") { $0.removeTag("due") },
        EditCase("F3", "(A) a\rb", "remove priority", "a\rb") { try $0.setPriority(nil) },
        EditCase("F3", "a\r", "append bar", "a\r bar") { try $0.append("bar") },
    ]

    @Test("Part C edits", arguments: cases)
    func edit(_ test: EditCase) {
        var item = TODOItem(parsing: test.before)
        let before = item
        switch test.expected {
        case .success(let after):
            #expect(throws: Never.self) { try test.apply(&item) }
            #expect(item.text == after)
            // The edited item is exactly what its line parses to.
            #expect(TODOItem(parsing: after) == item)
        case .failure(let error):
            #expect(throws: error) { try test.apply(&item) }
            #expect(item == before)
        }
    }

    @Test(
        "C.1/C.3: complete then reopen with pri:X gives the line back",
        arguments: [
            "(A) 2024-01-01 call mom +p", "(Z) a", "(B) ", "call mom", "2024-01-01 foo", "(A) a\tb",
        ])
    func completeReopen(_ line: String) throws {
        var item = TODOItem(parsing: line)
        item.complete(on: try day(), keepingPriority: true)
        #expect(item.isDone)
        #expect(item.priority == nil)
        #expect(try item.completionDate == day())
        item.reopen()
        #expect(item.text == line)
    }

    @Test("C.6: editing tags never introduces doubled or trailing spaces")
    func noDoubleSpaces() throws {
        var generator = SeededGenerator(seed: 42)
        let pool = ["a", "b", "k:1", "k:2", "due:x", "+p", "@c", "pri:A", "m:n"]
        for _ in 0..<2000 {
            let count = Int.random(in: 1...5, using: &generator)
            let words = (0..<count).map { _ in pool.randomElement(using: &generator) ?? "a" }
            let line = words.joined(separator: " ")
            var item = TODOItem(parsing: line)
            let key = ["k", "due", "pri", "m", "z"].randomElement(using: &generator) ?? "k"
            if Bool.random(using: &generator) {
                try item.setTag(key, "v")
                #expect(item.tagValue(key) == "v")
            } else {
                let before = item.tags.filter { $0.key == key }.count
                item.removeTag(key)
                #expect(item.tags.filter { $0.key == key }.count == max(0, before - 1))
            }
            let text = item.text
            #expect(!text.contains("  "), "\(line) -> \(text)")
            #expect(
                !text.hasPrefix(" ") && !text.hasSuffix(" ") || text.isEmpty, "\(line) -> \(text)")
        }
    }
}
