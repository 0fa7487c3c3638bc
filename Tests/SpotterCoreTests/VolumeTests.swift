import Foundation
import SpotterCore
import SpotterTestSupport
import Testing

@Suite("Volume: load volume and bodyweight reps, only from done work sets")
struct VolumeTests {
    static func id(_ n: Int) -> UUID { .numbered(n) }

    static let updated = Date(timeIntervalSince1970: 1_700_000_000)

    static func set(
        _ kind: SetKind = .working, reps: Int?, weight: Mass? = nil, done: Bool = true, durationSeconds: Int? = nil,
        distanceMeters: Double? = nil
    ) -> WorkoutSet {
        WorkoutSet(
            id: id(1), kind: kind, reps: reps, weight: weight, durationSeconds: durationSeconds,
            distanceMeters: distanceMeters, done: done, updatedAt: updated)
    }

    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 }

    @Test("Weight x reps: 100 kg x 5 is 500 kg")
    func weightTimesReps() {
        let volume = Volume.of(Self.set(reps: 5, weight: Mass(100, .kg)), kind: .weightReps, in: .kg)
        #expect(volume == Volume(load: 500, bodyweightReps: 0))
    }

    @Test("A set not ticked done counts nothing")
    func notDone() {
        let volume = Volume.of(Self.set(reps: 5, weight: Mass(100, .kg), done: false), kind: .weightReps, in: .kg)
        #expect(volume == Volume(load: 0, bodyweightReps: 0))
        let bodyweight = Volume.of(Self.set(reps: 10, done: false), kind: .bodyweightReps, in: .kg)
        #expect(bodyweight == Volume(load: 0, bodyweightReps: 0))
    }

    @Test("Warm-ups never count", arguments: ExerciseKind.allCases)
    func warmupsExcluded(kind: ExerciseKind) {
        #expect(Volume.of(Self.set(.warmup, reps: 10, weight: Mass(60, .kg)), kind: kind, in: .kg) == Volume())
        #expect(Volume.of(Self.set(.warmup, reps: 10), kind: kind, in: .kg) == Volume())
    }

    @Test("Working, drop and failure sets all count", arguments: [SetKind.working, .drop, .failure])
    func workSetsCount(kind: SetKind) {
        let volume = Volume.of(Self.set(kind, reps: 8, weight: Mass(80, .kg)), kind: .weightReps, in: .kg)
        #expect(volume == Volume(load: 640, bodyweightReps: 0))
    }

    @Test("225 lb x 3 is 306.17484975 kg and 675 lb")
    func poundsInBothUnits() {
        let set = Self.set(reps: 3, weight: Mass(225, .lb))
        #expect(Self.close(Volume.of(set, kind: .weightReps, in: .kg).load, 306.17484975))
        #expect(Volume.of(set, kind: .weightReps, in: .lb).load == 675)
    }

    @Test("A history mixing kg and lb adds up in the unit asked for")
    func mixedUnits() {
        let entry = ExerciseEntry(
            id: Self.id(100), exerciseID: Self.id(200),
            sets: [Self.set(reps: 5, weight: Mass(100, .kg)), Self.set(reps: 3, weight: Mass(225, .lb))])
        // 500 kg + 3 x 102.05828325 kg
        let inKg = Volume.of(entry, kind: .weightReps, in: .kg)
        #expect(Self.close(inKg.load, 806.17484975))
        #expect(inKg.bodyweightReps == 0)
        // 5 x 220.46226218487757 lb + 675 lb
        let inLb = Volume.of(entry, kind: .weightReps, in: .lb)
        #expect(Self.close(inLb.load, 1777.311310924388))
        #expect(inLb.bodyweightReps == 0)
    }

    @Test("100 kg x 5 + 102.5 kg x 3 = 807.5 kg")
    func sameUnitSum() {
        let entry = ExerciseEntry(
            id: Self.id(100), exerciseID: Self.id(200),
            sets: [Self.set(reps: 5, weight: Mass(100, .kg)), Self.set(reps: 3, weight: Mass(102.5, .kg))])
        #expect(Volume.of(entry, kind: .weightReps, in: .kg) == Volume(load: 807.5, bodyweightReps: 0))
    }

    @Test("Bodyweight reps without added load count as bodyweight reps, not load")
    func bodyweightWithoutLoad() {
        #expect(Volume.of(Self.set(reps: 10), kind: .bodyweightReps, in: .kg) == Volume(load: 0, bodyweightReps: 10))
        #expect(
            Volume.of(Self.set(reps: 10, weight: Mass(0, .kg)), kind: .bodyweightReps, in: .kg)
                == Volume(load: 0, bodyweightReps: 10))
        #expect(
            Volume.of(Self.set(reps: 10, weight: Mass(0, .lb)), kind: .bodyweightReps, in: .lb)
                == Volume(load: 0, bodyweightReps: 10))
    }

    @Test("Bodyweight reps with added load count load x reps")
    func bodyweightWithLoad() {
        #expect(
            Volume.of(Self.set(reps: 8, weight: Mass(10, .kg)), kind: .bodyweightReps, in: .kg)
                == Volume(load: 80, bodyweightReps: 0))
        let belt = Self.set(reps: 10, weight: Mass(25, .lb))
        #expect(Volume.of(belt, kind: .bodyweightReps, in: .lb) == Volume(load: 250, bodyweightReps: 0))
        let inKg = Volume.of(belt, kind: .bodyweightReps, in: .kg)
        #expect(Self.close(inKg.load, 113.3980925))
        #expect(inKg.bodyweightReps == 0)
    }

    @Test("Assisted bodyweight counts reps; the assistance is not load")
    func assisted() {
        #expect(
            Volume.of(Self.set(reps: 8, weight: Mass(20, .kg)), kind: .assistedBodyweight, in: .kg)
                == Volume(load: 0, bodyweightReps: 8))
        #expect(Volume.of(Self.set(reps: 6), kind: .assistedBodyweight, in: .kg) == Volume(load: 0, bodyweightReps: 6))
    }

    @Test("Timed and distance work has no volume", arguments: [ExerciseKind.duration, .distanceDuration])
    func noVolumeKinds(kind: ExerciseKind) {
        let set = Self.set(reps: 10, weight: Mass(20, .kg), durationSeconds: 60, distanceMeters: 1000)
        #expect(Volume.of(set, kind: kind, in: .kg) == Volume(load: 0, bodyweightReps: 0))
        #expect(Volume.of(Self.set(reps: nil, durationSeconds: 60), kind: kind, in: .kg) == Volume())
    }

    @Test("Zero or missing reps count nothing", arguments: [ExerciseKind.weightReps, .bodyweightReps, .assistedBodyweight])
    func zeroOrNilReps(kind: ExerciseKind) {
        #expect(Volume.of(Self.set(reps: 0, weight: Mass(100, .kg)), kind: kind, in: .kg) == Volume())
        #expect(Volume.of(Self.set(reps: nil, weight: Mass(100, .kg)), kind: kind, in: .kg) == Volume())
        #expect(Volume.of(Self.set(reps: 0), kind: kind, in: .kg) == Volume())
        #expect(Volume.of(Self.set(reps: nil), kind: kind, in: .kg) == Volume())
    }

    @Test("A weighted exercise logged with no weight has no load")
    func weightRepsWithoutWeight() {
        #expect(Volume.of(Self.set(reps: 5), kind: .weightReps, in: .kg) == Volume(load: 0, bodyweightReps: 0))
    }

    @Test("Volumes add field by field")
    func addition() {
        let sum = Volume(load: 500, bodyweightReps: 8) + Volume(load: 307.5, bodyweightReps: 10)
        #expect(sum == Volume(load: 807.5, bodyweightReps: 18))
        #expect(Volume() == Volume(load: 0, bodyweightReps: 0))
    }

    @Test("An entry sums its sets, skipping warm-ups, undone and empty sets")
    func entrySum() {
        let entry = ExerciseEntry(
            id: Self.id(100), exerciseID: Self.id(200),
            sets: [
                Self.set(.warmup, reps: 10, weight: Mass(60, .kg)),
                Self.set(reps: 5, weight: Mass(100, .kg)),  // 500
                Self.set(reps: 3, weight: Mass(102.5, .kg)),  // 307.5
                Self.set(.drop, reps: 6, weight: Mass(80, .kg)),  // 480
                Self.set(reps: 5, weight: Mass(100, .kg), done: false),
                Self.set(reps: 0, weight: Mass(100, .kg)),
            ])
        #expect(Volume.of(entry, kind: .weightReps, in: .kg) == Volume(load: 1287.5, bodyweightReps: 0))
        let empty = ExerciseEntry(id: Self.id(101), exerciseID: Self.id(200))
        #expect(Volume.of(empty, kind: .weightReps, in: .kg) == Volume())
    }

    @Test("A workout sums its entries, each by its exercise's kind; an unknown exercise counts as weight x reps")
    func workoutSum() {
        let bench = Self.id(200), pullUp = Self.id(201), plank = Self.id(202), dips = Self.id(203)
        let unknown = Self.id(299)
        let workout = Workout(
            id: Self.id(1), ownerID: Self.id(2), name: "Upper", startedAt: Self.updated,
            entries: [
                ExerciseEntry(
                    id: Self.id(100), exerciseID: bench,
                    sets: [
                        Self.set(.warmup, reps: 10, weight: Mass(60, .kg)),
                        Self.set(reps: 5, weight: Mass(100, .kg)),  // 500
                        Self.set(reps: 3, weight: Mass(102.5, .kg)),  // 307.5
                        Self.set(.drop, reps: 6, weight: Mass(80, .kg)),  // 480
                    ]),
                ExerciseEntry(
                    id: Self.id(101), exerciseID: pullUp,
                    sets: [
                        Self.set(reps: 10),  // 10 bodyweight reps
                        Self.set(.failure, reps: 8),  // 8 bodyweight reps
                        Self.set(reps: 5, weight: Mass(10, .kg)),  // 50
                    ]),
                ExerciseEntry(
                    id: Self.id(102), exerciseID: plank,
                    sets: [Self.set(reps: nil, durationSeconds: 60), Self.set(reps: 1, weight: Mass(20, .kg))]),
                ExerciseEntry(id: Self.id(103), exerciseID: dips, sets: [Self.set(reps: 6, weight: Mass(20, .kg))]),
                ExerciseEntry(id: Self.id(104), exerciseID: unknown, sets: [Self.set(reps: 2, weight: Mass(100, .kg))]),  // 200
            ])
        let kinds: [UUID: ExerciseKind] = [
            bench: .weightReps, pullUp: .bodyweightReps, plank: .duration, dips: .assistedBodyweight,
        ]
        // Load 500 + 307.5 + 480 + 50 + 200 = 1537.5; bodyweight reps 10 + 8 + 6 = 24.
        #expect(Volume.of(workout, kinds: kinds, in: .kg) == Volume(load: 1537.5, bodyweightReps: 24))
        // With no kinds at all, everything is weight x reps: the pull-ups without load and the dips' assistance
        // count as load, the plank's 20 kg x 1 too.
        // 1287.5 + 50 + 20 + 120 + 200 = 1677.5
        #expect(Volume.of(workout, kinds: [:], in: .kg) == Volume(load: 1677.5, bodyweightReps: 0))
    }

    @Test("An empty workout has no volume")
    func emptyWorkout() {
        let workout = Workout(id: Self.id(1), ownerID: Self.id(2), name: "Nothing yet", startedAt: Self.updated)
        #expect(Volume.of(workout, kinds: [:], in: .lb) == Volume())
    }

    /// A mixed list: a warm-up and an undone set (not counted), 100 kg x 5, 225 lb x 3,
    /// 10 reps with no weight, 8 reps at 0 kg, and a done plank with no reps.
    static let mixed = [
        set(.warmup, reps: 10, weight: Mass(60, .kg)), set(reps: 5, weight: Mass(100, .kg)), set(reps: 3, weight: Mass(225, .lb)),
        set(reps: 10), set(reps: 8, weight: Mass(0, .kg)), set(reps: nil, durationSeconds: 60),
        set(reps: 5, weight: Mass(100, .kg), done: false),
    ]

    @Test("Sets add up as counted sets, weight x reps per unit, and reps with and without a weight")
    func sums() {
        // Counted: 100x5, 225x3, the 10 and 8 bare reps, the plank = 5 sets.
        // 500 kg, 675 lb; reps with a weight 5 + 3 = 8; without 10 + 8 = 18.
        #expect(SetSums(Self.mixed) == SetSums(sets: 5, kilograms: 500, pounds: 675, loadedReps: 8, bareReps: 18))
        #expect(SetSums([]) == SetSums())
        let a = SetSums(sets: 1, kilograms: 2, pounds: 3, loadedReps: 4, bareReps: 5)
        #expect(a + a == SetSums(sets: 2, kilograms: 4, pounds: 6, loadedReps: 8, bareReps: 10))
        #expect(SetSums(Self.mixed.prefix(3)) + SetSums(Self.mixed.dropFirst(3)) == SetSums(Self.mixed))
    }

    @Test("Summed sets have the volume their sets have, for every kind of exercise")
    func volumeOfSums() {
        let sums = SetSums(Self.mixed)
        // 500 kg + 675 lb (306.17484975 kg) = 806.17484975 kg
        #expect(Self.close(Volume.of(sums, kind: .weightReps, in: .kg).load, 806.17484975))
        #expect(Volume.of(sums, kind: .weightReps, in: .kg).bodyweightReps == 0)
        // Added load counts as load, the 18 reps without a weight as bodyweight reps.
        let bodyweight = Volume.of(sums, kind: .bodyweightReps, in: .lb)
        #expect(Self.close(bodyweight.load, 500 * 2.2046226218487757 + 675))
        #expect(bodyweight.bodyweightReps == 18)
        // Assisted: every rep is a bodyweight rep, 8 + 18.
        #expect(Volume.of(sums, kind: .assistedBodyweight, in: .kg) == Volume(load: 0, bodyweightReps: 26))
        #expect(Volume.of(sums, kind: .duration, in: .kg) == Volume())
        for kind in ExerciseKind.allCases {
            let bySet = Self.mixed.reduce(Volume()) { $0 + Volume.of($1, kind: kind, in: .kg) }
            let summed = Volume.of(sums, kind: kind, in: .kg)
            #expect(Self.close(bySet.load, summed.load) && bySet.bodyweightReps == summed.bodyweightReps, "\(kind)")
        }
    }

    @Test("A workout's totals merge the entries of one exercise and count its sets and volume")
    func workoutTotals() {
        let squat = Self.id(200), pullUp = Self.id(201)
        let workout = Workout(
            id: Self.id(1), ownerID: Self.id(2), name: "Legs", startedAt: Self.updated,
            entries: [
                ExerciseEntry(id: Self.id(100), exerciseID: squat, sets: [Self.set(reps: 5, weight: Mass(100, .kg))]),
                ExerciseEntry(id: Self.id(101), exerciseID: pullUp, sets: [Self.set(reps: 10), Self.set(.warmup, reps: 5)]),
                ExerciseEntry(id: Self.id(102), exerciseID: squat, sets: [Self.set(reps: 3, weight: Mass(120, .kg))]),
            ])
        let totals = WorkoutTotals(workout)
        #expect(totals.id == workout.id && totals.startedAt == workout.startedAt)
        #expect(
            totals.exercises == [
                squat: SetSums(sets: 2, kilograms: 860, loadedReps: 8), pullUp: SetSums(sets: 1, bareReps: 10),
            ])
        #expect(totals.sets == 3)
        // 500 + 360 = 860 kg of squats; 10 bodyweight reps.
        let kinds: [UUID: ExerciseKind] = [squat: .weightReps, pullUp: .bodyweightReps]
        #expect(totals.volume(kinds: kinds, in: .kg) == Volume(load: 860, bodyweightReps: 10))
        #expect(totals.volume(kinds: kinds, in: .kg) == Volume.of(workout, kinds: kinds, in: .kg))
    }
}
