import Foundation
import Testing

/// TodoUI is the screen without the terminal: no Foundation, no C library, no file access of
/// its own (every read and write goes through the task store).
@Suite struct ModuleBoundaryTests {
    @Test func todoUIImportsNoCLibraryNoFoundationAndNoStorage() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/TodoUI")
        var checked = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path)
        where name.hasSuffix(".swift") {
            let text = try String(
                contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            let imports = text.split(separator: "\n").filter {
                $0.hasPrefix("import ") || $0.contains(" import ")
            }
            for module in ["Glibc", "Darwin", "Musl", "Foundation", "TodoStore", "TodoPlatform"] {
                #expect(
                    !imports.contains { $0.hasSuffix("import \(module)") },
                    "TodoUI/\(name) imports \(module)")
            }
            checked += 1
        }
        #expect(checked >= 8)
    }
}
