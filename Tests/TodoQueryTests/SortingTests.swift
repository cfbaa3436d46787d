import TestSupport
import Testing
import TodoTxt

@testable import TodoQuery

/// Builds random todo.txt lines with and without each sortable value, including ties.
func randomLine(_ rng: inout SeededGenerator) -> String {
    func pick<T>(_ values: [T]) -> T { values[Int(rng.next() % UInt64(values.count))] }
    var parts: [String] = []
    let done = rng.next() % 4 == 0
    if done {
        parts.append("x")
        if rng.next() % 2 == 0 { parts.append(pick(["2024-01-02", "2024-03-04", "2023-12-31"])) }
    } else if rng.next() % 2 == 0 {
        parts.append("(" + pick(["A", "B", "C", "Z"]) + ")")
    }
    if rng.next() % 2 == 0 && (!done || parts.count == 2) {
        parts.append(pick(["2024-01-01", "2024-02-29", "2023-06-30"]))
    }
    parts.append(pick(["call", "Call", "apple", "Banana", "été", "Zebra", "éa", "call"]))
    if rng.next() % 2 == 0 { parts.append("+" + pick(["work", "Home", "work", "über"])) }
    if rng.next() % 3 == 0 { parts.append("@" + pick(["phone", "desk"])) }
    if rng.next() % 2 == 0 {
        parts.append("due:" + pick(["2024-05-01", "2024-05-02", "soon", "2024-05-01"]))
    }
    if rng.next() % 3 == 0 { parts.append("t:" + pick(["2024-04-01", "2025-01-01"])) }
    if rng.next() % 2 == 0 { parts.append("est:" + pick(["10", "9", "2.5", "abc", "-1", "B"])) }
    if done && rng.next() % 2 == 0 { parts.append("pri:" + pick(["A", "D"])) }
    return parts.joined(separator: " ")
}

/// An independent reading of a key's value through the public TodoTxt API, for checking.
enum ReferenceValue: Equatable {
    case number(Double)
    case text([UInt8])
    case missing
}

func referenceValue(_ field: SortKey.Field, line: Int, item: TODOItem) -> ReferenceValue {
    func date(_ value: LocalDate?) -> ReferenceValue {
        value.map { .number(Double($0.daysSinceEpoch)) } ?? .missing
    }
    switch field {
    case .priority:
        if item.isDone {
            let tag = item.tags.first { $0.key == "pri" }?.value
            guard let tag, let letter = Priority(tag) else { return .missing }
            return .number(Double(letter.ascii))
        }
        return item.priority.map { .number(Double($0.ascii)) } ?? .missing
    case .due: return date(item.dateTag("due"))
    case .threshold: return date(item.dateTag("t"))
    case .created: return date(item.creationDate)
    case .completed: return date(item.completionDate)
    case .line: return .number(Double(line))
    case .done: return .number(item.isDone ? 1 : 0)
    case .text: return .text(Array(item.description.lowercased().utf8))
    case .project: return item.projects.first.map { .text(Array($0.utf8)) } ?? .missing
    case .context: return item.contexts.first.map { .text(Array($0.utf8)) } ?? .missing
    case .tag(let key):
        guard let value = item.tagValue(key) else { return .missing }
        if let number = Double(value), value.first != "." { return .number(number) }
        return .text(Array(value.utf8))
    }
}

/// -1, 0 or 1 by one key: numbers before text, missing last in either direction.
func referenceCompare(_ a: ReferenceValue, _ b: ReferenceValue, descending: Bool) -> Int {
    func rank(_ value: ReferenceValue) -> Int {
        switch value {
        case .number: 0
        case .text: 1
        case .missing: 2
        }
    }
    if a == .missing || b == .missing {
        return rank(a) == rank(b) ? 0 : (rank(a) < rank(b) ? -1 : 1)
    }
    let order: Int
    switch (a, b) {
    case (.number(let x), .number(let y)): order = x < y ? -1 : (x == y ? 0 : 1)
    case (.text(let x), .text(let y)):
        order = x.lexicographicallyPrecedes(y) ? -1 : (x == y ? 0 : 1)
    default: order = rank(a) < rank(b) ? -1 : 1
    }
    return descending ? -order : order
}

@Suite struct SortingTests {
    static let keyLists: [String] = [
        "pri", "-pri", "due", "-due", "t", "created,-completed", "line", "-line", "text", "-text",
        "done,pri", "project,context", "-project", "tag:est", "-tag:est", "pri,-due,tag:est",
        "priority,threshold,n", "context,-text",
    ]

    @Test(arguments: keyLists, Array(UInt64(1)...UInt64(6)))
    func sortIsAStableOrderedPermutation(keys: String, seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let sorting = try Sorting(parsing: keys)
        // Lines 1...n in a shuffled input order, so file order is not the input order.
        var entries: [(line: Int, item: TODOItem)] = (1...120).map {
            ($0, TODOItem(parsing: randomLine(&rng)))
        }
        entries.shuffle(using: &rng)
        let sorted = sorting.sorted(entries)

        #expect(sorted.map(\.line).sorted() == entries.map(\.line).sorted())
        for (before, after) in zip(sorted, sorted.dropFirst()) {
            var decided = false
            for key in sorting.keys {
                let order = referenceCompare(
                    referenceValue(key.field, line: before.line, item: before.item),
                    referenceValue(key.field, line: after.line, item: after.item),
                    descending: key.isDescending)
                #expect(order <= 0, "\(keys): line \(before.line) before \(after.line)")
                if order != 0 {
                    decided = true
                    break
                }
            }
            if !decided {
                #expect(before.line < after.line, "ties keep file order")
            }
        }
    }

