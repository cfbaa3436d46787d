/// How a command ends early: the messages were already printed, only the status is left.
struct CommandExit: Error {
    /// The exit status.
    var status: Int32
}
