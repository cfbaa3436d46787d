import Testing
import TodoTxt

@testable import TodoQuery

/// One evaluation: an expression, a line (number 3 in its file), and whether it matches.
struct MatchCase: Sendable, CustomTestStringConvertible {
    let expression: String
    let line: String
    let matches: Bool

    init(_ expression: String, _ line: String, _ matches: Bool) {
        self.expression = expression
        self.line = line
        self.matches = matches
    }

    var testDescription: String { "\(expression) ~ \(line) → \(matches)" }
}

/// Today in these tests: Wednesday 2024-05-15.
let wednesday = day(2024, 5, 15)

@Suite struct QueryEvaluationTests {
    static let sigils: [MatchCase] = [
        MatchCase("+work", "task +work", true),
        MatchCase("+work", "task +workshop", false),
        MatchCase("+work", "task +Work", false),
        MatchCase("+work", "task work", false),
        MatchCase("+work*", "task +workshop", true),
        MatchCase("+work*", "task +work.home", true),
        MatchCase("+work*", "task +work", true),
        MatchCase("+work*", "task +wor", false),
        MatchCase("+*", "task +a", true),
        MatchCase("+*", "task @a", false),
        MatchCase("+*", "task + alone", false),
        MatchCase("@phone", "call @phone", true),
        MatchCase("@phone", "call +phone", false),
        MatchCase("@*", "call @x", true),
        MatchCase("+", "a + b", true),
        MatchCase("+", "a b", false),
        MatchCase("+Über", "x +Über", true),
        MatchCase("+Über", "x +über", false),
        MatchCase("+café", "x +cafe\u{301}", false),
        MatchCase("+cafe\u{301}", "x +cafe\u{301}", true),
    ]

    static let completionAndText: [MatchCase] = [
        MatchCase("done", "x 2024-01-01 a", true),
        MatchCase("done", "a", false),
        MatchCase("done", "xylophone", false),
        MatchCase("open", "a", true),
        MatchCase("open", "x a", false),
        MatchCase("mom", "Call Mom", true),
        MatchCase("Mom", "call mom", false),
        MatchCase("Mom", "Call Mom", true),
        MatchCase("MOM", "Call Mom", false),
        MatchCase("\"call mom\"", "(A) Call Mom today", true),
        MatchCase("\"call mom\"", "call  mom", false),
        MatchCase("2024", "2024-01-01 task", false),
        MatchCase("2024", "task 2024", true),
        MatchCase("(A)", "(A) task", false),
        MatchCase("été", "Été chaud", true),
        MatchCase("Été", "été chaud", false),
        MatchCase("ÉTÉ", "Été chaud", false),
        MatchCase("straße", "STRASSE", false),
        MatchCase("café", "menu cafe\u{301}", false),
        MatchCase("café", "menu CAFÉ", true),
        MatchCase("a", "", false),
        MatchCase("-a", "b", true),
        MatchCase("a b", "b a", true),
        MatchCase("a b", "a", false),
        MatchCase("a or b", "b", true),
        MatchCase("not (a or b)", "c", true),
        MatchCase("not (a or b)", "a", false),
        MatchCase("/^\\(A\\) /", "(A) task", true),
        MatchCase("/^x /", "x 2024-05-01 done", true),
        MatchCase("/call/", "Call", false),
        MatchCase("/call/i", "Call", true),
        MatchCase("/a b/", "a b", true),
        MatchCase("/é/", "cafe\u{301}", false),
        MatchCase("/e/", "cafe\u{301}", true),
        MatchCase("/^.$/", "e\u{301}", false),
    ]

    static let priorities: [MatchCase] = [
        MatchCase("pri:A", "(A) x", true),
        MatchCase("pri=A", "(A) x", true),
        MatchCase("pri:a", "(A) x", true),
        MatchCase("pri:A", "(B) x", false),
        MatchCase("pri:A", "x", false),
        MatchCase("pri>B", "(A) x", true),
        MatchCase("pri>B", "(B) x", false),
        MatchCase("pri>B", "(C) x", false),
        MatchCase("pri>=B", "(B) x", true),
        MatchCase("pri<B", "(C) x", true),
        MatchCase("pri<B", "(A) x", false),
        MatchCase("pri<=B", "(B) x", true),
        MatchCase("pri<B", "x", false),
        MatchCase("pri:A-C", "(B) x", true),
        MatchCase("pri:A-C", "(C) x", true),
        MatchCase("pri:A-C", "(D) x", false),
        MatchCase("pri:a-c", "(A) x", true),
        MatchCase("pri:A..C", "(A) x", true),
        MatchCase("pri!=A-C", "(D) x", true),
        MatchCase("pri!=A-C", "(B) x", false),
        MatchCase("pri!=A-C", "x", false),
        MatchCase("pri!=A", "(B) x", true),
        MatchCase("pri!=A", "x", false),
        MatchCase("-pri:A", "x", true),
        MatchCase("pri:none", "x", true),
        MatchCase("pri:none", "(A) x", false),
        MatchCase("pri=none", "x", true),
        MatchCase("pri:any", "(A) x", true),
        MatchCase("pri!=none", "(A) x", true),
        MatchCase("pri!=any", "x", true),
        MatchCase("pri!=any", "(Z) x", false),
        MatchCase("pri:B", "x 2024-05-01 task pri:B", true),
        MatchCase("pri:B", "task pri:B", false),
        MatchCase("pri:any", "x 2024-05-01 task pri:b", false),
        MatchCase("pri:any", "x 2024-05-01 task pri:BB", false),
        MatchCase("pri:C", "x 2024-05-01 task pri:C pri:A", true),
    ]

