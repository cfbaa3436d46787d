import Testing
import TodoTxt

/// A line and the projects, contexts and tags the spec says its description holds. Names are
/// compared as UTF-8 bytes, so canonically equivalent spellings stay different (W6, B.24).
struct WordCase: Sendable, CustomTestStringConvertible {
    let rule: String
    let line: String
    let projects: [String]
    let contexts: [String]
    let tags: [[String]]

    init(
        _ rule: String, _ line: String, projects: [String] = [], contexts: [String] = [],
        tags: [[String]] = []
    ) {
        self.rule = rule
        self.line = line
        self.projects = projects
        self.contexts = contexts
        self.tags = tags
    }

    var testDescription: String { "\(rule): \(visible(line))" }
}

@Suite struct WordTests {
    static let cases: [WordCase] = [
        // W1: projects.
        WordCase("W1", "+proj", projects: ["proj"]),
        WordCase("W1", "call +family now", projects: ["family"]),
        WordCase("W1", "+move,", projects: ["move,"]),
        WordCase("W1", "+a+b@c", projects: ["a+b@c"]),
        WordCase("W1", "+a:b", projects: ["a:b"]),
        WordCase("W1", "+", projects: []),
        WordCase("W1", "a + b", projects: []),
        WordCase("W1", "2+2", projects: []),
        WordCase("W1", "(+x)", projects: []),
        WordCase("W1", "\"+x\"", projects: []),
        WordCase("W1", "++", projects: ["+"]),
        WordCase("W1", "+@", projects: ["@"]),
        // W2: contexts.
        WordCase("W2", "@home", contexts: ["home"]),
        WordCase("W2", "soandso@example.com", contexts: []),
        WordCase("W2", "@soandso@example.com", contexts: ["soandso@example.com"]),
        WordCase("W2", "@", contexts: []),
        WordCase("W2", "(@ctx)", contexts: []),
        WordCase("W2", "@@", contexts: ["@"]),
        WordCase("W2", "@a:b", contexts: ["a:b"]),
        // W3: tags.
        WordCase("W3", "due:2024-05-01", tags: [["due", "2024-05-01"]]),
        WordCase("W3", "a:b:c", tags: [["a", "b:c"]]),
        WordCase("W3", "key:", tags: []),
        WordCase("W3", ":v", tags: []),
        WordCase("W3", ":", tags: []),
        WordCase("W3", "a::", tags: [["a", ":"]]),
        WordCase("W3", "(due:2024-05-01)", tags: [["(due", "2024-05-01)"]]),
        WordCase("W3", "due:2024-02-30", tags: [["due", "2024-02-30"]]),
        WordCase("W3", "12:30", tags: [["12", "30"]]),
        WordCase("W3", "C:\\x", tags: [["C", "\\x"]]),
        WordCase("W3", "a:/", tags: [["a", "/"]]),
        WordCase("W3", "k:\u{E9}t\u{E9}", tags: [["k", "\u{E9}t\u{E9}"]]),
        // W4: URLs are text; other colon words stay tags.
        WordCase("W4", "http://x", tags: []),
        WordCase("W4", "https://x:8443/", tags: []),
        WordCase("W4", "file:///tmp/a", tags: []),
        WordCase("W4", "url:https://x", tags: [["url", "https://x"]]),
        WordCase("W4", "mailto:me@x", tags: [["mailto", "me@x"]]),
        WordCase("W4", "http:/x", tags: [["http", "/x"]]),
        WordCase("W4", "a://", tags: []),
        // W5: everything else is text.
        WordCase("W5", "#hashtag plain words", tags: []),
        WordCase("W5", "x (A) 2024-01-01", tags: []),
        // W6: order, duplicates, case, no normalization.
        WordCase("W6", "+a +b +a", projects: ["a", "b", "a"]),
        WordCase("W6", "+A +a", projects: ["A", "a"]),
        WordCase("W6", "+caf\u{E9} +cafe\u{301}", projects: ["caf\u{E9}", "cafe\u{301}"]),
        WordCase("W6", "day:mon day:thu", tags: [["day", "mon"], ["day", "thu"]]),
        WordCase(
            "W6", "@b +a k:v @a +b", projects: ["a", "b"], contexts: ["b", "a"],
            tags: [["k", "v"]]),
        // A.0: separators are SP and TAB only.
        WordCase("A.0", "+a\t+b", projects: ["a", "b"]),
        WordCase("A.0", "+a\u{A0}+b", projects: ["a\u{A0}+b"]),
        WordCase("A.0", "+a\u{3000}@b", projects: ["a\u{3000}@b"]),
        WordCase("A.0", "+a\u{2028}@b", projects: ["a\u{2028}@b"]),
        WordCase("A.0", "+a\u{0B}b\u{0C}c\u{85}d", projects: ["a\u{0B}b\u{0C}c\u{85}d"]),
        WordCase("A.0", "+a\rk:v", projects: ["a\rk:v"]),
        WordCase("A.0", "  +a  \t @b\t", projects: ["a"], contexts: ["b"]),
        // Part B.
        WordCase("B.11", "+", projects: []),
        WordCase("B.11", "2+2=4", projects: []),
        WordCase("B.11", "+proj,", projects: ["proj,"]),
        WordCase("B.11", "(@ctx)", contexts: []),
        WordCase("B.11", "email@example.com", contexts: []),
        WordCase("B.12", "+a\tb:c", projects: ["a"], tags: [["b", "c"]]),
        WordCase("B.12", "+a\u{A0}b:c", projects: ["a\u{A0}b:c"]),
        WordCase("B.13", "a:b:c", tags: [["a", "b:c"]]),
        WordCase("B.14", "see http://example.com now", tags: []),
        WordCase("B.14", "https://h:8443/p", tags: []),
        WordCase("B.15", "12:30", tags: [["12", "30"]]),
        WordCase("B.15", "9:00am", tags: [["9", "00am"]]),
        WordCase("B.15", "C:\\Users", tags: [["C", "\\Users"]]),
        WordCase("B.16", "+proj:sub", projects: ["proj:sub"]),
        WordCase("B.16", "@ctx:sub", contexts: ["ctx:sub"]),
        WordCase("B.17", "@b @a @b", contexts: ["b", "a", "b"]),
        WordCase(
            "B.24", "+\u{65E5}\u{672C} @caf\u{E9}", projects: ["\u{65E5}\u{672C}"],
            contexts: ["caf\u{E9}"]),
        WordCase("B.24", "+\u{1F600}", projects: ["\u{1F600}"]),
        WordCase("B.24", "@cafe\u{301}", contexts: ["cafe\u{301}"]),
        WordCase("B.26", "key: :value", tags: []),
    ]

