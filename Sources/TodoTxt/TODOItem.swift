/// One task: one line of a todo.txt file, parsed.
///
/// The header fields (done flag, priority, completion and creation dates) come from the start of
/// the line; everything after the header is the description, kept byte for byte. Projects,
/// contexts and tags are views of the description. Serializing an item that was parsed and not
/// changed gives back the exact bytes of the line (FormatRules.md S2).
///
/// ```swift
/// let item = TODOItem(parsing: "(A) 2024-05-17 call mom +family @phone")
/// item.priority        // A
/// item.projects        // ["family"]
/// item.line            // "(A) 2024-05-17 call mom +family @phone"
/// ```
public struct TODOItem: Hashable, Sendable {
    /// Whether the line starts with `x ` (FormatRules.md H1).
    public internal(set) var isDone: Bool
    /// The `(A) ` priority of an open task; always `nil` for a done task (H5).
    public internal(set) var priority: Priority?
    /// The date right after `x ` on a done task (H4).
    public internal(set) var completionDate: LocalDate?
    /// The creation date (H3, H4).
    public internal(set) var creationDate: LocalDate?
    /// The description's bytes, verbatim: everything after the header (D1). They may be any
    /// bytes except LF, including invalid UTF-8.
    public internal(set) var descriptionBytes: ArraySlice<UInt8>

    /// Parses one line (without its terminator). Parsing never fails (D2).
    public init(parsing line: some StringProtocol) {
        self.init(parsingBytes: ArraySlice(line.utf8))
    }

    /// Parses the bytes of one line (without its terminator). Parsing never fails (D2).
    public init(parsingBytes line: ArraySlice<UInt8>) {
        let header = line.withUnsafeBufferPointer { Header(parsing: $0) }
        isDone = header.isDone
        priority = header.priority
        completionDate = header.completionDate
        creationDate = header.creationDate
        descriptionBytes = line[(line.startIndex + header.descriptionStart)...]
    }

    /// Builds a new item, checking that it serializes to a line that parses back to the same
    /// fields (FormatRules.md S3, S4).
    ///
    /// - Throws: ``TODOItemError`` when the description contains a line break, or starts with
    ///   text that the header grammar would claim (`x marks the spot` with no header would
    ///   otherwise become a completed task), or the fields contradict each other.
    public init(
        description: some StringProtocol, priority: Priority? = nil, creationDate: LocalDate? = nil,
        isDone: Bool = false, completionDate: LocalDate? = nil
    ) throws(TODOItemError) {
        try self.init(
            descriptionBytes: ArraySlice(description.utf8), priority: priority,
            creationDate: creationDate, isDone: isDone, completionDate: completionDate)
    }

    /// The checked memberwise initializer behind
    /// ``init(description:priority:creationDate:isDone:completionDate:)``. Edits of a parsed
    /// line pass `allowingCR`: a lone CR there is content (FormatRules.md F3), not a line break.
    init(
        descriptionBytes bytes: ArraySlice<UInt8>, priority: Priority?, creationDate: LocalDate?,
        isDone: Bool, completionDate: LocalDate?, allowingCR: Bool = false
    ) throws(TODOItemError) {
        if bytes.contains(where: { $0 == 0x0A || (!allowingCR && $0 == 0x0D) }) {
            throw .lineBreakInDescription
        }
        if isDone && priority != nil { throw .priorityOnCompletedTask }
        if !isDone && completionDate != nil { throw .completionDateOnOpenTask }
        if isDone && completionDate == nil && creationDate != nil {
            throw .creationDateWithoutCompletionDate
        }
        self.isDone = isDone
        self.priority = priority
        self.completionDate = completionDate
        self.creationDate = creationDate
        self.descriptionBytes = bytes
        let reparsed = TODOItem(parsingBytes: ArraySlice(line))
        guard reparsed == self else { throw .descriptionLooksLikeHeader }
    }

    /// The description as a string. Invalid UTF-8 bytes show as U+FFFD here; they are kept in
    /// ``descriptionBytes`` and in ``line``.
    public var description: String {
        String(decoding: descriptionBytes, as: UTF8.self)
    }

