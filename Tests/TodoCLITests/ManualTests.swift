import Foundation
import Testing

@testable import TodoCLI

/// The manual (`Documentation/todo.1`) and `todo help` against the actions the binary knows.
@Suite struct ManualTests {
    static let manualPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Documentation/todo.1").path

    static func manual() throws -> String {
        try String(contentsOfFile: manualPath, encoding: .utf8)
    }

    /// Every name and alias of every built-in action.
    static let actionNames: [String] = ActionRegistry.all.flatMap { $0.names }

    @Test(arguments: actionNames)
    func actionIsInTheManual(_ name: String) throws {
        #expect(try Self.manual().contains("\\fB\(name)\\fR"), "'\(name)' is missing from todo.1")
    }

    @Test(arguments: actionNames)
    func actionHasHelp(_ name: String) throws {
        #expect(Help.block(for: name) != nil, "'\(name)' has no block in Help.swift")
        let home = try TodoBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try TodoBinary.shell(
            "todo help \(name)", in: home, environment: TodoBinary.environment(home: home))
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("    \(name)"))
    }

    /// The actions the manual documents, from the `.TP` entries of its ACTIONS section.
    static func documentedActions() throws -> [String] {
        let lines = try manual().split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: ".SH ACTIONS") else { return [] }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix(".SH ") } ?? lines.endIndex
        var names: [String] = []
        for index in start..<end where lines[index] == ".TP" && index + 1 < end {
            var entry = lines[index + 1]
            while let open = entry.range(of: "\\fB") {
                let rest = entry[open.upperBound...]
                guard let close = rest.range(of: "\\fR") else { break }
                names.append(String(rest[..<close.lowerBound]))
                guard rest[close.upperBound...].hasPrefix("|") else { break }
                entry = rest[close.upperBound...]
            }
        }
        return names
    }

    @Test func everyDocumentedActionHasHelp() throws {
        let documented = try Self.documentedActions()
        #expect(documented.count >= Self.actionNames.count)
        for name in documented {
            #expect(Help.block(for: name) != nil, "todo.1 documents '\(name)', which has no help")
        }
    }

    @Test func manualHasTheUsualSections() throws {
        let manual = try Self.manual()
        for section in [
            "NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "ACTIONS", "CONFIGURATION", "ENVIRONMENT",
            "FILES", "EXIT STATUS", "EXAMPLES",
        ] {
            #expect(manual.contains("\n.SH \(section)\n"), "todo.1 has no \(section) section")
        }
    }

    @Test func manualNamesTheVersion() throws {
        let home = try TodoBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try TodoBinary.shell(
            "todo --version", in: home, environment: TodoBinary.environment(home: home))
        let version = result.output.split(separator: "\n").first.map(String.init) ?? ""
        #expect(version.hasPrefix("todo "))
        #expect(try Self.manual().contains("\"\(version)\""), "todo.1 does not say \(version)")
    }

    @Test func everyOptionOfTheHelpIsInTheManual() throws {
        let manual = try Self.manual()
        for line in Help.options {
            let option = line.split(separator: " ").first.map(String.init) ?? ""
            let roff = option.replacingOccurrences(of: "-", with: "\\-")
            #expect(manual.contains(roff), "option \(option) is missing from todo.1")
        }
    }
}
