import Testing
import TodoKit
import TodoTerminal
import TodoUI

/// A terminal that plays a script: input to read, resizes, and things happening meanwhile.
struct ScriptedTerminal: TerminalDevice {
    enum Step {
        case input(String)
        case resize(width: Int, height: Int)
        case meanwhile(() -> Void)
        case idle
    }

    var steps: [Step]
    var width = 80
    var height = 24
    var resized = false
    var writes: [[UInt8]] = []
    var editorLines: [Int] = []

    init(_ steps: [Step]) {
        self.steps = steps
    }

    mutating func size() -> (width: Int, height: Int) { (width, height) }

    mutating func read(waitingUpTo milliseconds: Int) -> [UInt8] {
        while let step = steps.first {
            steps.removeFirst()
            switch step {
            case .input(let text): return Array(text.utf8)
            case .resize(let newWidth, let newHeight):
                (width, height, resized) = (newWidth, newHeight, true)
                return []
            case .meanwhile(let action): action()
            case .idle: return []
            }
        }
        return []
    }

    mutating func write(_ bytes: [UInt8]) { writes.append(bytes) }

    mutating func takeResize() -> Bool {
        defer { resized = false }
        return resized
    }

    mutating func mustStop() -> Bool { steps.isEmpty }

    mutating func runEditor(atLine line: Int) -> String? {
        editorLines.append(line)
        return nil
    }
}

/// The loop: keys in, file bytes and screen updates out.
@Suite struct TaskListSessionTests {
    static func session(
        _ store: InMemoryTaskStore, _ steps: [ScriptedTerminal.Step]
    ) -> TaskListSession<ScriptedTerminal> {
        TaskListSession(
            model: TaskListModel(store: store), composer: ScreenComposer(fileName: "todo.txt"),
            device: ScriptedTerminal(steps), usesColor: true, fileMayHaveChanged: { true })
    }

    @Test func theAppScenarioThroughTheLoop() {
        let store = memoryStore()
        var session = Self.session(
            store,
            [
                .input("aBuy milk\r"), .input("aCall mom\r"), .input("aPay rent\r"),
                .input("g"), .input("x"), .input("x"), .input("q"), .input("a"),
            ])
        session.run()
        #expect(store.todoText == "x 2026-11-23 Buy milk\nx 2026-11-23 Call mom\nPay rent\n")
        #expect(session.model.rowTexts == ["Pay rent"])
        // `q` ended the loop: the `a` after it was never read.
        #expect(session.device.steps.count == 1)
    }

    @Test func anEscapeSequenceCutInTwoIsOneKeyAndALoneEscapeCancels() {
        let store = memoryStore("one\ntwo\n")
        var session = Self.session(
            store, [.input("\u{1B}["), .input("B"), .input("a"), .input("\u{1B}"), .idle, .idle])
        session.run()
        #expect(session.model.selectedTask?.text == "two")
        #expect(session.model.prompt == nil)
    }

    @Test func aMoveWritesAFewHundredBytes() {
        let store = memoryStore((1...50).map { "task \($0)" }.joined(separator: "\n"))
        var session = Self.session(store, [.input("j"), .idle])
        session.run()
        #expect(session.device.writes.count == 2)
        // The first frame draws every row; the move rewrites two rows.
        #expect(session.device.writes[0].count > 500)
        #expect(session.device.writes[1].count < 200)
    }

    @Test func aResizeRedrawsAtTheNewSizeKeepingTheSelection() {
        let store = memoryStore((1...50).map { "task \($0)" }.joined(separator: "\n"))
        var session = Self.session(
            store, [.input("G"), .resize(width: 40, height: 10), .idle])
        session.run()
        #expect(session.model.selectedTask?.text == "task 9")
        #expect(session.model.pageSize == 8)
        #expect(session.model.top == 42)
        let last = String(decoding: session.device.writes.last ?? [], as: UTF8.self)
        #expect(last.contains("\u{1B}[2J"))
        #expect(last.contains("> 09 task 9"))
    }

    @Test func anExternalChangeShowsUpWithoutAKey() {
        let store = memoryStore("one\n")
        var session = Self.session(
            store, [.idle, .meanwhile { store.replaceTodo(with: "one\ntwo\n") }, .idle])
        session.run()
        #expect(session.model.rowTexts == ["one", "two"])
        let last = String(decoding: session.device.writes.last ?? [], as: UTF8.self)
        #expect(last.contains("two"))
        #expect(last.contains("the file changed on disk; reloaded"))
    }

    @Test func capitalERunsTheEditorAtTheSelectedLineAndRereads() {
        let store = memoryStore("one\ntwo\n")
        var session = Self.session(
            store,
            [
                .input("j"), .input("E"), .meanwhile { store.replaceTodo(with: "one\ntwo!\n") },
                .idle,
            ])
        session.run()
        #expect(session.device.editorLines == [2])
        #expect(session.model.rowTexts == ["one", "two!"])
    }
}
