// swift-tools-version:6.1
// The start-up floor of todo-bench: a Swift "hello world", built as the benchmark builds `todo`
// (release, linked fully statically) and with the flags `todo` is compiled and linked
// with (the root Package.swift's `commandSettings` and `commandLinking`).

import PackageDescription

let package = Package(
    name: "StartupFloor",
    targets: [
        .executableTarget(
            name: "hello",
            swiftSettings: [
                .unsafeFlags([
                    "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors",
                    "-Xfrontend", "-function-sections",
                ])
            ],
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-Xlinker", "--no-export-dynamic", "-Xlinker",
                        "--section-ordering-file=\(Context.packageDirectory)/../../Scripts/startup-order.txt",
                    ], .when(platforms: [.linux]))
            ]
        )
    ]
)
