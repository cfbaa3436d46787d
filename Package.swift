// swift-tools-version:6.1
// The todo.txt toolkit: a lossless parser (TodoTxt), safe file storage (TodoStore), a query
// language (TodoQuery), a three-way merge (TodoMerge) and the `todo` command (TodoCLI + todo).
// No package dependencies: the toolchain's standard library, the C library (only through
// TodoPlatform), Foundation (CLI and tests only) and the test libraries.

import PackageDescription

let upcoming: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// The settings of the modules only the `todo` command uses (no library product holds them, so
/// that packages depending on the libraries never meet an unsafe flag). Concrete generic types
/// (`[String: String]` and the like) are reached through their metadata accessors instead of
/// their mangled names: a mangled name is decoded at run time and a requirement on it
/// (`Key: Hashable`) searched for among every conformance of the program, about 250,000
/// instructions of a short run's start-up. Each function gets a section of its own, so that
/// the linker can place the ones a run starts with together (``commandLinking``).
let commandSettings: [SwiftSetting] =
    upcoming + [
        .unsafeFlags([
            "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors",
            "-Xfrontend", "-function-sections",
        ])
    ]

/// How `todo` is linked. The Swift driver exports every public symbol of an executable; the
/// dynamic loader and the runtime's first `dladdr` then search 3,000 names on every run. No
/// code looks its own symbols up, and crash backtraces read the symbol table, not the
/// exported names. The functions a short run goes through (Scripts/startup-order.txt, made by
/// Scripts/startup-order.py) are placed first and in a row: spread over the 25 MB program,
/// they cost a page fault for nearly every one of the 60 stretches of 64 KiB they were in.
/// Benchmarks/StartupFloor links its hello world with the same flags and the same list. (Options
/// of the GNU gold linker the Swift driver uses on Linux, where their cost was measured; not
/// given elsewhere.)
let commandLinking: [LinkerSetting] = [
    .unsafeFlags(
        [
            "-Xlinker", "--no-export-dynamic", "-Xlinker",
            "--section-ordering-file=\(Context.packageDirectory)/Scripts/startup-order.txt",
        ], .when(platforms: [.linux]))
]

let package = Package(
    name: "todo",
    // The first Apple systems with the Synchronization module (`Atomic`, `Mutex`), which
    // TodoPlatform and TodoKit use; `Duration` needs no more. Linux ignores this.
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "TodoTxt", targets: ["TodoTxt"]),
        .library(name: "TodoStore", targets: ["TodoStore"]),
        .library(name: "TodoStoreTesting", targets: ["TodoStoreTesting"]),
        .library(name: "TodoQuery", targets: ["TodoQuery"]),
        .library(name: "TodoMerge", targets: ["TodoMerge"]),
        .library(name: "TodoKit", targets: ["TodoKit"]),
        .executable(name: "todo", targets: ["todo"]),
    ],
    targets: [
        .target(name: "TodoPlatform", swiftSettings: upcoming),
        .target(name: "TodoTxt", swiftSettings: upcoming),
        .target(
            name: "TodoStore", dependencies: ["TodoTxt", "TodoPlatform"], swiftSettings: upcoming),
        .target(
            name: "TodoStoreTesting", dependencies: ["TodoStore", "TodoTxt"],
            swiftSettings: upcoming),
        .target(name: "TodoJSON", swiftSettings: upcoming),
        .target(name: "TodoQuery", dependencies: ["TodoTxt", "TodoJSON"], swiftSettings: upcoming),
        .target(name: "TodoMerge", dependencies: ["TodoTxt"], swiftSettings: upcoming),
        .target(
            name: "TodoCheck", dependencies: ["TodoTxt", "TodoQuery", "TodoJSON"],
            swiftSettings: commandSettings),
        .target(
            name: "TodoLanguageServer",
            dependencies: ["TodoTxt", "TodoJSON", "TodoCheck", "TodoQuery"],
            swiftSettings: commandSettings
        ),
        .target(name: "TodoTerminal", swiftSettings: commandSettings),
        .target(
            name: "TodoHistory", dependencies: ["TodoTxt", "TodoMerge"],
            swiftSettings: commandSettings),
        .target(
            name: "TodoKit",
            dependencies: ["TodoTxt", "TodoQuery", "TodoStore"],
            swiftSettings: upcoming
        ),
        .target(
            name: "TodoUI",
            dependencies: ["TodoKit", "TodoMerge", "TodoTerminal"],
            swiftSettings: commandSettings
        ),
        .target(
            name: "TodoCLI",
            dependencies: [
                "TodoTxt", "TodoStore", "TodoQuery", "TodoMerge", "TodoCheck", "TodoPlatform",
                "TodoJSON", "TodoLanguageServer", "TodoHistory",
                "TodoKit", "TodoTerminal", "TodoUI",
            ],
            swiftSettings: commandSettings
        ),
        .executableTarget(
            name: "todo", dependencies: ["TodoCLI", "TodoPlatform"],
            swiftSettings: commandSettings, linkerSettings: commandLinking),
        .executableTarget(
            name: "todo-bench",
            dependencies: ["TodoPlatform"],
            path: "Benchmarks/TodoBench",
            swiftSettings: upcoming
        ),
        .executableTarget(
            name: "ListOverdue",
            dependencies: ["TodoKit"],
            path: "Examples/ListOverdue",
            swiftSettings: upcoming
        ),
        .target(
            name: "TaskListApp",
            dependencies: ["TodoKit"],
            path: "Examples/TaskListApp/Sources",
            swiftSettings: upcoming
        ),
        .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: upcoming),
        .testTarget(
            name: "TodoPlatformTests", dependencies: ["TodoPlatform"], swiftSettings: upcoming),
        .testTarget(
            name: "TodoTxtTests",
            dependencies: ["TodoTxt", "TestSupport"],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "TodoStoreTests",
            dependencies: ["TodoStore", "TodoStoreTesting", "TodoPlatform", "TodoTxt"],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "TodoQueryTests",
            dependencies: ["TodoQuery", "TodoTxt", "TestSupport"],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "TodoMergeTests",
            dependencies: ["TodoMerge", "TodoTxt", "TestSupport"],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "TodoJSONTests",
            dependencies: ["TodoJSON", "TestSupport"],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "TodoLanguageServerTests",
            dependencies: [
                "TodoLanguageServer", "TodoJSON", "TodoCheck", "TodoTxt", "TestSupport",
            ],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "TodoHistoryTests",
            dependencies: ["TodoHistory", "TodoTxt", "TestSupport"],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "TodoCheckTests",
            dependencies: ["TodoCheck", "TodoTxt"],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "TodoKitTests",
            dependencies: ["TodoKit", "todo", "ListOverdue", "TestSupport"],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "TaskListAppTests",
            dependencies: ["TaskListApp", "TodoKit", "TestSupport"],
            path: "Examples/TaskListApp/Tests",
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "TodoTerminalTests",
            dependencies: ["TodoTerminal", "TestSupport"],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "TodoUITests",
            dependencies: ["TodoUI", "TodoKit", "TodoTerminal", "todo", "TestSupport"],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "TodoCLITests",
            dependencies: [
                "TodoCLI", "TodoHistory", "TodoStore", "TodoStoreTesting", "TodoPlatform",
                "TodoTxt",
                "todo", "TestSupport",
            ],
            exclude: ["Transcripts"],
            swiftSettings: upcoming
        ),
    ]
)