    static let dates: [MatchCase] = [
        MatchCase("due<today", "a due:2024-05-14", true),
        MatchCase("due<today", "a due:2024-05-15", false),
        MatchCase("due<today", "a", false),
        MatchCase("due<today", "a due:someday", false),
        MatchCase("due:none", "a due:someday", true),
        MatchCase("due:2024-05-14", "a due:soon due:2024-05-14 due:2024-01-01", true),
        MatchCase("due:today", "a due:2024-05-15", true),
        MatchCase("due:tomorrow", "a due:2024-05-16", true),
        MatchCase("due:yesterday", "a due:2024-05-14", true),
        MatchCase("due:+3d", "a due:2024-05-18", true),
        MatchCase("due:-3d", "a due:2024-05-12", true),
        MatchCase("due:-2w", "a due:2024-05-01", true),
        MatchCase("due:+1m", "a due:2024-06-15", true),
        MatchCase("due:+1y", "a due:2025-05-15", true),
        MatchCase("due:+5b", "a due:2024-05-22", true),
        MatchCase("due:+0b", "a due:2024-05-15", true),
        MatchCase("due:fri", "a due:2024-05-17", true),
        MatchCase("due:friday", "a due:2024-05-17", true),
        MatchCase("due:wed", "a due:2024-05-22", true),
        MatchCase("due:wed", "a due:2024-05-15", false),
        MatchCase("due:mon", "a due:2024-05-20", true),
        MatchCase("due:eow", "a due:2024-05-19", true),
        MatchCase("due:eom", "a due:2024-05-31", true),
        MatchCase("due:eoy", "a due:2024-12-31", true),
        MatchCase("due:+7d", "a due:2024-05-20", false),
        MatchCase("due<=+7d", "a due:2024-05-20", true),
        MatchCase("due:today..+7d", "a due:2024-05-22", true),
        MatchCase("due:today..+7d", "a due:2024-05-23", false),
        MatchCase("due:today..+7d", "a due:2024-05-14", false),
        MatchCase("due!=today..+7d", "a due:2024-05-23", true),
        MatchCase("due!=today..+7d", "a due:2024-05-16", false),
        MatchCase("due!=today..+7d", "a", false),
        MatchCase("due>=2024-05-15", "a due:2024-05-15", true),
        MatchCase("due>2024-05-15", "a due:2024-05-15", false),
        MatchCase("t>today", "a t:2024-06-01", true),
        MatchCase("threshold>today", "a t:2024-06-01", true),
        MatchCase("t>today", "a t:2024-05-01", false),
        MatchCase("created<2024-01-01", "2023-12-31 a", true),
        MatchCase("created<2024-01-01", "(A) 2023-12-31 a", true),
        MatchCase("created<2024-01-01", "x 2024-05-01 2023-12-31 a", true),
        MatchCase("created<2024-01-01", "a 2023-12-31", false),
        MatchCase("created:none", "a", true),
        MatchCase("completed:2024-05-01", "x 2024-05-01 a", true),
        MatchCase("completed:any", "x a", false),
        MatchCase("completed<today", "a", false),
    ]

    static let numbersAndText: [MatchCase] = [
        MatchCase("line:3", "a", true),
        MatchCase("n:3", "a", true),
        MatchCase("line:4", "a", false),
        MatchCase("line:2..4", "a", true),
        MatchCase("line:4..9", "a", false),
        MatchCase("line!=4..9", "a", true),
        MatchCase("line!=1..3", "a", false),
        MatchCase("line>2", "a", true),
        MatchCase("line<3", "a", false),
        MatchCase("line:none", "a", false),
        MatchCase("line:any", "", true),
        MatchCase("project:work", "a +home +work", true),
        MatchCase("project!=work", "a +home", true),
        MatchCase("project!=work", "a +home +work", false),
        MatchCase("project!=work", "a", false),
        MatchCase("project~wor", "a +Work", true),
        MatchCase("project~Wor", "a +work", false),
        MatchCase("project:none", "a", true),
        MatchCase("project:any", "a +x", true),
        MatchCase("project>m", "a +alpha +zulu", true),
        MatchCase("project:a..c", "a +b", true),
        MatchCase("project!=a..c", "a +d +e", true),
        MatchCase("context:phone", "a @phone", true),
        MatchCase("context!=phone", "a @home", true),
        MatchCase("context:none", "a +phone", true),
        MatchCase("text:call", "call", true),
        MatchCase("text:call", "(A) call", true),
        MatchCase("text:call", "call mom", false),
        MatchCase("text:Call", "call", false),
        MatchCase("text:\"call mom\"", "call mom", true),
        MatchCase("text~Mom", "call Mom", true),
        MatchCase("text~mom", "call MOM", true),
        MatchCase("text~\"l m\"", "call mom", true),
        MatchCase("text:none", "a", false),
        MatchCase("text:any", "", true),
        MatchCase("text<b", "a", true),
        MatchCase("text<b", "c", false),
        MatchCase("text<é", "z", true),
        MatchCase("text<e\u{301}", "é", false),
        MatchCase("text>e\u{301}", "é", true),
    ]

