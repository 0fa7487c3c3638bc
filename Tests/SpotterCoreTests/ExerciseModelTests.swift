import Foundation
import SpotterCore
import Testing

@Suite("Exercise, muscle groups, equipment and kinds")
struct ExerciseModelTests {
    static let date = Date(timeIntervalSince1970: 1_700_000_000)

    @Test("Catalog exercises have no owner; custom ones do")
    func isCustom() {
        let builtIn = Exercise(
            id: UUID(), ownerID: nil, catalogKey: "plank", name: "Plank", description: "", primaryMuscles: [.core],
            equipment: .bodyweight, kind: .duration, createdAt: Self.date, updatedAt: Self.date)
        var custom = builtIn
        custom.ownerID = UUID()
        custom.catalogKey = nil
        #expect(!builtIn.isCustom)
        #expect(custom.isCustom)
    }

    @Test("All muscles list primary muscles first")
    func allMuscles() {
        let exercise = Exercise(
            id: UUID(), ownerID: UUID(), name: "Bench", description: "", primaryMuscles: [.chest],
            secondaryMuscles: [.triceps, .shoulders], equipment: .barbell, kind: .weightReps, createdAt: Self.date,
            updatedAt: Self.date)
        #expect(exercise.allMuscles == [.chest, .triceps, .shoulders])
        #expect(exercise.aliases == [])
        #expect(exercise.archived == false)
        #expect(exercise.videoURL == nil)
        #expect(exercise.image == nil)
    }

    @Test("Eleven muscle groups with readable names")
    func muscleNames() {
        #expect(MuscleGroup.allCases.count == 11)
        #expect(MuscleGroup.fullBody.displayName == "Full Body")
        #expect(MuscleGroup.fullBody.rawValue == "fullBody")
        #expect(MuscleGroup.chest.displayName == "Chest")
        #expect(MuscleGroup.calves.displayName == "Calves")
    }

    @Test("Equipment names")
    func equipmentNames() {
        #expect(Equipment.cardio.displayName == "Cardio machine")
        #expect(Equipment.barbell.displayName == "Barbell")
        #expect(Equipment.allCases.count == 9)
    }

    @Test("Kinds of measurement")
    func kinds() {
        #expect(
            ExerciseKind.allCases.map(\.rawValue)
                == ["weightReps", "bodyweightReps", "assistedBodyweight", "duration", "distanceDuration"])
        #expect(ExerciseKind.weightReps.displayName == "Weight × reps")
        #expect(ExerciseKind.distanceDuration.displayName == "Distance + duration")
    }

    @Test("Workout type icons have readable names")
    func iconNames() {
        #expect(WorkoutTypeIcon.kettlebell.displayName == "Kettlebell")
        #expect(WorkoutTypeIcon.run.displayName == "Run")
    }
}
