/// A JSON-RPC error response: a code of the protocol and a one-line message.
package struct ResponseError: Error, Hashable, Sendable {
    /// The error code.
    package var code: Int
    /// What went wrong, in one line.
    package var message: String

    /// An error with a code and a message.
    package init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    /// The body is not JSON (-32700).
    package static func parseError(_ message: String) -> ResponseError {
        ResponseError(code: -32700, message: message)
    }

    /// The JSON is not a valid request, or the request is not allowed now (-32600).
    package static func invalidRequest(_ message: String) -> ResponseError {
        ResponseError(code: -32600, message: message)
    }

    /// No such method (-32601).
    package static func methodNotFound(_ method: String) -> ResponseError {
        ResponseError(code: -32601, message: "unknown method '\(method)'")
    }

    /// The parameters do not fit the method (-32602).
    package static func invalidParams(_ message: String) -> ResponseError {
        ResponseError(code: -32602, message: message)
    }

    /// A request came before `initialize` (-32002).
    package static let serverNotInitialized = ResponseError(
        code: -32002, message: "the server is not initialized; send 'initialize' first")
}