    /// Whether the line is empty or made only of spaces and tabs (FormatRules.md F6).
    public var isBlank: Bool {
        !isDone && priority == nil && creationDate == nil
            && descriptionBytes.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// The line's bytes: the header elements that are present, each followed by one space, then
    /// the description (FormatRules.md S1).
    public var line: [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(descriptionBytes.count + 26)
        if isDone {
            result.append(contentsOf: [0x78, 0x20])
            if let completionDate {
                result.append(contentsOf: completionDate.utf8)
                result.append(0x20)
                if let creationDate {
                    result.append(contentsOf: creationDate.utf8)
                    result.append(0x20)
                }
            }
        } else {
            if let priority {
                result.append(contentsOf: [0x28, priority.ascii, 0x29, 0x20])
            }
            if let creationDate {
                result.append(contentsOf: creationDate.utf8)
                result.append(0x20)
            }
        }
        result.append(contentsOf: descriptionBytes)
        return result
    }

    /// ``line`` as a string (invalid UTF-8 shows as U+FFFD).
    public var text: String {
        String(decoding: line, as: UTF8.self)
    }

    /// The `+project` names of the description, in order, duplicates kept (W1, W6).
    public var projects: [String] {
        var names: [String] = []
        forEachWord { word in
            if word.kind == .project { names.append(String(decoding: word.name, as: UTF8.self)) }
        }
        return names
    }

    /// The `@context` names of the description, in order, duplicates kept (W2, W6).
    public var contexts: [String] {
        var names: [String] = []
        forEachWord { word in
            if word.kind == .context { names.append(String(decoding: word.name, as: UTF8.self)) }
        }
        return names
    }

    /// The `key:value` tags of the description, in order, duplicates kept (W3, W4, W6).
    public var tags: [Tag] {
        var result: [Tag] = []
        forEachWord { word in
            if word.kind == .tag {
                result.append(
                    Tag(
                        key: String(decoding: word.name, as: UTF8.self),
                        value: String(decoding: word.value, as: UTF8.self)))
            }
        }
        return result
    }

    /// The value of the first tag with this key, if any.
    public func tagValue(_ key: String) -> String? {
        let keyBytes = Array(key.utf8)
        var found: String?
        forEachWord { word in
            if found == nil, word.kind == .tag, word.name.elementsEqual(keyBytes) {
                found = String(decoding: word.value, as: UTF8.self)
            }
        }
        return found
    }

    /// The first tag with this key whose value is a valid date (how `due:` and `t:` are read).
    public func dateTag(_ key: String) -> LocalDate? {
        let keyBytes = Array(key.utf8)
        var found: LocalDate?
        forEachWord { word in
            if found == nil, word.kind == .tag, word.name.elementsEqual(keyBytes) {
                found = LocalDate(bytes: word.value)
            }
        }
        return found
    }

    /// Calls `body` with each word of the description, in order (FormatRules.md A.4).
    public func forEachWord(_ body: (Word) throws -> Void) rethrows {
        try Word.scan(descriptionBytes, body)
    }
}

/// Why a new ``TODOItem`` could not be built.
public enum TODOItemError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The description contains LF or CR; a task must stay on one line.
    case lineBreakInDescription
    /// A completed task cannot carry a header priority (use a `pri:X` tag, FormatRules.md C.2).
    case priorityOnCompletedTask
    /// An open task cannot have a completion date.
    case completionDateOnOpenTask
    /// A completed task with a creation date needs a completion date (FormatRules.md S3).
    case creationDateWithoutCompletionDate
    /// The description starts with text the header grammar would read as a header
    /// (FormatRules.md S4), such as `x ` or `(A) ` or a date followed by a space.
    case descriptionLooksLikeHeader
    /// A tag key or value that cannot be written as one `key:value` word (FormatRules.md C.6).
    case invalidTag

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .lineBreakInDescription: "a task cannot contain a line break"
        case .priorityOnCompletedTask: "a completed task cannot have a priority"
        case .completionDateOnOpenTask: "an open task cannot have a completion date"
        case .creationDateWithoutCompletionDate:
            "a completed task with a creation date needs a completion date"
        case .descriptionLooksLikeHeader:
            "the text starts with something that would be read as a completion mark, priority or date"
        case .invalidTag:
            "a tag needs a key without ':', spaces or tabs and a value without spaces that does not start with '//'"
        }
    }
}
