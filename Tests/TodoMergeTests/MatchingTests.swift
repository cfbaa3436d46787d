import Testing
import TodoTxt

@testable import TodoMerge

/// The matching tiers, tested on the matcher itself.
@Suite struct MatchingTests {
    private func tasks(_ lines: [String]) -> [MergeTask] {
        MergeVersion(TodoList(bytes: file(lines)), markerSize: 7).tasks
    }

    private func match(_ left: [String], _ right: [String]) -> [Int?] {
        TaskMatcher(tasks(left), tasks(right)).leftToRight
    }

    @Test func identicalLinesPairInFileOrderEvenWhenDuplicated() {
        let result = match(["a", "b", "a"], ["a", "a", "c", "b"])
        #expect(result == [0, 3, 1])
    }

    @Test func k1MatchesCompletionPriorityAndCreationDateChanges() {
        let base = ["(B) Call mom @phone", "2024-01-01 Pay rent", "x 2024-02-02 Water plants"]
        let side = ["Water plants", "x 2024-05-02 Call mom @phone", "(A) 2024-03-03 Pay rent"]
        #expect(match(base, side) == [1, 2, 0])
    }

    @Test func k1IgnoresPriTagsAndSpacing() {
        #expect(match(["(B) Call  mom"], ["x 2024-05-02 Call mom pri:B"]) == [0])
    }

    @Test func k1MustBeUniqueOnBothSides() {
        // Two base tasks share K1 with one side task: K1 cannot decide, K2 neither, and the
        // fuzzy tier sees a tie.
        let result = match(["(A) Call mom", "(B) Call mom"], ["(C) Call mom"])
        #expect(result == [nil, nil])
    }

    @Test func k2MatchesTagChanges() {
        let result = match(
            ["Pay rent +home due:2024-06-01", "Buy milk @store"],
            ["Buy milk @shop +errands", "Pay rent due:2024-06-03"])
        #expect(result == [1, 0])
    }

    @Test func fuzzyMatchesRewordingAndTypoFixes() {
        let result = match(
            ["Submit tax retrun +finance", "Call the plumber"],
            ["Call the plumber today", "Submit tax return +finance"])
        #expect(result == [1, 0])
    }

    @Test func fuzzyRejectsBelowThreshold() {
        #expect(match(["Buy milk"], ["Walk the dog"]) == [nil])
    }

    @Test func wordsAddedAtTheEndOrStartPairWhenFuzzyIsTooFar() {
        // What `append` and `prepend` make of a short task: too far apart for the fuzzy tier.
        let result = match(
            ["Buy milk", "Call mom", "Water plants"],
            ["Water the plants", "Tonight: Call mom", "Buy milk and bread"])
        #expect(result == [2, 1, 0])
    }

    @Test func addedWordsDoNotPairWhenTwoTasksCouldBeTheOne() {
        #expect(match(["Call"], ["Call mom", "Call dad"]) == [nil])
        #expect(match(["Buy milk", "bread"], ["Buy milk and bread"]) == [nil, nil])
    }

    @Test func fuzzyRejectsTies() {
        // "Call mom" is equally close to "Call tom" and "Call bom": no single best.
        #expect(match(["Call mom"], ["Call tom", "Call bom"]) == [nil])
    }

    @Test func fuzzyNeedsMutualBest() {
        // "Call dad" prefers "Call dad!" on the right; "Call dan" prefers it too, so only the
        // mutual pair is accepted and "Call dan" stays unmatched.
        let result = match(["Call dad", "Call dan!!"], ["Call dad!"])
        #expect(result == [0, nil])
    }

    @Test func idTagMatchesFirstEvenWhenTheTextChanged() {
        let result = match(
            ["Plan trip id:7", "Plan trip id:8"], ["Book flights id:8", "Plan trip id:7"])
        #expect(result == [1, 0])
    }

    @Test(arguments: [
        ("kitten", "sitting", 3), ("", "abc", 3), ("flaw", "lawn", 2), ("same", "same", 0),
    ])
    func levenshteinDistance(a: String, b: String, distance: Int) {
        let x = a.unicodeScalars.map(\.value)
        let y = b.unicodeScalars.map(\.value)
        #expect(levenshtein(x, y) == distance)
        #expect(levenshtein(y, x) == distance)
    }

    @Test func similarityIsZeroForTwoEmptyKeys() {
        #expect(similarity([], []) == 0)
    }

    @Test func additionsPairByIdenticalLineThenUniqueK1() {
        let left = tasks(["New A", "(A) New B", "New C"])
        let right = tasks(["(C) New B", "New A", "Other"])
        #expect(TaskMatcher(additions: left, right).leftToRight == [1, 0, nil])
    }
}
