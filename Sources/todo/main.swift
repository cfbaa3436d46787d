// The `todo` command: everything happens in TodoCLI, which catches every error.
import TodoCLI
import TodoPlatform

let status = TodoCLI.run(
    Array(CommandLine.arguments.dropFirst()),
    environment: .current(programPath: CommandLine.arguments.first ?? "todo"))
ProcessState.exit(status)