    @Test(arguments: ["pri", "-pri", "due", "-due", "tag:est", "-tag:est", "project", "-project"])
    func missingValuesComeLast(key: String) throws {
        var rng = SeededGenerator(seed: 42)
        let sorting = try Sorting(parsing: key)
        let entries = (1...200).map { ($0, TODOItem(parsing: randomLine(&rng))) }
        let field = sorting.keys[0].field
        let missing = sorting.sorted(entries).map {
            referenceValue(field, line: $0.line, item: $0.item) == .missing
        }
        #expect(missing.contains(true) && missing.contains(false))
        let firstMissing = missing.firstIndex(of: true) ?? missing.count
        #expect(!missing[firstMissing...].contains(false))
    }

    @Test func textIsCaseInsensitiveByScalars() throws {
        let lines = ["Zebra", "apple", "Été", "Banana", "zoo", "éa", "(A) banana"]
        let entries = lines.enumerated().map { ($0.offset + 1, TODOItem(parsing: $0.element)) }
        let sorted = try Sorting(parsing: "text").sorted(entries).map(\.item.description)
        // "é" (U+00E9) sorts after every ASCII letter; ties keep file order.
        #expect(sorted == ["apple", "Banana", "banana", "Zebra", "zoo", "éa", "Été"])
    }

    @Test func tagNumbersSortNumericallyBeforeText() throws {
        let lines = ["a est:10", "b est:abc", "c", "d est:9", "e est:-1.5", "f est:B"]
        let entries = lines.enumerated().map { ($0.offset + 1, TODOItem(parsing: $0.element)) }
        let ascending = try Sorting(parsing: "tag:est").sorted(entries).map(\.line)
        #expect(ascending == [5, 4, 1, 6, 2, 3])
        let descending = try Sorting(parsing: "-tag:est").sorted(entries).map(\.line)
        #expect(descending == [2, 6, 1, 4, 5, 3])
    }

    @Test func priorityAscendingPutsAFirstAndDoneTasksUsePriTag() throws {
        let lines = ["(C) c", "x 2024-01-01 done pri:A", "(B) b", "none", "(A) a"]
        let entries = lines.enumerated().map { ($0.offset + 1, TODOItem(parsing: $0.element)) }
        #expect(try Sorting(parsing: "pri").sorted(entries).map(\.line) == [2, 5, 3, 1, 4])
        #expect(try Sorting(parsing: "-pri").sorted(entries).map(\.line) == [1, 3, 2, 5, 4])
    }

    static let parsed: [(String, [SortKey])] = [
        ("pri", [SortKey(.priority)]),
        (
            "priority,-threshold,n",
            [SortKey(.priority), SortKey(.threshold, descending: true), SortKey(.line)]
        ),
        (
            "pri,-due,tag:KEY",
            [SortKey(.priority), SortKey(.due, descending: true), SortKey(.tag("KEY"))]
        ),
        ("-tag:a:b", [SortKey(.tag("a:b"), descending: true)]),
        (
            "done,text,project,context,created,completed,t,line",
            [
                SortKey(.done), SortKey(.text), SortKey(.project), SortKey(.context),
                SortKey(.created),
                SortKey(.completed), SortKey(.threshold), SortKey(.line),
            ]
        ),
    ]

    @Test(arguments: parsed)
    func parsesKeys(text: String, keys: [SortKey]) throws {
        let sorting = try Sorting(parsing: text)
        #expect(sorting.keys == keys)
        #expect(try Sorting(parsing: sorting.description) == sorting)
    }

    static let badKeys: [(String, String)] = [
        ("prio", "unknown sort key 'prio'"),
        ("pri,,due", "empty sort key in 'pri,,due'"),
        ("pri,", "empty sort key in 'pri,'"),
        (",pri", "empty sort key in ',pri'"),
        ("", "empty sort key in ''"),
        ("-", "empty sort key '-'"),
        ("tag:", "empty tag key in sort key 'tag:'"),
        ("-tag:", "empty tag key in sort key '-tag:'"),
        ("Pri", "unknown sort key 'Pri'"),
        ("+pri", "unknown sort key '+pri'"),
        ("--due", "unknown sort key '-due'"),
    ]

    @Test(arguments: badKeys)
    func rejectsKey(text: String, message: String) {
        do {
            _ = try Sorting(parsing: text)
            Issue.record("'\(text)' should not parse")
        } catch {
            #expect(error.message == message)
            #expect(error.column == nil)
            #expect(!error.expected.isEmpty)
        }
    }

    @Test func unknownKeyErrorListsTheValidKeys() {
        #expect(throws: QueryError.self) { try Sorting(parsing: "prio") }
        do {
            _ = try Sorting(parsing: "prio")
        } catch {
            #expect(
                error.description
                    == "unknown sort key 'prio'; expected one of: pri, due, t, created, completed, line, text, done, project, context, tag:KEY"
            )
        }
    }
}
