/// What one pass over a message's bytes says before it is decoded: how deeply its arrays
/// and objects nest, and whether it is one JSON value (RFC 8259), strings in valid UTF-8.
///
/// The pass keeps its own stack of open brackets (a bit a level), so neither the nesting
/// nor the length of the body deepens the native call stack, and it reads each byte once.
struct JSONShape {
    /// The deepest nesting of arrays and objects (outside strings).
    private(set) var depth = 0
    /// Whether the body is exactly one JSON value, with blanks around it.
    private(set) var isValid = false

    init(_ b: [UInt8]) {
        // Open brackets, innermost last: true for an object.
        var objects: [Bool] = []
        enum Expect { case value, valueOrClose, key, keyOrClose, colon, commaOrClose }
        var expect = Expect.value
        var i = 0
        let n = b.count

        func isBlank(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
        func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
        func isHex(_ c: UInt8) -> Bool { isDigit(c) || (c | 0x20 >= 0x61 && c | 0x20 <= 0x66) }
        /// The offset after the string starting at `k` (its quote), or nil.
        func string(_ k: Int) -> Int? {
            var k = k + 1
            while k < n {
                let c = b[k]
                if c == 0x22 { return k + 1 }
                if c < 0x20 { return nil }
                if c == 0x5C {
                    guard k + 1 < n else { return nil }
                    switch b[k + 1] {
                    case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74: k += 2
                    case 0x75:
                        guard k + 5 < n, (k + 2...k + 5).allSatisfy({ isHex(b[$0]) }) else { return nil }
                        k += 6
                    default: return nil
                    }
                    continue
                }
                k += 1
            }
            return nil
        }
        /// The offset after the number starting at `k`, or nil.
        func number(_ k: Int) -> Int? {
            var k = k
            if b[k] == 0x2D { k += 1 }
            guard k < n, isDigit(b[k]) else { return nil }
            if b[k] == 0x30 {
                k += 1
            } else {
                while k < n, isDigit(b[k]) { k += 1 }
            }
            if k < n, b[k] == 0x2E {
                k += 1
                guard k < n, isDigit(b[k]) else { return nil }
                while k < n, isDigit(b[k]) { k += 1 }
            }
            if k < n, b[k] | 0x20 == 0x65 {
                k += 1
                if k < n, b[k] == 0x2B || b[k] == 0x2D { k += 1 }
                guard k < n, isDigit(b[k]) else { return nil }
                while k < n, isDigit(b[k]) { k += 1 }
            }
            return k
        }
        func literal(_ k: Int) -> Int? {
            for word in ["true", "false", "null"] {
                let w = Array(word.utf8)
                if k + w.count <= n, b[k..<(k + w.count)].elementsEqual(w) { return k + w.count }
            }
            return nil
        }

        var valid = true
        scan: while true {
            while i < n, isBlank(b[i]) { i += 1 }
            if expect == .commaOrClose, objects.isEmpty {
                valid = i == n
                break
            }
            guard i < n else {
                valid = false
                break
            }
            let c = b[i]
            switch expect {
            case .value, .valueOrClose:
                if expect == .valueOrClose, c == 0x5D {
                    objects.removeLast()
                    i += 1
                    expect = .commaOrClose
                    continue
                }
                switch c {
                case 0x7B, 0x5B:
                    objects.append(c == 0x7B)
                    depth = max(depth, objects.count)
                    i += 1
                    expect = c == 0x7B ? .keyOrClose : .valueOrClose
                    continue scan
                case 0x22:
                    guard let end = string(i) else {
                        valid = false
                        break scan
                    }
                    i = end
                case 0x2D, 0x30...0x39:
                    guard let end = number(i) else {
                        valid = false
                        break scan
                    }
                    i = end
                default:
                    guard let end = literal(i) else {
                        valid = false
                        break scan
                    }
                    i = end
                }
                expect = .commaOrClose
            case .key, .keyOrClose:
                if expect == .keyOrClose, c == 0x7D {
                    objects.removeLast()
                    i += 1
                    expect = .commaOrClose
                    continue
                }
                guard c == 0x22, let end = string(i) else {
                    valid = false
                    break scan
                }
                i = end
                expect = .colon
            case .colon:
                guard c == 0x3A else {
                    valid = false
                    break scan
                }
                i += 1
                expect = .value
            case .commaOrClose:
                let object = objects[objects.count - 1]
                if c == 0x2C {
                    i += 1
                    expect = object ? .key : .value
                } else if c == (object ? 0x7D : 0x5D) {
                    objects.removeLast()
                    i += 1
                } else {
                    valid = false
                    break scan
                }
            }
        }
        if !valid {
            // The rest is not read as JSON, but its brackets still count for the depth (as
            // the message says how deeply it nests): outside strings, as before.
            var open = objects.count
            var inString = false
            var escaped = false
            while i < n {
                let c = b[i]
                i += 1
                if inString {
                    if escaped { escaped = false } else if c == 0x5C { escaped = true } else if c == 0x22 { inString = false }
                    continue
                }
                switch c {
                case 0x22: inString = true
                case 0x5B, 0x7B:
                    open += 1
                    depth = max(depth, open)
                case 0x5D, 0x7D: open -= 1
                default: break
                }
            }
        }
        isValid = valid && String(validating: b, as: UTF8.self) != nil
    }
}
