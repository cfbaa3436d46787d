import Testing
import TodoTxt

@testable import TodoQuery

@Suite struct QueryRequestTests {
    static let file = """
        (B) 2024-05-01 write report +work due:2024-05-14
        x 2024-05-10 filed taxes +home

        (A) call boss +work @phone due:2024-05-16
        secret plan h:1 +work
        later thing t:2024-06-01 +work
        shown plan h:0 +work
        started t:2024-05-15 +home
        \t
        (C) buy milk @store
        """

    func lines(_ words: [String], today: LocalDate = wednesday) throws -> [Int] {
        let request = try QueryRequest.parseArguments(words)
        return try request.matchingLines(
            in: TodoList(parsing: QueryRequestTests.file), today: today
        )
        .map { $0 + 1 }
    }

    static let views: [([String], [Int])] = [
        ([], [1, 4, 7, 8, 10]),
        (["--all"], [1, 2, 4, 5, 6, 7, 8, 10]),
        (["+work"], [1, 4, 7]),
        (["+work", "or", "done"], [1, 2, 4, 7]),
        (["done"], [2]),
        (["open"], [1, 4, 7, 8, 10]),
        (["-done"], [1, 4, 7, 8, 10]),
        (["completed:any"], [2]),
        (["h:1"], [5]),
        (["-h:1"], [1, 4, 7, 8, 10]),
        (["+work", "h:any"], [5, 7]),
        (["t:any"], [6, 8]),
        (["t>today"], [6]),
        (["+work", "--all"], [1, 4, 5, 6, 7]),
        (["/^$/", "--all"], []),
        (["line:1..4"], [1, 4]),
        (["--sort", "pri"], [4, 1, 10, 7, 8]),
        (["--sort=-due,line"], [4, 1, 7, 8, 10]),
        (["--sort", "pri", "--limit", "2"], [4, 1]),
        (["--limit=0"], []),
        (["--limit", "99"], [1, 4, 7, 8, 10]),
        (["-@phone", "--", "-+home"], [1, 7, 10]),
        (["due<today", "or", "due:today..+7d"], [1, 4]),
        (["pri:A-B", "+work"], [1, 4]),
        (["context:none"], [1, 7, 8]),
    ]

    @Test(arguments: views)
    func selectsLines(words: [String], expected: [Int]) throws {
        #expect(try lines(words) == expected)
    }

    @Test func argumentsJoinIntoOneExpression() throws {
        let request = try QueryRequest.parseArguments([
            "+work", "--sort", "-due", "pri:A", "--format=json", "--limit", "2", "--all", "-@x",
        ])
        #expect(request.query.text == "+work pri:A -@x")
        #expect(request.sorting.description == "-due")
        #expect(request.format == .json)
        #expect(request.limit == 2)
        #expect(request.includesAll)
        let split = try QueryRequest.parseArguments(["+work and pri:A"])
        #expect(split.query.root?.description == request.query.root.map { _ in "(and +work pri?)" })
    }

    @Test func optionsAfterDoubleDashAreExpressionWords() throws {
        let request = try QueryRequest.parseArguments(["--", "--all"])
        #expect(!request.includesAll)
        #expect(request.query.text == "--all")
    }

    static let badArguments: [([String], String)] = [
        (
            ["--bogus"],
            "unknown option '--bogus'; expected one of: --sort, --format, --all, --limit, --"
        ),
        (["--sort"], "option '--sort' needs a value"),
        (["a", "--format"], "option '--format' needs a value"),
        (["--limit", "x"], "invalid limit 'x'; expected a whole number of 0 or more"),
        (["--limit=-1"], "invalid limit '-1'; expected a whole number of 0 or more"),
        (["--limit=+1"], "invalid limit '+1'; expected a whole number of 0 or more"),
        (["--all=yes"], "option '--all' takes no value"),
        (
            ["--sort", "prio"],
            "unknown sort key 'prio'; expected one of: " + SortKey.names.joined(separator: ", ")
        ),
        (
            ["+work", "pri:AA"],
            "invalid priority 'AA' at column 11; expected a letter A-Z or a range like A-C"
        ),
        (["(a", "b))"], "unexpected ')' at column 6"),
    ]

    @Test(arguments: badArguments)
    func rejectsArguments(words: [String], description: String) {
        do {
            _ = try QueryRequest.parseArguments(words)
            Issue.record("\(words) should not parse")
        } catch {
            #expect(error.description == description)
        }
    }

    @Test func runWritesTheFormatOfTheSelectedLines() throws {
        let list = TodoList(parsing: QueryRequestTests.file)
        var output: [UInt8] = []
        try QueryRequest.parseArguments(["+work", "--sort", "pri"]).run(
            on: list, today: wednesday, into: &output)
        #expect(
            String(decoding: output, as: UTF8.self)
                == "04 (A) call boss +work @phone due:2024-05-16\n"
                + "01 (B) 2024-05-01 write report +work due:2024-05-14\n07 shown plan h:0 +work\n")
        output = []
        try QueryRequest.parseArguments(["nothing-matches", "--format", "json"]).run(
            on: list, today: wednesday, into: &output)
        #expect(output == Array("[]\n".utf8))
    }

    @Test func runReportsARangeThatRunsBackwardsOnToday() throws {
        let request = try QueryRequest.parseArguments(["due:mon..fri"])
        var output: [UInt8] = []
        #expect(throws: QueryError.self) {
            try request.run(on: TodoList(parsing: "a"), today: wednesday, into: &output)
        }
        #expect(output.isEmpty)
    }

    @Test(arguments: [
        ("a", true), ("", false), (" \t ", false), ("x a", false), ("a h:1", false),
        ("a h:1 h:0", false),
        ("a h:0 h:1", true), ("a h:yes", true), ("a t:2024-05-16", false), ("a t:2024-05-15", true),
        ("a t:later", true),
    ])
    func defaultViewOfTheEmptyQuery(line: String, shown: Bool) {
        #expect(
            Query().showsByDefault(TODOItem(parsing: line), includingAll: false, today: wednesday)
                == shown)
        #expect(
            Query().showsByDefault(TODOItem(parsing: line), includingAll: true, today: wednesday)
                == !TODOItem(parsing: line).isBlank)
    }
}
