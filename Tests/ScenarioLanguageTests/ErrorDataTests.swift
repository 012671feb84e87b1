import Foundation
import Testing

@testable import ScenarioLanguage

/// One input of Data/errors.scn: its bytes, and the errors expected on each line.
struct ErrorChunk: CustomTestStringConvertible, Sendable {
    var firstLine: Int
    var bytes: [UInt8]
    var expectations: [(line: Int, text: String)]
    var testDescription: String { "errors.scn:\(firstLine)" }
}

/// Files the include chunks can read.
let includeFiles: [String: String] = [
    "lib/common.scn": "def cold_tap delay {\n    launch killed\n    tap\n    wait $delay\n}\n",
    "lib/cases.scn": "case \"x\" {\n    tap\n}\n",
    "lib/tagged.scn": "tags slow\n",
]

func loadErrorChunks() -> [ErrorChunk] {
    guard let url = Bundle.module.url(forResource: "errors", withExtension: "scn", subdirectory: "Data"),
        let text = try? String(contentsOf: url, encoding: .utf8)
    else { return [] }
    var chunks: [ErrorChunk] = []
    var lines: [String] = []
    var first = 1
    func flush() {
        var expectations: [(Int, String)] = []
        for (k, line) in lines.enumerated() {
            var rest = Substring(line)
            while let marker = rest.range(of: "### ") {
                rest = rest[marker.upperBound...]
                guard let open = rest.first, open == "\"" || open == "`" else { break }
                let body = rest.dropFirst()
                guard let close = body.firstIndex(of: open) else { break }
                expectations.append((k + 1, String(body[..<close])))
                rest = body[body.index(after: close)...]
            }
        }
        var bytes = Array(lines.joined(separator: "\n").utf8) + [UInt8(ascii: "\n")]
        bytes = replace(bytes, "<NUL>", 0x00)
        bytes = replace(bytes, "<FF>", 0xFF)
        chunks.append(ErrorChunk(firstLine: first, bytes: bytes, expectations: expectations))
    }
    for (k, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        if line == "---" {
            flush()
            lines = []
            first = k + 2
        } else {
            lines.append(String(line))
        }
    }
    flush()
    return chunks
}

private func replace(_ bytes: [UInt8], _ marker: String, _ byte: UInt8) -> [UInt8] {
    let m = Array(marker.utf8)
    var out: [UInt8] = []
    var i = 0
    while i < bytes.count {
        if i + m.count <= bytes.count && Array(bytes[i..<(i + m.count)]) == m {
            out.append(byte)
            i += m.count
        } else {
            out.append(bytes[i])
            i += 1
        }
    }
    return out
}

@Suite struct ErrorDataTests {
    @Test func theDataFileIsThere() {
        #expect(loadErrorChunks().count > 20)
    }

    @Test(arguments: loadErrorChunks())
    func chunk(_ chunk: ErrorChunk) {
        let file = SourceFile(path: "errors.scn", bytes: chunk.bytes)
        let result = Language.check(file, registry: testRegistry, loader: MemoryLoader(files: includeFiles))
        var unmet = chunk.expectations
        for d in result.diagnostics {
            let line = chunk.firstLine + d.location.line - 1
            let here = d.path == "errors.scn"
            let said = (here ? "" : d.path + ": ") + d.message + " " + (d.label ?? "")
            guard let k = unmet.firstIndex(where: { ($0.line == d.location.line || !here) && said.contains($0.text) })
            else {
                Issue.record(
                    "errors.scn:\(line):\(d.location.column): unexpected \(d.path == "errors.scn" ? "" : d.path + ": ")\(d.message) [\(d.label ?? "")]"
                )
                continue
            }
            unmet.remove(at: k)
        }
        for e in unmet {
            Issue.record("errors.scn:\(chunk.firstLine + e.line - 1): expected an error containing \"\(e.text)\"")
        }
    }
}
