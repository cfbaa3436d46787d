import Testing
import TodoTxt

@testable import TodoQuery

@Suite struct QueryParsingTests {
    /// Expressions and the tree they parse to, in the S-expression form of
    /// `QueryNode.description` ("…"i is a case-insensitive substring).
    static let structures: [(String, String)] = [
        ("+work", "+work"),
        ("@phone", "@phone"),
        ("+work @phone", "(and +work @phone)"),
        ("+work and @phone", "(and +work @phone)"),
        ("a and b or c", "(or (and \"a\"i \"b\"i) \"c\"i)"),
        ("a or b c", "(or \"a\"i (and \"b\"i \"c\"i))"),
        ("a or b or c", "(or (or \"a\"i \"b\"i) \"c\"i)"),
        ("not a b", "(and (not \"a\"i) \"b\"i)"),
        ("not a or b", "(or (not \"a\"i) \"b\"i)"),
        ("-a", "(not \"a\"i)"),
        ("!a", "(not \"a\"i)"),
        ("- a", "(not \"a\"i)"),
        ("--a", "(not (not \"a\"i))"),
        ("not not a", "(not (not \"a\"i))"),
        ("not(+a)", "(not +a)"),
        ("-(a or b)", "(not (or \"a\"i \"b\"i))"),
        ("foo(bar)", "(and \"foo\"i \"bar\"i)"),
        ("(a or b) c", "(and (or \"a\"i \"b\"i) \"c\"i)"),
        ("((a))", "\"a\"i"),
        ("+work*", "+work*"),
        ("@home*", "@home*"),
        ("+*", "+*"),
        ("+", "\"+\"i"),
        ("@", "\"@\"i"),
        ("+work:x", "+work:x"),
        ("done", "done"),
        ("open", "open"),
        ("-done", "(not done)"),
        ("\"Call Mom\"", "\"Call Mom\""),
        ("\"call mom\"", "\"call mom\"i"),
        ("Mom", "\"Mom\""),
        ("AND", "\"AND\""),
        ("a AND b", "(and (and \"a\"i \"AND\") \"b\"i)"),
        ("Not", "\"Not\""),
        ("/fo+/i", "/fo+/"),
        ("/a b/", "/a b/"),
        ("/a\\/b/", "/a\\/b/"),
        ("-/x/", "(not /x/)"),
        ("/x/ and /y/i", "(and /x/ /y/)"),
        ("pri:A", "pri?"),
        ("priority:a", "pri?"),
        ("due<today", "due?"),
        ("t>=+1w", "t?"),
        ("threshold:any", "t?"),
        ("created<=2024-01-01", "created?"),
        ("completed!=none", "completed?"),
        ("n:3", "line?"),
        ("line:2..9", "line?"),
        ("project~wor", "project?"),
        ("context:phone", "context?"),
        ("description~x", "text?"),
        ("text~\"call mom\"", "text?"),
        ("foo:bar", "tag:foo?"),
        ("Due:x", "tag:Due?"),
        ("http://example.com", "tag:http?"),
        ("hello!", "\"hello!\"i"),
        ("a\tb", "(and \"a\"i \"b\"i)"),
        ("  a  ", "\"a\"i"),
    ]

    @Test(arguments: structures)
    func parsesStructure(expression: String, tree: String) throws {
        let query = try Query(parsing: expression)
        #expect(query.root?.description == tree)
    }

