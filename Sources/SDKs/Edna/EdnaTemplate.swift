// The edna server's push templates (docs/EDNA.md): JSON text with `${…}` placeholders,
// rendered per message into the APNs payload.
import NotificationCore

/// The values a template's placeholders stand for.
public struct EdnaTemplateValues: Hashable, Sendable {
    /// `${id}`: the message id.
    public var id: String
    /// `${externalId}`: the user's external id (the user given to `authorize`).
    public var externalId: String
    /// The message text; `${shortMessage}` is its ``EdnaTemplate/shortMessage(_:)``.
    public var text: String
    /// `${clientId}`: the server's id for the user.
    public var clientId: String
    /// `${campaign}`: the campaign id.
    public var campaign: String

    public init(id: String, externalId: String, text: String, clientId: String, campaign: String) {
        self.id = id
        self.externalId = externalId
        self.text = text
        self.clientId = clientId
        self.campaign = campaign
    }

    /// The text of the placeholder `name`, or nil when no such placeholder exists.
    public func value(of name: String) -> String? {
        switch name {
        case "id": id
        case "externalId": externalId
        case "shortMessage": EdnaTemplate.shortMessage(text)
        case "clientId": clientId
        case "campaign": campaign
        default: nil
        }
    }
}

/// Why the server could not render a push. Nothing is sent; the trace quotes ``description``.
public enum EdnaTemplateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `${name}` names no placeholder.
    case unknownPlaceholder(String)
    /// `${` not followed by a name (letters, digits, `_`) and `}`.
    case malformedPlaceholder
    /// After substitution the text is not JSON.
    case invalidJSON(JSONError)
    /// After substitution the text is JSON, but not an object.
    case notAnObject

    public var description: String {
        switch self {
        case .unknownPlaceholder(let name): "unknown placeholder ${\(name)}"
        case .malformedPlaceholder: "malformed placeholder (a '${' not followed by a name and '}')"
        case .invalidJSON(let error): "the template does not render to JSON (\(error))"
        case .notAnObject: "the template does not render to a JSON object"
        }
    }
}

/// A push template: JSON text with placeholders.
///
/// Substitution is safe whatever the values contain:
/// - a placeholder inside a JSON string (`"alert": "${shortMessage}"`, or part of one,
///   `"Re: ${shortMessage}"`) is replaced by the value escaped for a JSON string (`"` → `\"`,
///   `\` → `\\`, control characters as `\n`, `\t`, … or `\u00XX`);
/// - a placeholder outside any string (`"id": ${id}`) is replaced by the value as a complete
///   JSON string literal, quotes included.
/// So a value can never end a string early, add members or break the JSON.
public struct EdnaTemplate: Hashable, Sendable {
    /// The template text as the operator wrote it.
    public var text: String

    public init(_ text: String) { self.text = text }

    /// The correct default template for `kind` (docs/EDNA.md): `aps` with the string `alert` and
    /// `content-available: 1`; beside it `origin: "threads"`, `id` and `clientId`; for a
    /// campaign also `massPushMessage: true` and `campaign`.
    public static func standard(_ kind: EdnaTemplateKind) -> EdnaTemplate {
        switch kind {
        case .message:
            EdnaTemplate(
                #"{"aps": {"alert": "${shortMessage}", "content-available": 1}, "#
                    + #""origin": "threads", "id": "${id}", "clientId": "${clientId}"}"#)
        case .campaign:
            EdnaTemplate(
                #"{"aps": {"alert": "${shortMessage}", "content-available": 1}, "#
                    + #""origin": "threads", "id": "${id}", "clientId": "${clientId}", "#
                    + #""massPushMessage": true, "campaign": "${campaign}"}"#)
        }
    }

    /// The longest text `${shortMessage}` carries whole, in characters.
    public static let shortMessageLimit = 100

    /// `${shortMessage}`: the text, or, when it is longer than 100 characters (grapheme
    /// clusters, as the user sees them), its first 100 characters and `…`.
    public static func shortMessage(_ text: String) -> String {
        text.count > shortMessageLimit ? String(text.prefix(shortMessageLimit)) + "…" : text
    }

    /// The template with every placeholder replaced (see the type's notes on escaping).
    public func substitute(_ values: EdnaTemplateValues) throws(EdnaTemplateError) -> String {
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var inString = false
        var escaped = false
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "$", index + 1 < scalars.count, scalars[index + 1] == "{" {
                var close = index + 2
                while close < scalars.count, Self.isNameScalar(scalars[close]) { close += 1 }
                guard close > index + 2, close < scalars.count, scalars[close] == "}" else {
                    throw .malformedPlaceholder
                }
                let name = String(String.UnicodeScalarView(scalars[(index + 2)..<close]))
                guard let value = values.value(of: name) else { throw .unknownPlaceholder(name) }
                // The value as a JSON string literal, written by the core's serializer;
                // inside a string, without its quotes.
                let literal = JSONValue.string(value).serialized
                output.append(
                    contentsOf: (inString ? literal.dropFirst().dropLast() : Substring(literal)).unicodeScalars)
                escaped = false
                index = close + 1
                continue
            }
            output.append(scalar)
            if inString {
                if escaped {
                    escaped = false
                } else if scalar == "\\" {
                    escaped = true
                } else if scalar == "\"" {
                    inString = false
                }
            } else if scalar == "\"" {
                inString = true
            }
            index += 1
        }
        return String(output)
    }

    /// The payload: the substituted text, which must be a JSON object.
    public func render(_ values: EdnaTemplateValues) throws(EdnaTemplateError) -> JSONValue {
        let rendered = try substitute(values)
        let payload: JSONValue
        do {
            payload = try JSONValue(parsing: rendered)
        } catch {
            throw .invalidJSON(error)
        }
        guard payload.isObject else { throw .notAnObject }
        return payload
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_")
    }
}

extension EdnaTemplate {
    /// A template's text as a scenario spells it: whole, as a quoted string (it reads back
    /// as the same text); on the install line, one line of at most 60 characters (longer ones
    /// end in `…`), in a raw string unless it holds a `'`.
    static func spelled(_ text: String, for use: SettingSpelling.Use) -> String {
        if use == .scenario { return ScenarioText.quoted(text) }
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        let shown = flat.count > 60 ? String(flat.prefix(59)) + "…" : flat
        return shown.contains("'") ? ScenarioText.quoted(shown) : "'" + shown + "'"
    }
}
