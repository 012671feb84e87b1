#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// JSON-RPC 2.0 as the Language Server Protocol uses it: requests (with an id), responses,
// notifications (no id), and the error codes the protocol names.

/// Any JSON value, for the parts of a message whose shape is open
/// (`initializationOptions`, the id of a request).
public enum JSONValue: Codable, Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let b = try? container.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? container.decode(Double.self) {
            self = .number(n)
        } else if let s = try? container.decode(String.self) {
            self = .string(s)
        } else if let a = try? container.decode([JSONValue].self) {
            self = .array(a)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let b): try container.encode(b)
        case .number(let n): try container.encode(n)
        case .string(let s): try container.encode(s)
        case .array(let a): try container.encode(a)
        case .object(let o): try container.encode(o)
        }
    }

    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }
}

/// A request's id: a number or a string (null only in an error response to a message whose
/// id could not be read).
public enum RequestID: Codable, Hashable, Sendable, CustomStringConvertible {
    case number(Int)
    case string(String)
    case null

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let n = try? container.decode(Int.self) {
            self = .number(n)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let n): try container.encode(n)
        case .string(let s): try container.encode(s)
        case .null: try container.encodeNil()
        }
    }

    public var description: String {
        switch self {
        case .number(let n): return String(n)
        case .string(let s): return "\"\(s)\""
        case .null: return "null"
        }
    }
}

/// An error in a response.
public struct ResponseError: Error, Codable, Hashable, Sendable {
    public var code: Int
    public var message: String

    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    // The codes of JSON-RPC 2.0 and of the Language Server Protocol 3.17.
    public static func parseError(_ message: String) -> ResponseError { .init(code: -32700, message: message) }
    public static func invalidRequest(_ message: String) -> ResponseError { .init(code: -32600, message: message) }
    public static func methodNotFound(_ method: String) -> ResponseError {
        .init(code: -32601, message: "method not found: \(method)")
    }
    public static func invalidParams(_ message: String) -> ResponseError { .init(code: -32602, message: message) }
    public static func internalError(_ message: String) -> ResponseError { .init(code: -32603, message: message) }
    public static let serverNotInitialized = ResponseError(code: -32002, message: "the server is not initialized")
    public static func requestFailed(_ message: String) -> ResponseError { .init(code: -32803, message: message) }
}

/// What a received message is, once its envelope is read.
public enum IncomingMessage: Sendable {
    case request(id: RequestID, method: String)
    case notification(method: String)
    /// A response to a request the server sent (the server sends none, so it is ignored).
    case response(id: RequestID)
}

/// The fields every message has; `params` is decoded later, for the method's own type.
struct Envelope: Decodable {
    var id: RequestID?
    var hasID: Bool
    var method: String?
    var isResponse: Bool

    enum CodingKeys: String, CodingKey { case jsonrpc, id, method, result, error }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        hasID = container.contains(.id)
        id = hasID ? try container.decode(RequestID.self, forKey: .id) : nil
        method = try container.decodeIfPresent(String.self, forKey: .method)
        isResponse = container.contains(.result) || container.contains(.error)
    }
}

/// A message's `params`, decoded as `P`.
struct ParamsOf<P: Decodable>: Decodable {
    var params: P
}

/// `params` that are absent or ignored.
public struct NoParams: Codable, Sendable {
    public init() {}
}

/// Encodes outgoing messages: keys sorted, so the same reply is the same bytes.
enum Outgoing {
    static let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return e
    }()

    struct Response<R: Encodable>: Encodable {
        var id: RequestID
        var result: R?
        var error: ResponseError?
        enum CodingKeys: String, CodingKey { case jsonrpc, id, result, error }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode("2.0", forKey: .jsonrpc)
            try c.encode(id, forKey: .id)
            if let error {
                try c.encode(error, forKey: .error)
            } else if let result {
                try c.encode(result, forKey: .result)
            } else {
                try c.encodeNil(forKey: .result)
            }
        }
    }

    struct Notification<P: Encodable>: Encodable {
        var method: String
        var params: P
        enum CodingKeys: String, CodingKey { case jsonrpc, method, params }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode("2.0", forKey: .jsonrpc)
            try c.encode(method, forKey: .method)
            try c.encode(params, forKey: .params)
        }
    }

    static func response<R: Encodable>(_ id: RequestID, _ result: R?) -> [UInt8] {
        encode(Response(id: id, result: result, error: nil))
    }

    static func error(_ id: RequestID, _ error: ResponseError) -> [UInt8] {
        encode(Response<NoParams>(id: id, result: nil, error: error))
    }

    static func notification<P: Encodable>(_ method: String, _ params: P) -> [UInt8] {
        encode(Notification(method: method, params: params))
    }

    private static func encode(_ value: some Encodable) -> [UInt8] {
        // Encoding our own types cannot fail short of a bug; say so rather than crash.
        (try? encoder.encode(value)).map { [UInt8]($0) }
            ?? Array(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"cannot encode the reply"}}"#.utf8)
    }
}
