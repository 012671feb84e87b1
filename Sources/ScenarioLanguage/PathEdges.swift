/// The edges of the registry's tree of command words, (node, word) → child node, in one
/// open-addressing table hashed by the word's bytes (FNV-1a) and the node: finding a
/// statement's command costs a short hash per word instead of a `Dictionary` lookup (some
/// 300 instructions a word, most of it SipHash). At most half full.
struct PathEdges: Sendable {
    private var nodes: [Int32] = []
    private var words: [String] = []
    private var children: [Int32] = []
    /// Sized for the standard vocabulary's few hundred edges, so that it is not rebuilt as
    /// it is registered.
    private var slots: [Int32] = .filled(-1, count: 1024)

    private static func hash(_ node: Int, _ word: String) -> UInt32 {
        var h: UInt32 = 2_166_136_261 ^ UInt32(truncatingIfNeeded: node &* 0x9E37_79B9)
        for byte in word.utf8 { h = (h ^ UInt32(byte)) &* 16_777_619 }
        return h
    }

    /// The child of `node` along `word`, if any.
    func child(of node: Int, _ word: String) -> Int? {
        let mask = slots.count - 1
        var slot = Int(PathEdges.hash(node, word)) & mask
        while true {
            let edge = Int(slots[slot])
            if edge < 0 { return nil }
            if Int(nodes[edge]) == node && words[edge] == word { return Int(children[edge]) }
            slot = (slot + 1) & mask
        }
    }

    /// Adds the edge; `word` must not yet lead anywhere from `node`.
    mutating func add(_ node: Int, _ word: String, child: Int) {
        nodes.append(Int32(node))
        words.append(word)
        children.append(Int32(child))
        if nodes.count * 2 > slots.count {
            slots = .filled(-1, count: slots.count * 2)
            for edge in nodes.indices { place(edge) }
        } else {
            place(nodes.count - 1)
        }
    }

    private mutating func place(_ edge: Int) {
        let mask = slots.count - 1
        var slot = Int(PathEdges.hash(Int(nodes[edge]), words[edge])) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(edge)
    }
}
