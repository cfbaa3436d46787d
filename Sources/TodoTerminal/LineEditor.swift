/// The one-line editor of the prompts: the text, split at the cursor, and what each key does
/// to it.
///
/// Keys: ←/→ (and Ctrl-B/F), Home/End (and Ctrl-A/E), Backspace, Delete (and Ctrl-D), Ctrl-K
/// (delete to the end), Ctrl-U (delete to the start), Ctrl-W (delete the word before the
/// cursor), Tab (complete the word before the cursor), Enter (submit), Esc (cancel). Cursor
/// moves and deletions go by whole characters (grapheme clusters), so a letter and its accents
/// go together. The text never holds a control character: pasted tabs and line breaks become
/// spaces and other controls are dropped.
package struct LineEditor: Hashable, Sendable {
    /// What a key did.
    package enum Outcome: Hashable, Sendable {
        /// The text or the cursor changed.
        case edited
        /// The key means nothing here (the caller may give it a meaning, such as Ctrl-C).
        case ignored
        /// Enter: the text to act on.
        case submitted(String)
        /// Esc: the prompt is to close without acting.
        case cancelled
        /// Tab found several completions (the text went as far as they agree) or none; the
        /// caller may show them.
        case candidates([String])
    }

    /// The text left of the cursor.
    package private(set) var beforeCursor: String
    /// The text right of the cursor.
    package private(set) var afterCursor: String

    /// An editor holding `text` (controls removed as for a paste), the cursor at its end.
    package init(text: String = "") {
        beforeCursor = ""
        afterCursor = ""
        insert(text)
    }

    /// The whole text.
    package var text: String { beforeCursor + afterCursor }

    /// Applies one key.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - complete: For Tab: given the word before the cursor (the text after the last space,
    ///     possibly empty), the words it may become.
    package mutating func handle(
        _ key: Key, complete: (Substring) -> [String] = { _ in [] }
    ) -> Outcome {
        switch key {
        case .text(let scalar): insert(String(scalar))
        case .paste(let text): insert(text)
        case .left, .control("b"):
            guard let last = beforeCursor.popLast() else { return .ignored }
            afterCursor.insert(last, at: afterCursor.startIndex)
        case .right, .control("f"):
            guard let first = afterCursor.first else { return .ignored }
            afterCursor.removeFirst()
            beforeCursor.append(first)
        case .home, .control("a"):
            afterCursor = beforeCursor + afterCursor
            beforeCursor = ""
        case .end, .control("e"):
            beforeCursor += afterCursor
            afterCursor = ""
        case .backspace:
            guard beforeCursor.popLast() != nil else { return .ignored }
        case .delete, .control("d"):
            guard !afterCursor.isEmpty else { return .ignored }
            afterCursor.removeFirst()
        case .control("k"): afterCursor = ""
        case .control("u"): beforeCursor = ""
        case .control("w"):
            while let last = beforeCursor.last, last == " " { beforeCursor.removeLast() }
            while let last = beforeCursor.last, last != " " { beforeCursor.removeLast() }
        case .tab: return completeWord(complete)
        case .enter: return .submitted(text)
        case .escape: return .cancelled
        default: return .ignored
        }
        return .edited
    }

    /// Replaces the word before the cursor with its only completion (and a space), or with the
    /// longest start all completions share.
    private mutating func completeWord(_ complete: (Substring) -> [String]) -> Outcome {
        let wordStart = beforeCursor.lastIndex(of: " ").map { beforeCursor.index(after: $0) }
        let word = beforeCursor[(wordStart ?? beforeCursor.startIndex)...]
        let candidates = complete(word)
        guard let first = candidates.first else { return .candidates([]) }
        let replacement: String
        if candidates.count == 1 {
            replacement = first + (afterCursor.first == " " ? "" : " ")
        } else {
            var shared = first[...]
            for candidate in candidates.dropFirst() {
                shared = shared.prefix(zip(shared, candidate).prefix { $0 == $1 }.count)
            }
            replacement = String(shared)
        }
        let keep = String(beforeCursor[..<(wordStart ?? beforeCursor.startIndex)])
        guard replacement.count >= word.count else { return .candidates(candidates) }
        beforeCursor = keep
        insert(replacement)
        return candidates.count == 1 ? .edited : .candidates(candidates)
    }

    /// Inserts `text` at the cursor: tabs and line breaks as spaces, other controls dropped.
    private mutating func insert(_ text: String) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\t", "\n", "\r": beforeCursor.unicodeScalars.append(" ")
            default:
                if !DisplayWidth.isControl(scalar) { beforeCursor.unicodeScalars.append(scalar) }
            }
        }
    }

    /// The part of the text to show in `width` columns, scrolled just enough that the cursor
    /// (which needs a column of its own at the end of the text) is in view.
    ///
    /// - Returns: The text to draw and the cursor's column within it.
    package func visible(width: Int) -> (text: String, cursorColumn: Int) {
        guard width > 0 else { return ("", 0) }
        let characters = Array(beforeCursor) + Array(afterCursor)
        let widths = characters.map { VisibleText.width(String($0)) }
        let cursor = beforeCursor.count
        var start = 0
        var beforeWidth = widths[..<cursor].reduce(0, +)
        while start < cursor && beforeWidth > width - 1 {
            beforeWidth -= widths[start]
            start += 1
        }
        var end = start
        var used = 0
        while end < characters.count && used + widths[end] <= width {
            used += widths[end]
            end += 1
        }
        return (String(characters[start..<end]), beforeWidth)
    }
}
