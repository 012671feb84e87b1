import NotificationCore
import ScenarioLanguage

extension SequenceDiagram {
    /// The layout of ``svg(title:)``, in CSS pixels, for the participants drawn. Text is
    /// 12px monospace, so a label's width is its length in characters times
    /// ``SVGLayout/character``.
    struct SVGLayout {
        /// The time column on the left.
        static let timeColumn = 64.0
        /// The distance between two lifelines.
        static let column = 150.0
        /// A participant's box at the top and the bottom.
        static let boxHeight = 28.0
        /// One row: a message's label above its arrow, or a note.
        static let row = 30.0
        /// The advance of one monospace character at 12px.
        static let character = 7.25
        /// Space around the drawing.
        static let margin = 8.0
        /// The longest label, in characters, however wide the diagram (the trace has the rest).
        static let longestLabel = 140

        /// The fewest columns' width a diagram has, so that labels have room however few
        /// participants act.
        static let fewestColumns = 5

        /// The participants drawn, left to right.
        var drawn: [Participant]

        var width: Double {
            Self.timeColumn + Self.column * Double(max(drawn.count, Self.fewestColumns)) + Self.margin
        }

        /// The x of a participant's lifeline.
        func x(_ p: Participant) -> Double {
            let column = drawn.firstIndex(of: p) ?? drawn.lastIndex { $0 < p } ?? 0
            return Self.timeColumn + Self.column * (Double(column) + 0.5)
        }
    }

    /// The diagram as an inline SVG element: the participants that act (``participants``) as columns with lifelines, each
    /// row a message (an arrow with its label above it) or a note, the virtual time on the
    /// left whenever it moves on. Its size follows from the rows; a label too long for the
    /// width is shortened with an ellipsis. Every text is escaped (``HTML/escape(_:keepingLineBreaks:)``);
    /// the element has no `id`, so a page may hold many.
    ///
    /// - Parameter title: what the diagram shows, for assistive technology (`aria-label`).
    func svg(title: String) -> String {
        typealias L = SVGLayout
        let layout = SVGLayout(drawn: participants)
        let width = layout.width
        let top = L.margin + L.boxHeight + 8
        let bottom = top + L.row * Double(max(entries.count, 1)) + 8
        let height = bottom + L.boxHeight + L.margin
        var out =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"diagram\" width=\"\(n(width))\" height=\"\(n(height))\""
            + " viewBox=\"0 0 \(n(width)) \(n(height))\" role=\"img\" aria-label=\"\(HTML.escape(title))\">\n"
        for p in layout.drawn {
            let x = layout.x(p)
            out +=
                "<line class=\"life\" x1=\"\(n(x))\" y1=\"\(n(L.margin + L.boxHeight))\" x2=\"\(n(x))\" y2=\"\(n(bottom))\"/>\n"
            for y in [L.margin, bottom] {
                out +=
                    "<rect class=\"who\" x=\"\(n(x - L.column / 2 + 10))\" y=\"\(n(y))\" width=\"\(n(L.column - 20))\" height=\"\(n(L.boxHeight))\" rx=\"4\"/>"
                    + "<text class=\"who\" x=\"\(n(x))\" y=\"\(n(y + 18))\">\(HTML.escape(p.label))</text>\n"
            }
        }
        if entries.isEmpty {
            out +=
                "<text class=\"label\" x=\"\(n(L.timeColumn))\" y=\"\(n(top + 18))\">(no events after the install)</text>\n"
        }
        var shownTime: Int64?
        for (i, entry) in entries.enumerated() {
            let y = top + L.row * Double(i)
            if entry.time != shownTime {
                out +=
                    "<text class=\"time\" x=\"\(n(L.margin))\" y=\"\(n(y + 13))\">\(HTML.escape(TimeFormat.seconds(entry.time)))</text>\n"
                shownTime = entry.time
            }
            switch entry.item {
            case .message(let from, let to, let arrow, let text):
                out += message(from: from, to: to, arrow: arrow, text: text, y: y, layout: layout)
            case .note(let noteFirst, let noteLast, let text):
                let (first, last) = Self.span(noteFirst, noteLast, in: layout.drawn)
                out += note(first: first, last: last, text: text, y: y, layout: layout)
            }
        }
        return out + "</svg>"
    }

