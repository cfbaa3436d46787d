import Testing

@testable import TodoCLI

/// The path helpers todo.sh's `basename` and `dirname` stand for, on ASCII and other names.
@Suite struct PathTests {
    @Test func basenameIsThePartAfterTheLastSlash() {
        #expect(Path.basename("/usr/bin/todo") == "todo")
        #expect(Path.basename("todo") == "todo")
        #expect(Path.basename("/home/ä/lists/") == "lists")
        #expect(Path.basename("/home/ä/lïsts") == "lïsts")
        #expect(Path.basename("/") == "")
    }

    @Test func directoryIsThePartBeforeTheLastSlash() {
        #expect(Path.directory(of: "/home/ä/todo.txt") == "/home/ä")
        #expect(Path.directory(of: "/home/ä//") == "/home")
        #expect(Path.directory(of: "/todo.txt") == "/")
        #expect(Path.directory(of: "/") == "/")
        #expect(Path.directory(of: "todo.txt") == ".")
        #expect(Path.directory(of: "lists/todo.txt") == "lists")
    }

    @Test func absolutePathsStayAndRelativeOnesJoinTheDirectory() {
        #expect(Path.absolute("/a/b", from: "/c") == "/a/b")
        #expect(Path.absolute("b", from: "/c") == "/c/b")
        #expect(Path.absolute("b", from: "/") == "/b")
    }
}
