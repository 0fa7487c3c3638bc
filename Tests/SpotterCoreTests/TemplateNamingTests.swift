import Foundation
import SpotterCore
import Testing

@Suite("TemplateNaming: names for duplicated and imported templates")
struct TemplateNamingTests {
    /// The lifter's template names, as the library compares them.
    static func taken(_ names: String...) -> Set<NameKey> { Set(names.map { NameKey($0) }) }

    // MARK: Copies

    @Test("Duplicating Push Day gives Push Day (Copy)")
    func firstCopy() {
        #expect(TemplateNaming.copyName(of: "Push Day", taken: Self.taken("Push Day")) == "Push Day (Copy)")
    }

    @Test("With Push Day (Copy) taken the next is Push Day (Copy 2), then (Copy 3)")
    func numberedCopies() {
        #expect(TemplateNaming.copyName(of: "Push Day", taken: Self.taken("Push Day", "Push Day (Copy)")) == "Push Day (Copy 2)")
        #expect(
            TemplateNaming.copyName(of: "Push Day", taken: Self.taken("Push Day", "Push Day (Copy)", "Push Day (Copy 2)"))
                == "Push Day (Copy 3)")
    }

    @Test("Duplicating a copy counts on from the original instead of stacking suffixes")
    func copyOfCopy() {
        #expect(
            TemplateNaming.copyName(of: "Push Day (Copy)", taken: Self.taken("Push Day", "Push Day (Copy)"))
                == "Push Day (Copy 2)")
        #expect(
            TemplateNaming.copyName(
                of: "Push Day (Copy 2)", taken: Self.taken("Push Day", "Push Day (Copy)", "Push Day (Copy 2)"))
                == "Push Day (Copy 3)")
    }

    @Test("Brackets that are not a copy suffix stay part of the name")
    func otherBrackets() {
        #expect(TemplateNaming.copyName(of: "Legs (Heavy)", taken: Self.taken("Legs (Heavy)")) == "Legs (Heavy) (Copy)")
        #expect(TemplateNaming.copyName(of: "Push Day (Copycat)", taken: []) == "Push Day (Copycat) (Copy)")
        #expect(TemplateNaming.copyName(of: "Push Day (Copy two)", taken: []) == "Push Day (Copy two) (Copy)")
    }

    @Test("A taken name clashes whatever its case and spacing")
    func caseAndSpaceInsensitive() {
        #expect(
            TemplateNaming.copyName(of: "Push Day", taken: Self.taken("push day (copy)")) == "Push Day (Copy 2)")
        #expect(
            TemplateNaming.copyName(of: "Push Day", taken: Self.taken("  PUSH   DAY (COPY)", "push day (copy 2)"))
                == "Push Day (Copy 3)")
    }

    @Test("The copy's name is cleaned: outer spaces dropped, inner runs folded")
    func copyCleaned() {
        #expect(TemplateNaming.copyName(of: "  Push   Day ", taken: []) == "Push Day (Copy)")
    }

    @Test("A 100-character name is shortened so the copy suffix still fits 100 characters")
    func longName() {
        let long = String(repeating: "x", count: 100)
        let copy = TemplateNaming.copyName(of: long, taken: Self.taken(long))
        // " (Copy)" is 7 characters: 93 x's are kept.
        #expect(copy == String(repeating: "x", count: 93) + " (Copy)")
        #expect(copy.count <= TemplateDraft.nameLimit)

        let second = TemplateNaming.copyName(of: long, taken: Self.taken(long, copy))
        // " (Copy 2)" is 9 characters: 91 x's are kept.
        #expect(second == String(repeating: "x", count: 91) + " (Copy 2)")
        #expect(second.count <= TemplateDraft.nameLimit)
    }

    @Test("Shortening that ends on a space does not leave a double space")
    func longNameCutAtSpace() {
        // 92 a's, a space, 7 b's = 100 characters; the first 93 end in the space.
        let long = String(repeating: "a", count: 92) + " " + String(repeating: "b", count: 7)
        #expect(long.count == 100)
        #expect(TemplateNaming.copyName(of: long, taken: []) == String(repeating: "a", count: 92) + " (Copy)")
    }

    // MARK: Imports

    @Test("An imported template keeps its name when it is free")
    func importFree() {
        #expect(TemplateNaming.importedName(of: "Push Day", taken: Self.taken("Pull Day")) == "Push Day")
        #expect(TemplateNaming.importedName(of: "  Push   Day ", taken: []) == "Push Day")
    }

    @Test("A taken name becomes Push Day (Imported), then Push Day (Imported 2)")
    func importTaken() {
        #expect(TemplateNaming.importedName(of: "Push Day", taken: Self.taken("push day")) == "Push Day (Imported)")
        #expect(
            TemplateNaming.importedName(of: "Push Day", taken: Self.taken("Push Day", "Push Day (Imported)"))
                == "Push Day (Imported 2)")
    }

    @Test("Importing Push Day (Imported) again counts on instead of stacking")
    func importOfImport() {
        #expect(
            TemplateNaming.importedName(of: "Push Day (Imported)", taken: Self.taken("Push Day", "Push Day (Imported)"))
                == "Push Day (Imported 2)")
    }

    @Test("Imports and copies are counted separately")
    func importIgnoresCopies() {
        #expect(
            TemplateNaming.importedName(of: "Push Day", taken: Self.taken("Push Day", "Push Day (Copy)")) == "Push Day (Imported)"
        )
    }

    @Test("A long imported name is shortened to fit with its suffix")
    func longImport() {
        let long = String(repeating: "y", count: 100)
        let name = TemplateNaming.importedName(of: long, taken: Self.taken(long))
        // " (Imported)" is 11 characters: 89 y's are kept.
        #expect(name == String(repeating: "y", count: 89) + " (Imported)")
        #expect(name.count <= TemplateDraft.nameLimit)
    }

    @Test("Copying \"Push Day (copy)\" counts on from Push Day instead of stacking suffixes")
    func lowerCaseSuffix() {
        #expect(
            TemplateNaming.copyName(of: "Push Day (copy)", taken: Self.taken("push day", "push day (copy)"))
                == "Push Day (Copy 2)")
    }
}
