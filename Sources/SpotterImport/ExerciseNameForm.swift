/// An exercise name from another app reduced to what decides which lift it means:
/// its movement words and its equipment. Spelling that does not change the lift is
/// dropped: case, hyphens and brackets, plurals ("Rows"), split or joined compounds
/// ("Push-ups", "Pushup"), abbreviations ("DB"), load notes ("Weighted", "Each
/// Side") and where the equipment stands ("Lateral Dumbbell Raise",
/// "Leg Press Machine", "Bench Press (Barbell)"). Words that change the lift
/// ("Front", "Romanian", "Incline", "Assisted") are kept. Pure.
struct ExerciseNameForm: Hashable, Sendable {
    /// The movement words in the name's order, singular, compounds joined.
    var words: [String]
    /// The equipment the name states: barbell, dumbbell, cable, machine, smith,
    /// kettlebell, band, bodyweight, ezbar, trapbar.
    var equipment: Set<String>

    init(words: [String], equipment: Set<String>) {
        self.words = words
        self.equipment = equipment
    }

    init(_ name: String) {
        var tokens = Self.tokens(of: name).map(Self.singular)
        tokens = Self.joinCompounds(tokens)
        var words: [String] = []
        var equipment = Set<String>()
        var index = 0
        while index < tokens.count {
            let word = tokens[index]
            let next = index + 1 < tokens.count ? tokens[index + 1] : nil
            if let next, let item = Self.equipmentPair[word + " " + next] {
                equipment.insert(item)
                index += 2
            } else if let item = Self.equipmentWord[word] {
                equipment.insert(item)
                index += 1
            } else if let next, ["each", "per"].contains(word), ["side", "arm", "leg", "hand"].contains(next) {
                index += 2
            } else if Self.loadNotes.contains(word) {
                index += 1
            } else {
                words.append(word)
                index += 1
            }
        }
        // A Smith machine is a barbell on a machine: the Smith alone says which.
        if equipment.contains("smith") { equipment.subtract(["barbell", "machine"]) }
        self.words = words
        self.equipment = equipment
    }

    /// The form as one key, word order kept.
    var ordered: String { words.joined(separator: " ") + "|" + equipment.sorted().joined(separator: ",") }
    /// The form as one key, word order ignored ("Lat Pulldown - Underhand" and
    /// "Underhand Lat Pulldown").
    var unordered: String { words.sorted().joined(separator: " ") + "|" + equipment.sorted().joined(separator: ",") }

    /// Lower-case runs of letters and digits; apostrophes vanish ("Farmer's"), "&" is "and".
    static func tokens(of name: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        for character in name.lowercased() {
            if character == "'" || character == "\u{2019}" { continue }
            if character.isLetter || character.isNumber {
                current.append(character)
                continue
            }
            if !current.isEmpty { tokens.append(current) }
            current = ""
            if character == "&" { tokens.append("and") }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    /// English plural to singular for exercise words: "rows", "presses", "flies",
    /// "crunches", "biceps" (so "Biceps Curl" is "Bicep Curl"). Short words stay.
    static func singular(_ word: String) -> String {
        if let irregular = irregulars[word] { return irregular }
        guard word.count > 3, word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us"), !word.hasSuffix("is") else {
            return word
        }
        if word.hasSuffix("ies"), word.count > 4 { return String(word.dropLast(3)) + "y" }
        if ["sses", "ches", "shes", "xes"].contains(where: word.hasSuffix) { return String(word.dropLast(2)) }
        return String(word.dropLast())
    }

    static let irregulars = [
        "calves": "calf", "flye": "fly", "flyes": "fly", "dumbell": "dumbbell", "dumbells": "dumbbell", "ups": "up",
    ]

    /// Two words that lifters write apart or together, as one word.
    static func joinCompounds(_ tokens: [String]) -> [String] {
        var joined: [String] = []
        for token in tokens {
            if let last = joined.last, compounds.contains(last + token) {
                joined[joined.count - 1] = last + token
            } else {
                joined.append(token)
            }
        }
        return joined
    }

    static let compounds: Set<String> = [
        "pushup", "pullup", "chinup", "situp", "stepup", "muscleup", "getup", "pulldown", "pushdown", "pressdown", "pullover",
        "crossover", "pullapart", "skullcrusher", "kickback", "woodchop", "woodchopper", "hyperextension", "tbar", "vbar", "vup",
        "bodyweight", "ezbar", "pressup",
    ]

    /// Single words that name equipment.
    static let equipmentWord: [String: String] = [
        "barbell": "barbell", "bb": "barbell", "dumbbell": "dumbbell", "db": "dumbbell", "cable": "cable", "pulley": "cable",
        "machine": "machine", "smith": "smith", "kettlebell": "kettlebell", "kb": "kettlebell", "band": "band", "banded": "band",
        "bodyweight": "bodyweight", "ezbar": "ezbar", "ez": "ezbar",
    ]

    /// Two words that name equipment together: "Smith Machine", "Trap Bar",
    /// "Machine Plates" and "Plate Loaded" (a machine).
    static let equipmentPair: [String: String] = [
        "smith machine": "smith", "trap bar": "trapbar", "hex bar": "trapbar", "resistance band": "band",
        "machine plate": "machine",
        "plate loaded": "machine",
    ]

    /// Words that say how a set was loaded or counted, not which lift it is. "Flat"
    /// is the bench's default.
    static let loadNotes: Set<String> = ["weighted", "flat"]
}
