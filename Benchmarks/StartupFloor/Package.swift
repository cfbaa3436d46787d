// swift-tools-version:6.1
// The start-up floor of todo-bench: a Swift "hello world", built as the benchmark builds `todo`
// (release, Swift runtime linked statically).

import PackageDescription

let package = Package(
    name: "StartupFloor",
    targets: [.executableTarget(name: "hello")]
)
