import Foundation
import SpotterCore
import Testing

@testable import SpotterImport

/// Weights a file writes converted from the lifter's other unit (a pound lifter's
/// kg column) come back as entered; typed weights stay as typed.
@Suite("Converted weights")
struct ConvertedWeightTests {
    @Test(
        "A kg cell converted from pounds is the pound weight entered",
        arguments: [
            // 90 x 0.45359237 = 40.8233133 (Hevy); 15 x 0.45359237 = 6.80388555 (Strong).
            ("40.8233133", 90.0), ("6.80388555", 15.0),
            // 225 x 0.45359237 = 102.05828325, exact, rounded to 7 decimals and cut at 7.
            ("102.05828325", 225.0), ("102.0582833", 225.0), ("102.0582832", 225.0),
            // A 2.5 lb plate: 1.133980925, written to 8 decimals.
            ("1.13398093", 2.5),
            // Float noise past the conversion, and a decimal comma.
            ("40.823313299999996", 90.0), ("40,8233133", 90.0),
        ])
    func poundsInKilograms(text: String, pounds: Double) throws {
        #expect(try ImportRules.weight(text, unit: .kg) == Mass(pounds, .lb))
    }

    @Test(
        "Typed kilograms stay kilograms, float noise rounded to 0.01",
        arguments: [
            ("100", 100.0), ("102.5", 102.5), ("60,5", 60.5), ("149.99999999999997", 150.0),
            // Two decimals is a weight someone typed, even one near a pound step.
            ("40.82", 40.82), ("1.13", 1.13),
            // 102.0582822 is 0.00000105 kg from 225 lb: ten units of its last digit, not a conversion.
            ("102.0582822", 102.06),
            // 1.125 kg is 2.4802 lb, 0.0198 from 2.5.
            ("1.125", 1.13),
        ])
    func typedKilograms(text: String, kilograms: Double) throws {
        #expect(try ImportRules.weight(text, unit: .kg) == Mass(kilograms, .kg))
    }

    @Test("A pound cell converted from kilograms is the kilogram weight: 220.46226218 lb is 100 kg; 225 lb stays")
    func kilogramsInPounds() throws {
        #expect(try ImportRules.weight("220.46226218", unit: .lb) == Mass(100, .kg))
        #expect(try ImportRules.weight("225", unit: .lb) == Mass(225, .lb))
        #expect(try ImportRules.weight("220.46", unit: .lb) == Mass(220.46, .lb))
    }

    @Test("Bad weight cells are still refused or bodyweight")
    func badCells() throws {
        #expect(throws: RowProblem.self) { try ImportRules.weight("heavy", unit: .kg) }
        #expect(throws: RowProblem.self) { try ImportRules.weight("-40.8233133", unit: .kg) }
        #expect(try ImportRules.weight("0.000", unit: .kg) == nil)
        #expect(try ImportRules.weight("", unit: .kg) == nil)
    }

    @Test("Decimals written: after a point or a comma; none for whole numbers and exponents")
    func decimals() {
        #expect(ImportRules.decimals("40.8233133") == 7)
        #expect(ImportRules.decimals("40,823") == 3)
        #expect(ImportRules.decimals(" 90 ") == 0)
        #expect(ImportRules.decimals("4.08e1") == 0)
        #expect(ImportRules.decimals("60.") == 0)
    }

    @Test("Hevy, a pound lifter's weight_kg: imported as 90 lb and exported to Strong CSV as 90, not 89.99")
    func hevyRoundTrip() throws {
        let file = try importText(
            HevyReaderTests.header + "\n"
                + #""Pull","3 Mar 2025, 18:00","3 Mar 2025, 19:00","","Bent Over Row (Barbell)",,"",0,"normal",40.8233133,8,,,"#,
            unit: .lb)
        let set = try #require(file.workouts.first?.sets.first)
        #expect(set.weight == Mass(90, .lb))
        let row = UUID()
        let workout = Workout(
            id: UUID(), ownerID: UUID(), name: "Pull", startedAt: Date(timeIntervalSince1970: 0),
            entries: [
                ExerciseEntry(
                    id: UUID(), exerciseID: row,
                    sets: [
                        WorkoutSet(
                            id: UUID(), reps: 8, weight: set.weight, done: true, updatedAt: Date(timeIntervalSince1970: 0)),
                        // What an import before this rule kept: 40.8233133 rounded to 40.82 kg.
                        WorkoutSet(
                            id: UUID(), reps: 8, weight: Mass(40.82, .kg), done: true, updatedAt: Date(timeIntervalSince1970: 0)),
                    ])
            ])
        let names = [row: "Bent Over Row (Barbell)"]
        let pounds = StrongCSVWriter(unit: .lb, zone: .gmt).rows(of: workout, names: names)
        #expect(pounds.contains(",Bent Over Row (Barbell),1,90,8,"))
        #expect(pounds.contains(",Bent Over Row (Barbell),2,90,8,"))
        #expect(!pounds.contains("89.99"))
        // A kilogram lifter reads 90 lb as 40.82 kg.
        let kilograms = StrongCSVWriter(unit: .kg, zone: .gmt).rows(of: workout, names: names)
        #expect(kilograms.contains(",Bent Over Row (Barbell),1,40.82,8,"))
        #expect(kilograms.contains(",Bent Over Row (Barbell),2,40.82,8,"))
    }

    @Test("Genuine kilograms export as entered for a kg lifter and as converted for a pound lifter")
    func genuineKilogramsExport() {
        let bench = UUID()
        let start = Date(timeIntervalSince1970: 0)
        let workout = Workout(
            id: UUID(), ownerID: UUID(), name: "Push", startedAt: start,
            entries: [
                ExerciseEntry(
                    id: UUID(), exerciseID: bench,
                    sets: [100.0, 102.5].map {
                        WorkoutSet(id: UUID(), reps: 5, weight: Mass($0, .kg), done: true, updatedAt: start)
                    })
            ])
        let names = [bench: "Bench Press (Barbell)"]
        let kilograms = StrongCSVWriter(unit: .kg, zone: .gmt).rows(of: workout, names: names)
        #expect(kilograms.contains(",1,100,5,"))
        #expect(kilograms.contains(",2,102.5,5,"))
        // 100 kg is 220.4623 lb, 102.5 kg is 225.9738 lb.
        let pounds = StrongCSVWriter(unit: .lb, zone: .gmt).rows(of: workout, names: names)
        #expect(pounds.contains(",1,220.46,5,"))
        #expect(pounds.contains(",2,225.97,5,"))
    }
}