    static let tags: [MatchCase] = [
        MatchCase("day:mon", "x day:mon day:thu", true),
        MatchCase("day:thu", "x day:mon day:thu", false),
        MatchCase("day:mon", "x", false),
        MatchCase("day:none", "x", true),
        MatchCase("day:any", "x day:mon", true),
        MatchCase("day!=mon", "x day:tue", true),
        MatchCase("day!=mon", "x", false),
        MatchCase("day:Mon", "x day:mon", false),
        MatchCase("day~MO", "x day:mon", false),
        MatchCase("day~mo", "x day:MON", true),
        MatchCase("est>2", "a est:10", true),
        MatchCase("est<2.5", "a est:2", true),
        MatchCase("est:1.0", "a est:1", true),
        MatchCase("est:+1", "a est:1", true),
        MatchCase("est:1..5", "a est:3", true),
        MatchCase("est:1..5", "a est:30", false),
        MatchCase("est!=1..5", "a est:30", true),
        MatchCase("est>abc", "a est:10", false),
        MatchCase("est>1", "a est:abc", true),
        MatchCase("x:b..d", "a x:c", true),
        MatchCase("x:b..d", "a x:e", false),
        MatchCase("start<today", "a start:2024-05-01", true),
        MatchCase("start:today..eom", "a start:2024-05-20", true),
        MatchCase("start:2024-05-01", "a start:2024-05-01", true),
        MatchCase("start:foo", "a start:2024-05-01", false),
        MatchCase("start<2024-06", "a start:2024-05-01", true),
        MatchCase("prio:A", "a prio:A", true),
        MatchCase("prio:A", "(A) a", false),
        MatchCase("h:1", "a h:1", true),
        MatchCase("rec:+1w", "a rec:+1w", true),
        MatchCase("rec:+1w", "a rec:2024-05-22", true),
        MatchCase("rec:+1w", "a rec:2024-05-23", false),
        MatchCase("rec:\"+1w\"", "a rec:+1w", true),
        MatchCase("rec~1w", "a rec:+1w", true),
        MatchCase("url~example", "a url:http://example.com", true),
        MatchCase("http~example", "a http://example.com", false),
        MatchCase("http:any", "a http://example.com", false),
        MatchCase("café:1", "a café:1", true),
        MatchCase("café:1", "a cafe\u{301}:1", false),
    ]

    @Test(arguments: sigils + completionAndText + priorities + dates + numbersAndText + tags)
    func evaluates(_ c: MatchCase) throws {
        let query = try Query(parsing: c.expression)
        let item = TODOItem(parsing: c.line)
        #expect(query.matches(item, line: 3, today: wednesday) == c.matches)
        // Resolving relative dates first must not change the answer.
        let resolved = try query.resolved(today: wednesday)
        #expect(resolved.matches(item, line: 3, today: day(1999, 1, 1)) == c.matches)
    }

    @Test func resolvedRangeThatRunsBackwardsIsAnError() throws {
        let query = try Query(parsing: "a due:mon..fri")
        // On a Wednesday, the next Monday comes after the next Friday.
        #expect(throws: QueryError.self) { try query.resolved(today: wednesday) }
        do {
            _ = try query.resolved(today: wednesday)
        } catch {
            #expect(error.column == 7)
        }
        // On a Sunday, it does not.
        #expect(try query.resolved(today: day(2024, 5, 19)).text == "a due:mon..fri")
    }

    @Test func relativeDatesFollowTheGivenToday() throws {
        let query = try Query(parsing: "due:tomorrow")
        let item = TODOItem(parsing: "a due:2024-03-01")
        #expect(query.matches(item, line: 1, today: day(2024, 2, 29)))
        #expect(!query.matches(item, line: 1, today: day(2023, 2, 28)))
        #expect(
            query.matches(TODOItem(parsing: "a due:2023-03-01"), line: 1, today: day(2023, 2, 28)))
    }
}
