import FitCore

/// SQL `LIKE` matching: `%` any run, `_` one character, `\` escapes. PostgREST also accepts `*` for `%`.
struct LikePattern: Sendable {
    private enum Token: Equatable {
        case literal(Character)
        case one
        case any
    }

    private let tokens: [Token]
    private let caseInsensitive: Bool

    init(_ pattern: String, caseInsensitive: Bool) {
        self.caseInsensitive = caseInsensitive
        var tokens: [Token] = []
        var escaped = false
        for character in caseInsensitive ? pattern.lowercased() : pattern {
            if escaped {
                tokens.append(.literal(character))
                escaped = false
                continue
            }
            switch character {
            case "\\": escaped = true
            case "%", "*": if tokens.last != .any { tokens.append(.any) }
            case "_": tokens.append(.one)
            default: tokens.append(.literal(character))
            }
        }
        if escaped { tokens.append(.literal("\\")) }
        self.tokens = tokens
    }

    func matches(_ text: String) -> Bool {
        let characters = Array(caseInsensitive ? text.lowercased() : text)
        // Greedy matching with one backtrack point per `%`, linear in practice.
        var t = 0
        var c = 0
        var starToken = -1
        var starCharacter = 0
        while c < characters.count {
            if t < tokens.count {
                switch tokens[t] {
                case .any:
                    starToken = t
                    starCharacter = c
                    t += 1
                    continue
                case .one:
                    t += 1
                    c += 1
                    continue
                case .literal(let expected) where expected == characters[c]:
                    t += 1
                    c += 1
                    continue
                default: break
                }
            }
            guard starToken >= 0 else { return false }
            t = starToken + 1
            starCharacter += 1
            c = starCharacter
        }
        while t < tokens.count, tokens[t] == .any { t += 1 }
        return t == tokens.count
    }
}
