import Testing
import TodoJSON

@testable import TodoLanguageServer

/// "Mark done" on a recurring task also appends its next occurrence, where `todo do` puts it.
@Suite struct RecurrenceActionTests {
    /// The edits of "Mark done" for the lines `first...last` of the open document.
    private func markDone(
        _ client: inout TestClient, _ first: Int, _ last: Int
    ) throws
        -> [JSONValue]
    {
        let found = client.request(
            "textDocument/codeAction",
            [
                "textDocument": ["uri": "file:///home/me/todo.txt"],
                "range": span(first, 0, last, 1).json, "context": ["diagnostics": []],
            ])
        let action = try #require(found.arrayValue?.first { $0["title"] == "Mark done" })
        return action["edit"]?["changes"]?["file:///home/me/todo.txt"]?.arrayValue ?? []
    }

    @Test func theNextOccurrenceIsASeparateEditAtTheEnd() throws {
        var client = TestClient.initialized()
        let text = "(A) water plants due:2026-11-20 rec:+1w\nother\n"
        client.open(text)
        let edits = try markDone(&client, 0, 0)
        #expect(edits.count == 2)
        #expect(
            edits.last
                == [
                    "range": span(2, 0, 2, 0).json,
                    "newText": "(A) water plants due:2026-11-27 rec:+1w\n",
                ])
        #expect(
            applying(edits, to: text)
                == "x 2026-11-23 water plants due:2026-11-20 rec:+1w\nother\n"
                + "(A) water plants due:2026-11-27 rec:+1w\n")
    }

    @Test func aLastLineWithoutALineEndGetsOneFirst() throws {
        var client = TestClient.initialized()
        let text = "stretch rec:1d\nlast"
        client.open(text)
        let edits = try markDone(&client, 0, 0)
        #expect(edits.last?["range"] == span(1, 4, 1, 4).json)
        #expect(
            applying(edits, to: text)
                == "x 2026-11-23 stretch rec:1d\nlast\nstretch rec:1d due:2026-11-24\n")
    }

    @Test func crlfFilesGetCrlfLines() throws {
        var client = TestClient.initialized()
        client.open("pay rent t:2026-11-20 rec:+1m\r\nlast")
        let edits = try markDone(&client, 0, 0)
        #expect(edits.last?["newText"] == "\r\npay rent t:2026-12-20 rec:+1m\r\n")
    }

    @Test func severalRecurringTasksComeBackInLineOrder() throws {
        var client = TestClient.initialized()
        let text = "a rec:1d\nb rec:2d\nc\n"
        client.open(text)
        let edits = try markDone(&client, 0, 2)
        #expect(edits.count == 4)
        #expect(
            applying(edits, to: text)
                == "x 2026-11-23 a rec:1d\nx 2026-11-23 b rec:2d\nx 2026-11-23 c\n"
                + "a rec:1d due:2026-11-24\nb rec:2d due:2026-11-25\n")
    }

    @Test func invalidOrDoneRecurrencesBringNothingBack() throws {
        var client = TestClient.initialized()
        let text = "stretch rec:often\nx 2026-11-20 old rec:1d\n"
        client.open(text)
        let edits = try markDone(&client, 0, 1)
        #expect(edits.count == 1)
        #expect(
            applying(edits, to: text)
                == "x 2026-11-23 stretch rec:often\nx 2026-11-20 old rec:1d\n")
    }
}
