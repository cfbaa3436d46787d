/// How `todo query` prints its results (the README, "Querying tasks").
///
/// - `text`: todo.sh-style numbered lines, `NN line`, the number zero-padded to the width of
///   the file's line count.
/// - `todotxt`: the lines alone, each ending in LF: a valid todo.txt file.
/// - `json`: one array of ``JSONRecord`` objects, one per line; `[]` when empty.
/// - `jsonl`: one ``JSONRecord`` object per line.
/// - `csv`: RFC 4180 (CRLF line ends, fields with `,`, `"`, CR or LF quoted and their quotes
///   doubled), with the header row ``csvColumns``, also printed for an empty result.
/// - a template such as `{line} {pri} {text}`: one line per task (see ``init(parsing:)``).
public struct OutputFormat: Sendable, Hashable {
    enum Kind: Hashable {
        case text, todotxt, json, jsonl, csv
        case template([TemplateSegment])
    }

    /// A piece of a template.
    enum TemplateSegment: Hashable {
        case literal([UInt8])
        case field(TemplateField)
    }

    /// A `{field}` of a template.
    enum TemplateField: Hashable {
        case line, raw, text, priority, created, completed, due, threshold, projects, contexts
        case tag([UInt8])
    }

    let kind: Kind

    /// Numbered lines, the default.
    public static let text = OutputFormat(kind: .text)
    /// The lines alone.
    public static let todotxt = OutputFormat(kind: .todotxt)
    /// One JSON array.
    public static let json = OutputFormat(kind: .json)
    /// One JSON object per line.
    public static let jsonl = OutputFormat(kind: .jsonl)
    /// Comma-separated values with a header row.
    public static let csv = OutputFormat(kind: .csv)

    /// The CSV header: line number, `true`/`false`, the header priority (empty for a done
    /// task), the two dates, the description, project and context names and `key:value` tags
    /// each joined by single spaces, the first valid `due:` and `t:` dates, and the raw line.
    public static let csvColumns = [
        "line", "done", "priority", "completionDate", "creationDate", "description", "projects",
        "contexts", "tags", "due", "t", "raw",
    ]

    /// The fields a template may use.
    public static let templateFields = [
        "{line}", "{raw}", "{text}", "{pri}", "{created}", "{completed}", "{due}", "{t}",
        "{projects}", "{contexts}", "{tag:KEY}",
    ]

    private init(kind: Kind) {
        self.kind = kind
    }

    /// Parses the value of `--format`: `text`, `todotxt`, `json`, `jsonl`, `csv`, or a
    /// template containing `{field}` placeholders.
    ///
    /// In a template, `{line}` is the line number, `{raw}` the whole line, `{text}` the
    /// description, `{pri}` the priority (a done task's `pri:` tag), `{created}`,
    /// `{completed}`, `{due}` and `{t}` dates, `{projects}` and `{contexts}` the names joined by
    /// spaces, and `{tag:KEY}` the first value of that tag. A missing value prints nothing;
    /// `{{` and `}}` print a brace.
    ///
    /// - Throws: ``QueryError`` for an unknown format name, an unknown field or an
    ///   unterminated `{`.
    public init(parsing text: String) throws(QueryError) {
        switch text {
        case "text": kind = .text
        case "todotxt": kind = .todotxt
        case "json": kind = .json
        case "jsonl": kind = .jsonl
        case "csv": kind = .csv
        default:
            guard text.utf8.contains(0x7B) else {
                throw QueryError(
                    "unknown format '\(text)'",
                    expected: [
                        "text", "todotxt", "json", "jsonl", "csv",
                        "a template like '{line} {text}'",
                    ])
            }
            kind = .template(try OutputFormat.parseTemplate(Array(text.utf8)))
        }
    }

    private static func parseTemplate(_ bytes: [UInt8]) throws(QueryError) -> [TemplateSegment] {
        var segments: [TemplateSegment] = []
        var literal: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let next: UInt8? = index + 1 < bytes.count ? bytes[index + 1] : nil
            if (byte == 0x7B || byte == 0x7D) && next == byte {
                literal.append(byte)
                index += 2
                continue
            }
            guard byte == 0x7B else {
                literal.append(byte)
                index += 1
                continue
            }
            guard let close = bytes[index...].firstIndex(of: 0x7D) else {
                let rest = String(decoding: bytes[index...], as: UTF8.self)
                throw QueryError("unterminated field '\(rest)' in format", expected: ["'}'"])
            }
            let name = bytes[(index + 1)..<close]
            if !literal.isEmpty {
                segments.append(.literal(literal))
                literal = []
            }
            segments.append(.field(try field(named: name)))
            index = close + 1
        }
        if !literal.isEmpty { segments.append(.literal(literal)) }
        return segments
    }

    private static func field(named name: ArraySlice<UInt8>) throws(QueryError) -> TemplateField {
        let text = String(decoding: name, as: UTF8.self)
        switch text {
        case "line": return .line
        case "raw": return .raw
        case "text": return .text
        case "pri": return .priority
        case "created": return .created
        case "completed": return .completed
        case "due": return .due
        case "t": return .threshold
        case "projects": return .projects
        case "contexts": return .contexts
        default:
            if text.hasPrefix("tag:") && text.utf8.count > 4 {
                return .tag(Array(name.dropFirst(4)))
            }
            throw QueryError("unknown format field '{\(text)}'", expected: templateFields)
        }
    }
}
