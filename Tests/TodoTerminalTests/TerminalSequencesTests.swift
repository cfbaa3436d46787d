import Testing
import TodoTerminal

@Suite struct TerminalSequencesTests {
    @Test func enteringAndLeavingTheFullScreenSetAndClearTheModes() {
        var screen = VirtualScreen(width: 80, height: 24)
        screen.apply(TerminalSequences.enterFullScreen)
        #expect(screen.problems == [])
        #expect(screen.modes == ["?1049", "?2004"])
        #expect(!screen.cursorVisible)
        var renderer = Renderer(usesColor: true)
        screen.apply(
            renderer.render(listFrame(width: 80, height: 24, tasks: sampleTasks, selected: 0)))
        screen.apply(TerminalSequences.leaveFullScreen)
        #expect(screen.problems == [])
        #expect(screen.modes == ["?7"])
        #expect(screen.cursorVisible)
    }
}
