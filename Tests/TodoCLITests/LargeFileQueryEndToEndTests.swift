import Testing
import TodoQuery
import TodoTxt

/// `query`, `ls` with several word terms and `lsp` with a term on a file large enough to be
/// read in two halves at once, through the built binary: `query` against the library's
/// answer over the whole file, the listings against references computed from the lines.
@Suite struct LargeFileQueryEndToEndTests {
    static let today: LocalDate = {
        guard let date = LocalDate(year: 2026, month: 11, day: 23) else {
            preconditionFailure("invalid test date")
        }
        return date
    }()

    /// Runs `todo -p ARGUMENTS` on ``LargeFileEndToEndTests/file`` with the clock on
    /// ``today``.
    static func run(_ arguments: [String]) throws -> (output: [UInt8], status: Int32) {
        try LargeFileEndToEndTests.run(arguments, clock: "2026-11-23")
    }

    @Test(arguments: [
        ["/call.*@phone/", "--all", "--format", "todotxt"], ["/(a+)+$/", "--all"],
        ["pri:A-C", "-@phone", "--sort", "due,pri"], ["+proj", "--format", "json"],
        ["line>20000", "/zürich/i", "--format", "jsonl"], ["@PHONE", "--sort", "-line"],
        ["done", "--format", "{line} {raw}"], [],
    ])
    func queryPrintsWhatTheLibraryComputesOnTheWholeFile(words: [String]) throws {
        let request = try QueryRequest.parseArguments(words)
        var expected: [UInt8] = []
        try request.run(
            on: TodoList(bytes: LargeFileEndToEndTests.file), today: Self.today, into: &expected)
        let result = try Self.run(["query"] + words)
        #expect(result.status == 0)
        #expect(result.output == expected)
    }

    @Test func listingWithTwoWordTermsMatchesTheReference() throws {
        let result = try Self.run(["ls", "phone", "-@PHONE", "call"])
        #expect(result.status == 0)
        #expect(
            result.output
                == LargeFileEndToEndTests.reference { line in
                    LargeFileEndToEndTests.contains(line, "phone")
                        && !LargeFileEndToEndTests.contains(line, "@phone")
                        && LargeFileEndToEndTests.contains(line, "call")
                })
    }

    @Test func priorityListingWithATermMatchesTheReference() throws {
        let result = try Self.run(["lsp", "A-B", "mom"])
        #expect(result.status == 0)
        #expect(
            result.output
                == LargeFileEndToEndTests.reference { line in
                    (line.starts(with: Array("(A) ".utf8)) || line.starts(with: Array("(B) ".utf8)))
                        && LargeFileEndToEndTests.contains(line, "mom")
                })
    }
}