    private static func utf8(_ names: [String]) -> [[UInt8]] { names.map { Array($0.utf8) } }

    @Test("Part A words and Part B word resolutions", arguments: cases)
    func words(_ test: WordCase) {
        let item = TODOItem(parsing: test.line)
        #expect(Self.utf8(item.projects) == Self.utf8(test.projects))
        #expect(Self.utf8(item.contexts) == Self.utf8(test.contexts))
        #expect(
            item.tags.map { [Array($0.key.utf8), Array($0.value.utf8)] }
                == test.tags.map { $0.map { Array($0.utf8) } })
    }

    @Test("D1: words are views; the description keeps them", arguments: cases)
    func descriptionKeepsWords(_ test: WordCase) {
        let item = TODOItem(parsing: test.line)
        #expect(item.line == bytes(test.line))
        // Every word is a slice of the description, in order, and no word holds SP or TAB.
        var last = item.descriptionBytes.startIndex
        item.forEachWord { word in
            #expect(word.bytes.startIndex >= last)
            #expect(!word.bytes.isEmpty)
            #expect(!word.bytes.contains(0x20) && !word.bytes.contains(0x09))
            #expect(
                Array(item.descriptionBytes[word.bytes.startIndex..<word.bytes.endIndex])
                    == Array(word.bytes))
            last = word.bytes.endIndex
        }
    }

    @Test("W6/B.24: NFC and NFD names are different scalar sequences")
    func normalization() {
        let item = TODOItem(parsing: "+caf\u{E9} +cafe\u{301} @caf\u{E9} @cafe\u{301}")
        #expect(item.projects.count == 2)
        #expect(item.projects[0].unicodeScalars.count == 4)
        #expect(item.projects[1].unicodeScalars.count == 5)
        #expect(!item.projects[0].utf8.elementsEqual(item.projects[1].utf8))
        #expect(item.contexts.map { $0.unicodeScalars.count } == [4, 5])
    }

    @Test("A.4: each word is classified by the first rule that matches")
    func kinds() {
        var kinds: [Word.Kind] = []
        var names: [[UInt8]] = []
        var values: [[UInt8]] = []
        TODOItem(parsing: "+p @c k:v http://x plain +q:r").forEachWord { word in
            kinds.append(word.kind)
            names.append(Array(word.name))
            values.append(Array(word.value))
        }
        #expect(kinds == [.project, .context, .tag, .text, .text, .project])
        #expect(
            names == [
                bytes("p"), bytes("c"), bytes("k"), bytes("http://x"), bytes("plain"), bytes("q:r"),
            ])
        #expect(values == [[], [], bytes("v"), [], [], []])
    }

    @Test("A.4: the header is not scanned for words")
    func headerIsNotWords() {
        var count = 0
        TODOItem(parsing: "x 2024-01-01 2023-01-01 ").forEachWord { _ in count += 1 }
        #expect(count == 0)
        #expect(TODOItem(parsing: "(A) +p").projects == ["p"])
        #expect(TODOItem(parsing: " (A) +p").projects == ["p"])
    }

    @Test("A.7: tagValue and dateTag read the first matching tag")
    func tagLookup() {
        let item = TODOItem(parsing: "due:2024-02-30 due:2024-03-01 t:x +due:2024-01-01 Due:1")
        #expect(item.tagValue("due") == "2024-02-30")
        #expect(item.tagValue("Due") == "1")
        #expect(item.tagValue("+due") == nil)
        #expect(item.tagValue("missing") == nil)
        #expect(item.dateTag("due") == date("2024-03-01"))
        #expect(item.dateTag("t") == nil)
    }

    @Test("A.6: tags are key/value pairs; Tag prints as key:value")
    func tagValue() {
        let tag = Tag(key: "a", value: "b:c")
        #expect(tag.description == "a:b:c")
        #expect(TODOItem(parsing: "a:b:c").tags == [tag])
    }
}
