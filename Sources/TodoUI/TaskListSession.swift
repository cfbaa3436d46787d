import TodoTerminal

/// The loop of `todo ui`: reads keys, lets the model act on them, follows the file and draws
/// what changed, until `q`, Ctrl-C or a signal ends it.
///
/// The terminal itself (raw mode, the alternate screen, restoring it on every way out) is the
/// caller's; the session only reads, writes and asks through a ``TerminalDevice``.
package struct TaskListSession<Device: TerminalDevice> {
    /// The screen's state.
    package private(set) var model: TaskListModel
    /// How the state is drawn.
    package let composer: ScreenComposer
    /// The terminal.
    package var device: Device
    /// Whether the file may have changed since the last call: a cheap check (a `stat`) made
    /// several times a second; `true` makes the model read the file and compare.
    private let fileMayHaveChanged: () -> Bool
    private var renderer: Renderer
    private var decoder = KeyDecoder()

    /// How long to wait for input before checking the file again.
    package static var pollMilliseconds: Int { 200 }
    /// How long an incomplete escape sequence may wait for its next byte before it is taken
    /// as Esc.
    package static var escapeMilliseconds: Int { 50 }

    /// Creates a session.
    ///
    /// - Parameters:
    ///   - model: The list, read from the file.
    ///   - composer: How to draw it.
    ///   - device: The terminal, already in raw mode and on the alternate screen.
    ///   - usesColor: Whether styles are sent (not with `NO_COLOR` or `-p`).
    ///   - fileMayHaveChanged: The cheap change check.
    package init(
        model: TaskListModel, composer: ScreenComposer, device: Device, usesColor: Bool,
        fileMayHaveChanged: @escaping () -> Bool
    ) {
        self.model = model
        self.composer = composer
        self.device = device
        self.fileMayHaveChanged = fileMayHaveChanged
        renderer = Renderer(usesColor: usesColor)
    }

    /// Runs until the user quits or the device says to stop.
    package mutating func run() {
        var size = device.size()
        model.resize(rows: ScreenComposer.listHeight(forScreenHeight: size.height))
        draw(size)
        while !device.mustStop() {
            if device.takeResize() {
                size = device.size()
                model.resize(rows: ScreenComposer.listHeight(forScreenHeight: size.height))
                renderer.invalidate()
            }
            let wait = decoder.isWaiting ? Self.escapeMilliseconds : Self.pollMilliseconds
            let input = device.read(waitingUpTo: wait)
            let keys = input.isEmpty && decoder.isWaiting ? decoder.flush() : decoder.decode(input)
            for key in keys {
                switch key == .control("l") ? .handled : model.handle(key) {
                case .handled:
                    if key == .control("l") { renderer.invalidate() }
                case .quit:
                    return
                case .openEditor(let line):
                    if let failure = device.runEditor(atLine: line) {
                        model.status = .error(failure)
                    }
                    renderer.invalidate()
                    size = device.size()
                    model.resize(rows: ScreenComposer.listHeight(forScreenHeight: size.height))
                    model.followFile()
                }
            }
            if fileMayHaveChanged() { model.followFile() }
            draw(size)
        }
    }

    /// Draws the model, writing only what changed.
    private mutating func draw(_ size: (width: Int, height: Int)) {
        let bytes = renderer.render(
            composer.frame(of: model, width: size.width, height: size.height))
        if !bytes.isEmpty { device.write(bytes) }
    }
}