    @Test(arguments: ["", "   ", "\t"])
    func emptyExpressionMatchesEverything(expression: String) throws {
        let query = try Query(parsing: expression)
        #expect(query.root == nil)
        #expect(
            query.matches(TODOItem(parsing: "x 2024-01-01 done"), line: 1, today: day(2024, 5, 15)))
    }

    /// Expressions that are errors, with the full description of the error.
    static let errors: [(String, String)] = [
        ("pri:AA", "invalid priority 'AA' at column 5; expected a letter A-Z or a range like A-C"),
        ("pri:1", "invalid priority '1' at column 5; expected a letter A-Z or a range like A-C"),
        ("+work and (pri:A or b))", "unexpected ')' at column 23"),
        ("a )", "unexpected ')' at column 3"),
        ("(a", "unexpected end of expression at column 3; expected ')'"),
        ("(a b", "unexpected end of expression at column 5; expected ')'"),
        ("a and", "unexpected end of expression at column 6; expected a term"),
        ("a or", "unexpected end of expression at column 5; expected a term"),
        ("or a", "unexpected 'or' at column 1; expected a term"),
        ("and", "unexpected 'and' at column 1; expected a term"),
        ("a and and b", "unexpected 'and' at column 7; expected a term"),
        ("()", "unexpected ')' at column 2; expected a term"),
        ("-", "unexpected end of expression at column 2; expected a term"),
        ("a !", "unexpected end of expression at column 4; expected a term"),
        ("not", "unexpected end of expression at column 4; expected a term"),
        ("\"abc", "unterminated quoted text at column 1; expected a closing '\"'"),
        ("text~\"abc", "unterminated quoted text at column 6; expected a closing '\"'"),
        ("/abc", "unterminated regex at column 1; expected a closing '/'"),
        ("/abc\\/", "unterminated regex at column 1; expected a closing '/'"),
        ("/a/x", "invalid regex flag 'x' at column 4; expected 'i' or the end of the regex"),
        ("/a/ix", "invalid regex flag 'x' at column 5; expected 'i' or the end of the regex"),
        ("//", "empty regex at column 1; expected a pattern between the slashes"),
        (
            "line:abc",
            "invalid line number 'abc' at column 6; expected a line number or a range like 10..20"
        ),
        (
            "line:-1",
            "invalid line number '-1' at column 6; expected a line number or a range like 10..20"
        ),
        (
            "due:",
            "missing value after 'due:' at column 5; expected one of: "
                + DateValue.expected.joined(separator: ", ")
        ),
        (
            "pri:",
            "missing value after 'pri:' at column 5; expected a letter A-Z or a range like A-C"
        ),
        (
            ":foo",
            "missing field name before ':' at column 1; expected a field such as pri, due or a tag key"
        ),
        (
            "a =b",
            "missing field name before '=' at column 3; expected a field such as pri, due or a tag key"
        ),
        ("due<none", "'none' works only with ':', '=' or '!=' at column 4"),
        ("foo>any", "'any' works only with ':', '=' or '!=' at column 4"),
        (
            "pri~A",
            "'~' does not apply to 'pri' at column 4; expected one of: ':', '=', '!=', '<', '<=', '>', '>='"
        ),
        (
            "line~3",
            "'~' does not apply to 'line' at column 5; expected one of: ':', '=', '!=', '<', '<=', '>', '>='"
        ),
        ("pri:C-A", "range 'C-A' starts after it ends at column 5"),
        ("line:9..2", "range '9..2' starts after it ends at column 6"),
        (
            "due:2024-02-01..2024-01-01",
            "range '2024-02-01..2024-01-01' starts after it ends at column 5"
        ),
        ("est:10..9", "range '10..9' starts after it ends at column 5"),
        ("x:b..a", "range 'b..a' starts after it ends at column 3"),
        (
            "line:5..",
            "incomplete range '5..' at column 6; expected a range with both ends like a..b"
        ),
        ("x:..5", "incomplete range '..5' at column 3; expected a range with both ends like a..b"),
        ("due<today..tomorrow", "a range works only with ':', '=' or '!=' at column 4"),
        (
            "é pri:AA",
            "invalid priority 'AA' at column 7; expected a letter A-Z or a range like A-C"
        ),
        (
            "pri:A-ZZ",
            "invalid priority 'A-ZZ' at column 5; expected a letter A-Z or a range like A-C"
        ),
        (
            "pri:A..ZZ",
            "invalid priority 'ZZ' at column 8; expected a letter A-Z or a range like A-C"
        ),
    ]

    @Test(arguments: errors)
    func reportsError(expression: String, description: String) {
        #expect(throws: QueryError.self) { try Query(parsing: expression) }
        do {
            _ = try Query(parsing: expression)
        } catch {
            #expect(error.description == description)
        }
    }

    /// Invalid date values, each reported at the column of the value (5, after `due:`).
    @Test(arguments: [
        "notadate", "3d", "+3", "+d", "Todays", "TO-DAY", "+3D", "+3x", "Mo", "2024-02-30",
        "2024-13-01", "24-01-01", "+1d2", "eod",
    ])
    func rejectsInvalidDate(value: String) {
        do {
            _ = try Query(parsing: "due:" + value)
            Issue.record("'due:\(value)' should not parse")
        } catch {
            #expect(error.message == "invalid date '\(value)'")
            #expect(error.column == 5)
            #expect(error.expected == DateValue.expected)
        }
    }

    @Test func reportsABadRegexAtItsColumn() {
        do {
            _ = try Query(parsing: "a /(/")
            Issue.record("an unbalanced regex should not compile")
        } catch {
            #expect(error.message.hasPrefix("invalid regex '/(/'"))
            #expect(error.column == 3)
        }
    }

    static let aspectCases: [(String, QueryAspects)] = [
        ("done", .completion), ("open", .completion), ("-done", .completion),
        ("+work or done", .completion), ("completed<today", .completion),
        ("h:1", .hidden), ("not h:any", .hidden), ("t>today", .threshold),
        ("threshold:none", .threshold), ("a or (b -t:any)", .threshold),
        ("+work", []), ("/done/", []), ("\"done\"", []), ("line:1", .lineNumber), ("text~done", []),
        ("hidden:1", []), ("done h:1 t:any", [.completion, .hidden, .threshold]),
    ]

    @Test(arguments: aspectCases)
    func recordsUsedAspects(expression: String, aspects: QueryAspects) throws {
        #expect(try Query(parsing: expression).usedAspects == aspects)
    }

    @Test func errorDescriptionLeavesOutMissingParts() {
        #expect(QueryError("bad").description == "bad")
        #expect(QueryError("bad", column: 2).description == "bad at column 2")
        #expect(QueryError("bad", expected: ["x"]).description == "bad; expected x")
        #expect(
            QueryError("bad", expected: ["x", "y", "z"]).description
                == "bad; expected one of: x, y, z")
    }
}

/// A date for tests; the arguments are always a valid date.
func day(_ year: Int, _ month: Int, _ day: Int) -> LocalDate {
    guard let date = LocalDate(year: year, month: month, day: day) else {
        preconditionFailure("invalid test date \(year)-\(month)-\(day)")
    }
    return date
}