    /// A label above an arrow from one lifeline to another (a short loop when both are the same).
    private func message(
        from: Participant, to: Participant, arrow: Arrow, text: String, y: Double, layout: SVGLayout
    ) -> String {
        let x1 = layout.x(from)
        let x2 = layout.x(to)
        let lineY = y + 21
        let dashed = arrow == .failed ? " dashed" : ""
        var out = label(text, from: min(x1, x2) + 6, y: y + 13, layout: layout)
        if from == to {
            out +=
                "<path class=\"msg\(dashed)\" d=\"M\(n(x1)) \(n(lineY - 6))h24v10h-24\"/>"
                + head(atX: x1, y: lineY + 4, pointingRight: false, arrow: arrow) + "\n"
            return out
        }
        let right = x2 > x1
        out += "<line class=\"msg\(dashed)\" x1=\"\(n(x1))\" y1=\"\(n(lineY))\" x2=\"\(n(x2))\" y2=\"\(n(lineY))\"/>"
        out += head(atX: x2, y: lineY, pointingRight: right, arrow: arrow) + "\n"
        return out
    }

    /// A filled arrowhead, or a cross where a message was lost or failed.
    private func head(atX x: Double, y: Double, pointingRight: Bool, arrow: Arrow) -> String {
        let back = pointingRight ? x - 9 : x + 9
        switch arrow {
        case .arrives:
            return "<path class=\"head\" d=\"M\(n(x)) \(n(y))L\(n(back)) \(n(y - 4))L\(n(back)) \(n(y + 4))Z\"/>"
        case .lost, .failed:
            return "<path class=\"cross\" d=\"M\(n(x - 5)) \(n(y - 5))l10 10M\(n(x - 5)) \(n(y + 5))l10 -10\"/>"
        }
    }

    /// A box over the lifelines from `first` to `last`, widened to its text, and moved left
    /// (not past the time column) when the text would run over the right edge.
    private func note(first: Participant, last: Participant, text: String, y: Double, layout: SVGLayout) -> String {
        typealias L = SVGLayout
        let span = layout.x(last) - layout.x(first) + L.column - 12
        let shown = Self.fit(text, from: L.timeColumn + 6, width: layout.width)
        let width = max(span, Double(Self.columns(shown)) * L.character + 12)
        let left = max(L.timeColumn, min(layout.x(first) - L.column / 2 + 6, layout.width - L.margin - width))
        return
            "<rect class=\"note\" x=\"\(n(left))\" y=\"\(n(y + 3))\" width=\"\(n(width))\" height=\"\(n(L.row - 6))\" rx=\"3\"/>"
            + "<text class=\"label\" x=\"\(n(left + 6))\" y=\"\(n(y + 19))\">\(HTML.escape(shown))</text>\n"
    }

    /// A message's label starting at `x`, moved left (not past the time column) when it
    /// would run over the right edge.
    private func label(_ text: String, from x: Double, y: Double, layout: SVGLayout) -> String {
        typealias L = SVGLayout
        let shown = Self.fit(text, from: L.timeColumn, width: layout.width)
        let textWidth = Double(Self.columns(shown)) * L.character
        let start = max(L.timeColumn, min(x, layout.width - L.margin - textWidth))
        return "<text class=\"label\" x=\"\(n(start))\" y=\"\(n(y))\">\(HTML.escape(shown))</text>"
    }

    /// `text` made visible (control and direction characters as `\u{…}`) and shortened to
    /// the columns between `x` and the right edge of a diagram `width` wide.
    static func fit(_ text: String, from x: Double, width: Double) -> String {
        typealias L = SVGLayout
        let room = max(8, min(L.longestLabel, Int((width - L.margin - x) / L.character)))
        var visible = ""
        for c in TerminalText.escape(text) where c.unicodeScalars.allSatisfy({ $0.value >= 0x20 }) {
            visible.append(c)
        }
        guard columns(visible) > room else { return visible }
        var out = ""
        var used = 0
        for c in visible {
            let w = columns(of: c)
            if used + w > room - 1 { break }
            out.append(c)
            used += w
        }
        return out + "…"
    }

    /// How many monospace columns `text` takes (wide East Asian characters and emoji take two).
    static func columns(_ text: String) -> Int { text.reduce(0) { $0 + columns(of: $1) } }

    private static func columns(of c: Character) -> Int {
        guard let v = c.unicodeScalars.first?.value else { return 0 }
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD,
        ]
        return wide.contains { $0.contains(v) } ? 2 : 1
    }

    /// A coordinate as SVG reads it: an integer when whole, else one decimal.
    private func n(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let m = abs(tenths)
        return sign + (m % 10 == 0 ? String(m / 10) : "\(m / 10).\(m % 10)")
    }
}
