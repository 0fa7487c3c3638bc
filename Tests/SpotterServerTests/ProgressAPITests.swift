import Foundation
import Hummingbird
import HummingbirdTesting
import SpotterTestSupport
import Testing

@Suite("Progress API")
struct ProgressAPITests {
    @Test("record marks are live while logging and stored when the workout is finished", arguments: TestDatabase.all)
    func liveMarks(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let (api, clock) = (h.workouts(), h.clock)
            let squat = try await api.exercise(.squat)

            // Last week: the first squat session is the baseline and earns no marks, live or stored.
            clock.set(testNow - 7 * pgDay)
            let first = wkID()
            let firstEntry = wkID()
            #expect(try await api.start(first, ["name": "Legs"]).status == .created)
            #expect(try await api.entry(first, firstEntry, ["exerciseId": squat]).status == .ok)
            for _ in 0..<3 {
                let logged = try await api.set(first, firstEntry, wkID(), pgSet(5, 100))
                #expect(logged.status == .ok)
                let body = try logged.object()
                #expect(pgKinds(body["set"]) == [])
                #expect(pgRecordMap(body) == [:], "records: \(String(describing: body["records"]))")
                #expect(body["volumeRecord"] as? Bool == false)
            }
            clock.advance(by: 3_600)
            #expect(try await api.finish(first).status == .ok)
            let baseline = try await api.get(first).object()
            #expect(pgMarks(baseline).count == 3)
            let unmarked = pgMarks(baseline).values.allSatisfy { $0.isEmpty }
            #expect(unmarked, "the first session sets the baseline: \(pgMarks(baseline))")
            #expect(wkEntries(baseline).first?["volumeRecord"] as? Bool == false)

            // Today.
            clock.set(testNow)
            let w = wkID()
            let e = wkID()
            let (s1, s2, s3) = (wkID(), wkID(), wkID())
            #expect(try await api.start(w, ["name": "Legs again"]).status == .created)
            #expect(try await api.entry(w, e, ["exerciseId": squat]).status == .ok)

            func put(_ set: String, _ fields: [String: any Sendable]) async throws -> [String: Any] {
                let response = try await api.set(w, e, set, fields)
                #expect(response.status == .ok, "\(response.text)")
                let body = try response.object()
                #expect(body["applied"] as? Bool == true)
                return body
            }

            // 100 x 5 equals last week's best: no mark.
            var body = try await put(s1, pgSet(5, 100))
            #expect(pgKinds(body["set"]) == [])
            #expect(pgRecordMap(body) == [:])
            #expect(body["volumeRecord"] as? Bool == false, "500 kg is less than last week's 1500")

            // 105 x 5: heavier, a better e1RM (122.5 > 116.7) and a better set (525 > 500).
            let three = ["heaviestWeight", "bestE1RM", "bestSetVolume"]
            body = try await put(s2, pgSet(5, 105))
            #expect(pgKinds(body["set"]) == three)
            #expect(pgRecordMap(body) == [s2: three], "records: \(String(describing: body["records"]))")
            #expect(body["volumeRecord"] as? Bool == false)

            // Unticked: no longer counts, no mark.
            body = try await put(s2, ["done": false])
            #expect(pgKinds(body["set"]) == [])
            #expect(pgRecordMap(body) == [:])

            // Ticked again: the marks come back.
            body = try await put(s2, ["done": true])
            #expect(pgKinds(body["set"]) == three)
            #expect(pgRecordMap(body) == [s2: three])

            // Changed to 90 x 5: below the bests, no mark.
            body = try await put(s2, ["weight": 90])
            #expect(pgKinds(body["set"]) == [])
            #expect(pgRecordMap(body) == [:])

            // Back to 105 x 5.
            body = try await put(s2, ["weight": 105])
            #expect(pgRecordMap(body) == [s2: three])

            // 100 x 6: a better set (600 > 525) and more reps than ever at 100 kg or more (6 > 5);
            // not heavier, and its e1RM (120) is below 122.5. The session (1625 kg) beats last week's 1500.
            body = try await put(s3, pgSet(6, 100))
            #expect(pgKinds(body["set"]) == ["bestSetVolume", "mostRepsAtWeight"])
            #expect(
                pgRecordMap(body) == [s2: three, s3: ["bestSetVolume", "mostRepsAtWeight"]], "an earlier set keeps its marks")
            #expect(body["volumeRecord"] as? Bool == true)

            // The same exercise again later in the workout, in pounds: its sets are judged
            // after the first entry's. 250 lb (113.4 kg) is heavier than 105 kg; as a single
            // it is no better e1RM (113.4 < 122.5) nor set (113.4 < 600).
            let (e2, s4) = (wkID(), wkID())
            #expect(try await api.entry(w, e2, ["exerciseId": squat]).status == .ok)
            let again = try await api.set(w, e2, s4, ["reps": 1, "weight": 250, "weightUnit": "lb", "done": true])
            #expect(again.status == .ok, "\(again.text)")
            #expect(
                pgRecordMap(try again.object()) == [
                    s2: three, s3: ["bestSetVolume", "mostRepsAtWeight"], s4: ["heaviestWeight"],
                ])
            #expect(try await api.deleteEntry(w, e2).status == .ok)

            // The workout in progress carries the same marks.
            let active = try await api.active().object()
            #expect(pgMarks(active) == [s1: [], s2: three, s3: ["bestSetVolume", "mostRepsAtWeight"]])
            #expect(wkEntries(active).first?["volumeRecord"] as? Bool == true)

            // Finishing stores them.
            clock.advance(by: 3_600)
            let finished = try await api.finish(w)
            #expect(finished.status == .ok)
            #expect(pgMarks(try finished.object()) == [s1: [], s2: three, s3: ["bestSetVolume", "mostRepsAtWeight"]])
            let stored = try await api.get(w).object()
            #expect(pgMarks(stored) == [s1: [], s2: three, s3: ["bestSetVolume", "mostRepsAtWeight"]])
            #expect(wkEntries(stored).first?["volumeRecord"] as? Bool == true)
            let stillUnmarked = pgMarks(try await api.get(first).object()).values.allSatisfy { $0.isEmpty }
            #expect(stillUnmarked, "last week's sets stay unmarked")
            let history = try await api.history().items()
            #expect(wkIDs(history) == [w, first])
            #expect(history.first.map(pgMarks) == [s1: [], s2: three, s3: ["bestSetVolume", "mostRepsAtWeight"]])

            // The dashboard counts two record sets and the session volume record.
            let last = try #require(
                try await ProgressCalls(client: client, token: h.anaToken).dashboard().object()["lastWorkout"] as? [String: Any])
            #expect(last["id"] as? String == w)
            #expect(last["records"] as? Int == 3)
        }
    }

    @Test("editing a finished workout recomputes the records of the history", arguments: TestDatabase.all)
    func editingHistory(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let (api, progress, clock) = (h.workouts(), h.progress(), h.clock)
            let squat = try await api.exercise(.squat)
            let three = ["heaviestWeight", "bestE1RM", "bestSetVolume"]

            // 100 x 5 (baseline), then 110 x 5 (records), then 105 x 5 (none: below 110).
            let w1 = try await pgLog(api, clock, at: testNow - 14 * pgDay, name: "One", [(squat, [pgSet(5, 100)])])
            let w2 = try await pgLog(api, clock, at: testNow - 7 * pgDay, name: "Two", [(squat, [pgSet(5, 110)])])
            let w3 = try await pgLog(api, clock, at: testNow - 1 * pgDay, name: "Three", [(squat, [pgSet(5, 105)])])
            clock.set(testNow)
            let (set1, set2, set3) = (w1.sets[0][0], w2.sets[0][0], w3.sets[0][0])

            #expect(pgMarks(try await api.get(w1.workout).object()) == [set1: []])
            #expect(pgMarks(try await api.get(w2.workout).object()) == [set2: three])
            #expect(pgMarks(try await api.get(w3.workout).object()) == [set3: []])
            #expect(wkEntries(try await api.get(w2.workout).object()).first?["volumeRecord"] as? Bool == true, "550 > 500")
            #expect(wkEntries(try await api.get(w3.workout).object()).first?["volumeRecord"] as? Bool == false, "525 < 550")
            var records = pgRecords(try await progress.exercise(squat, "range=all").object())
            #expect(wkNumber(records["heaviest"]) == 110)
            #expect(wkNumber(records["e1RM"]) == 128.3, "110 x (1 + 5/30) = 128.33")
            var best = try #require(try await progress.dashboard().object()["bestLifts"] as? [[String: Any]])
            #expect(best.count == 1)
            #expect(wkNumber(best.first?["heaviest"]) == 110)
            #expect(wkNumber(best.first?["e1RM"]) == 128.3)

            // The record set is deleted: the 105 x 5 of the later workout is now the record.
            let deleted = try await api.deleteSet(w2.workout, set2)
            #expect(deleted.status == .ok)
            #expect(
                wkEntries(try deleted.object()).first?["volumeRecord"] as? Bool == false, "an empty entry has no volume record")
            let after = try await api.get(w3.workout).object()
            #expect(pgMarks(after) == [set3: three], "105 beats the 100 before it")
            #expect(wkEntries(after).first?["volumeRecord"] as? Bool == true, "525 > 500")
            #expect(pgMarks(try await api.get(w1.workout).object()) == [set1: []], "the first session stays the baseline")
            let allTime = try await progress.exercise(squat, "range=all").object()
            records = pgRecords(allTime)
            #expect(wkNumber(records["heaviest"]) == 105)
            #expect(wkNumber(records["e1RM"]) == 122.5, "105 x (1 + 5/30)")
            #expect(wkNumber(records["setVolume"]) == 525)
            #expect(wkNumber(records["sessionVolume"]) == 525)
            #expect(
                pgSessions(allTime).map { $0["workoutId"] as? String } == [w3.workout, w1.workout],
                "a session without sets is not listed")
            #expect(pgSessions(allTime).first.map { pgKinds(wkSets($0).first) } == three)
            #expect(pgSessions(allTime).first?["volumeRecord"] as? Bool == true)
            best = try #require(try await progress.dashboard().object()["bestLifts"] as? [[String: Any]])
            #expect(wkNumber(best.first?["heaviest"]) == 105)
            #expect(wkNumber(best.first?["e1RM"]) == 122.5)

            // The first workout's set is raised to 120 x 5: the later set is a record no more.
            let raised = try await api.set(w1.workout, w1.entries[0], set1, ["weight": 120])
            #expect(raised.status == .ok)
            let raisedBody = try raised.object()
            #expect(pgKinds(raisedBody["set"]) == [], "the first session is the baseline")
            #expect(pgRecordMap(raisedBody) == [:])
            #expect(raisedBody["volumeRecord"] as? Bool == false)
            let later = try await api.get(w3.workout).object()
            #expect(pgMarks(later) == [set3: []])
            #expect(wkEntries(later).first?["volumeRecord"] as? Bool == false, "525 < 600")
            records = pgRecords(try await progress.exercise(squat, "range=all").object())
            #expect(wkNumber(records["heaviest"]) == 120)
            #expect(wkNumber(records["e1RM"]) == 140, "120 x (1 + 5/30)")

            // Deleting the whole first workout leaves the 105 x 5 as the baseline, unmarked.
            #expect(try await client.api(.delete, "/api/v1/workouts/\(w1.workout)", token: h.anaToken).status == .noContent)
            #expect(pgMarks(try await api.get(w3.workout).object()) == [set3: []])
            records = pgRecords(try await progress.exercise(squat, "range=all").object())
            #expect(wkNumber(records["heaviest"]) == 105)
            best = try #require(try await progress.dashboard().object()["bestLifts"] as? [[String: Any]])
            #expect(wkNumber(best.first?["heaviest"]) == 105)
        }
    }

    @Test("exercise progress: records, rep maxes and sessions, by range and in lb", arguments: TestDatabase.all)
    func exerciseProgress(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let (api, progress, clock) = (h.workouts(), h.progress(), h.clock)
            let bench = try await api.exercise(.bench)

            // Before any session: no records, no sessions.
            let empty = try await progress.exercise(bench)
            #expect(empty.status == .ok)
            #expect(try empty.object()["records"] is NSNull)
            #expect(pgSessions(try empty.object()).isEmpty)
            #expect(try empty.object()["trend"] as? String == "notEnoughData")

            // Over a year ago, two months ago, ten days ago, three days ago. The warm-up never counts.
            let w1 = try await pgLog(api, clock, at: testNow - 400 * pgDay, name: "Old", [(bench, [pgSet(5, 80), pgSet(5, 80)])])
            let w2 = try await pgLog(
                api, clock, at: testNow - 60 * pgDay, name: "Summer", [(bench, [pgSet(5, 90), pgSet(3, 95)])])
            let w3 = try await pgLog(
                api, clock, at: testNow - 10 * pgDay, name: "Heavy",
                [(bench, [pgSet(10, 60, kind: "warmup"), pgSet(1, 100), pgSet(8, 92.5)])])
            let w4 = try await pgLog(api, clock, at: testNow - 3 * pgDay, name: "Reps", [(bench, [pgSet(6, 97.5)])])
            clock.set(testNow)

            let all = try await progress.exercise(bench, "range=all")
            #expect(all.status == .ok)
            let body = try all.object()
            #expect(body["exerciseId"] as? String == bench)
            #expect(body["exerciseName"] as? String == "Bench Press (Barbell)")
            #expect(body["exerciseKind"] as? String == "weightReps")
            #expect(body["unit"] as? String == "kg")
            #expect(body["range"] as? String == "all")
            #expect(body["trend"] as? String == "notEnoughData", "two sessions in the last 28 days")
            #expect(wkNone(body["weeklyChangePercent"]))
            let records = pgRecords(body)
            #expect(wkNumber(records["heaviest"]) == 100)
            #expect(wkNumber(records["e1RM"]) == 117.2, "92.5 x (1 + 8/30) = 117.17")
            #expect(wkNumber(records["setVolume"]) == 740, "92.5 x 8")
            #expect(wkNumber(records["sessionVolume"]) == 840, "100 + 740; the warm-up's 600 is left out")
            #expect(pgRepMaxes(body) == [1: 100, 2: 97.5, 3: 97.5, 4: 97.5, 5: 97.5, 6: 97.5, 7: 92.5, 8: 92.5])
            #expect(
                (pgRecords(body)["repMaxes"] as? [[String: Any]])?.compactMap { $0["reps"] as? Int } == Array(1...8),
                "in order of reps")

            let sessions = pgSessions(body)
            #expect(
                sessions.map { $0["workoutId"] as? String } == [w4.workout, w3.workout, w2.workout, w1.workout], "newest first")
            #expect(sessions.map { $0["workoutName"] as? String } == ["Reps", "Heavy", "Summer", "Old"])
            #expect(sessions.map { wkNumber($0["topWeight"]) } == [97.5, 100, 95, 80])
            #expect(sessions.map { wkNumber($0["e1RM"]) } == [117, 117.2, 105, 93.3])
            #expect(sessions.map { wkNumber($0["volume"]) } == [585, 840, 735, 800])
            #expect(sessions.map { $0["volumeRecord"] as? Bool } == [false, true, false, false])
            #expect(
                sessions.map { $0["startedAt"] as? String } == [
                    wkTime(testNow - 3 * pgDay), wkTime(testNow - 10 * pgDay), wkTime(testNow - 60 * pgDay),
                    wkTime(testNow - 400 * pgDay),
                ])
            #expect(sessions.map { wkSets($0).count } == [1, 3, 2, 2], "every set is listed, the warm-up too")
            #expect(sessions.map { wkIDs(wkSets($0)) } == [w4.sets[0], w3.sets[0], w2.sets[0], w1.sets[0]])
            // The marks each set earned when its workout was finished.
            #expect(
                sessions.map { wkSets($0).map { pgKinds($0) ?? ["<missing>"] } } == [
                    [["mostRepsAtWeight"]],
                    [[], ["heaviestWeight"], ["bestE1RM", "bestSetVolume", "mostRepsAtWeight"]],
                    [["heaviestWeight", "bestE1RM", "bestSetVolume"], ["heaviestWeight"]],
                    [[], []],
                ])

            // The default range is a year: the oldest session is left out, the records stay all-time.
            let year = try await progress.exercise(bench).object()
            #expect(year["range"] as? String == "1y")
            #expect(pgSessions(year).map { $0["workoutId"] as? String } == [w4.workout, w3.workout, w2.workout])
            #expect(wkCanonical(year["records"]) == wkCanonical(body["records"]))
            let threeMonths = try await progress.exercise(bench, "range=3m").object()
            #expect(pgSessions(threeMonths).map { $0["workoutId"] as? String } == [w4.workout, w3.workout, w2.workout])
            let fourWeeks = try await progress.exercise(bench, "range=4w").object()
            #expect(fourWeeks["range"] as? String == "4w")
            #expect(pgSessions(fourWeeks).map { $0["workoutId"] as? String } == [w4.workout, w3.workout])
            #expect(wkNumber(pgRecords(fourWeeks)["heaviest"]) == 100)

            // A range that is not offered.
            for bad in ["2w", "ALL", "1m"] {
                let refused = try await progress.exercise(bench, "range=\(bad)")
                #expect(refused.status == .badRequest)
                let error = try refused.error()
                #expect(error.code == "validation_failed")
                #expect(error.field == "range")
                #expect(error.message == "The range must be one of: 4w, 3m, 1y, all.")
            }
            // An exercise that does not exist, and an id that is not one.
            #expect(try await progress.exercise(wkID()).status == .notFound)
            #expect(try await progress.exercise("squat").status == .notFound)

            // In lb: every weight converted (1 kg = 2.20462 lb) and rounded to 0.1.
            #expect(try await api.settings(["unit": "lb"]).status == .ok)
            let pounds = try await progress.exercise(bench, "range=all").object()
            #expect(pounds["unit"] as? String == "lb")
            let lb = pgRecords(pounds)
            #expect(wkNumber(lb["heaviest"]) == 220.5)
            #expect(wkNumber(lb["e1RM"]) == 258.3)
            #expect(wkNumber(lb["setVolume"]) == 1631.4, "740 kg")
            #expect(wkNumber(lb["sessionVolume"]) == 1851.9, "840 kg")
            #expect(pgRepMaxes(pounds) == [1: 220.5, 2: 215, 3: 215, 4: 215, 5: 215, 6: 215, 7: 203.9, 8: 203.9])
            let lbSessions = pgSessions(pounds)
            #expect(lbSessions.map { wkNumber($0["topWeight"]) } == [215, 220.5, 209.4, 176.4])
            #expect(lbSessions.map { wkNumber($0["e1RM"]) } == [257.9, 258.3, 231.5, 205.8])
            #expect(lbSessions.map { wkNumber($0["volume"]) } == [1289.7, 1851.9, 1620.4, 1763.7])
        }
    }

    @Test("dashboard: this week, the streak, five weeks of volume, best lifts and trends", arguments: TestDatabase.all)
    func dashboard(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let (api, progress, clock) = (h.workouts(), h.progress(), h.clock)
            let (squat, bench, deadlift) = try await api.exercises(.squat, .bench, .deadlift)

            // Nothing logged yet.
            let fresh = try await progress.dashboard()
            #expect(fresh.status == .ok)
            let nothing = try fresh.object()
            #expect(nothing["unit"] as? String == "kg")
            #expect(nothing["lastWorkout"] is NSNull)
            #expect(nothing["workoutsThisWeek"] as? Int == 0)
            #expect(nothing["streakWeeks"] as? Int == 0)
            #expect((nothing["weeklyVolume"] as? [[String: Any]])?.count == 5)
            let emptyWeeks = (nothing["weeklyVolume"] as? [[String: Any]])?.allSatisfy {
                wkNumber($0["volume"]) == 0 && $0["workouts"] as? Int == 0
            }
            #expect(emptyWeeks == true)
            #expect(nothing["volumeVsAveragePercent"] is NSNull)
            #expect((nothing["bestLifts"] as? [Any])?.isEmpty == true)
            #expect((nothing["trends"] as? [Any])?.isEmpty == true)

            // testNow is Monday 2026-09-21 14:13 UTC. Five weeks back (Mon 17 Aug) a lone
            // workout, then one in each of the weeks of 7 Sep, 14 Sep and this week.
            try await pgLog(
                api, clock, at: testNow - 35 * pgDay, name: "Pull", [(deadlift, [pgSet(5, 140)]), (bench, [pgSet(5, 85)])])
            try await pgLog(api, clock, at: testNow - 14 * pgDay, name: "A", [(squat, [pgSet(5, 100)])])
            try await pgLog(api, clock, at: testNow - 7 * pgDay, name: "B", [(squat, [pgSet(5, 105)]), (bench, [pgSet(5, 80)])])
            let today = try await pgLog(
                api, clock, at: testNow - 3 * 3_600, name: "C", [(squat, [pgSet(5, 110)]), (bench, [pgSet(5, 82.5)])])
            clock.set(testNow)

            let body = try await progress.dashboard().object()
            #expect(body["workoutsThisWeek"] as? Int == 1)
            #expect(body["streakWeeks"] as? Int == 3, "7 Sep, 14 Sep and this week; 24 and 31 Aug were empty")

            let last = try #require(body["lastWorkout"] as? [String: Any])
            #expect(last["id"] as? String == today.workout)
            #expect(last["name"] as? String == "C")
            #expect(last["startedAt"] as? String == wkTime(testNow - 3 * 3_600))
            #expect(last["durationSeconds"] as? Int == 3_600)
            #expect(last["setCount"] as? Int == 2)
            #expect(wkNumber(last["volume"]) == 962.5)
            #expect(last["records"] as? Int == 2, "the 110 x 5 squat and the squat's session volume")

            let weeks = try #require(body["weeklyVolume"] as? [[String: Any]])
            let mondays = [28, 21, 14, 7, 0].map { testNow - 14 * 3_600 - 13 * 60 - 20 - Double($0) * pgDay }
            #expect(weeks.map { $0["weekStart"] as? String } == mondays.map(wkTime), "midnight of each Monday, oldest first")
            #expect(weeks.map { wkNumber($0["volume"]) } == [0, 0, 500, 925, 962.5])
            #expect(weeks.map { $0["workouts"] as? Int } == [0, 0, 1, 1, 1])
            #expect(wkNumber(body["volumeVsAveragePercent"]) == 270.2, "962.5 / ((0 + 0 + 500 + 925) / 4)")

            let best = try #require(body["bestLifts"] as? [[String: Any]])
            #expect(best.map { $0["exerciseId"] as? String } == [deadlift, squat, bench], "by e1RM, best first")
            #expect(
                best.map { $0["exerciseName"] as? String } == ["Deadlift (Barbell)", "Squat (Barbell)", "Bench Press (Barbell)"])
            #expect(best.map { wkNumber($0["e1RM"]) } == [163.3, 128.3, 99.2])
            #expect(best.map { wkNumber($0["heaviest"]) } == [140, 110, 85])

            // Squat: three sessions in the last 28 days, rising. Bench: two, not enough.
            let trends = try #require(body["trends"] as? [[String: Any]])
            #expect(trends.map { $0["exerciseId"] as? String } == [squat, bench], "most sessions first; the deadlift is too old")
            let squatTrend = try #require(trends.first)
            #expect(squatTrend["exerciseName"] as? String == "Squat (Barbell)")
            #expect(squatTrend["trend"] as? String == "up")
            #expect(squatTrend["sessions"] as? Int == 3)
            #expect(wkNumber(squatTrend["latestE1RM"]) == 128.3)
            #expect(wkNumber(squatTrend["weeklyChangePercent"]) == 4.8, "least-squares slope of 116.7, 122.5, 128.3 over 2 weeks")
            let benchTrend = try #require(trends.last)
            #expect(benchTrend["trend"] as? String == "notEnoughData")
            #expect(benchTrend["sessions"] as? Int == 2)
            #expect(wkNone(benchTrend["weeklyChangePercent"]))
            #expect(wkNumber(benchTrend["latestE1RM"]) == 96.3, "82.5 x (1 + 5/30) = 96.25")

            // Ben's dashboard is still empty.
            let bens = try await ProgressCalls(client: client, token: h.benToken).dashboard().object()
            #expect(bens["lastWorkout"] is NSNull)
            #expect((bens["bestLifts"] as? [Any])?.isEmpty == true)
            #expect(bens["streakWeeks"] as? Int == 0)

            // Next Monday, nothing logged yet: the streak holds (the week is not over).
            clock.set(testNow + 7 * pgDay)
            let nextWeek = try await progress.dashboard().object()
            #expect(nextWeek["workoutsThisWeek"] as? Int == 0)
            #expect(nextWeek["streakWeeks"] as? Int == 3)
            // A week later still nothing: the streak is broken.
            clock.set(testNow + 14 * pgDay)
            #expect(try await progress.dashboard().object()["streakWeeks"] as? Int == 0)
            #expect(try await progress.dashboard().object()["workoutsThisWeek"] as? Int == 0)
            // Deleting this week's workout takes it out of the count.
            clock.set(testNow)
            #expect(try await client.api(.delete, "/api/v1/workouts/\(today.workout)", token: h.anaToken).status == .noContent)
            let afterDelete = try await progress.dashboard().object()
            #expect(afterDelete["workoutsThisWeek"] as? Int == 0)
            #expect(afterDelete["streakWeeks"] as? Int == 2, "7 and 14 Sep; this week has not ended")
        }
    }

    @Test(
        "changing the time zone counts the weeks again: a workout early on Monday in UTC is Sunday night in New York",
        arguments: TestDatabase.all)
    func timeZoneChange(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let (api, progress, clock) = (h.workouts(), h.progress(), h.clock)
            let squat = try await api.exercise(.squat)
            // testNow is Monday 21 Sep 2026 14:13 UTC; the workout starts at 01:13 UTC that
            // Monday, which is 21:13 on Sunday 20 Sep in New York (UTC-4 in September).
            try await pgLog(api, clock, at: testNow - 13 * 3_600, name: "Late", [(squat, [pgSet(5, 100)])])
            clock.set(testNow)
            let utc = try await progress.dashboard().object()
            #expect(utc["workoutsThisWeek"] as? Int == 1)
            #expect(utc["streakWeeks"] as? Int == 1)

            #expect(try await api.settings(["timeZone": "America/New_York"]).status == .ok)
            let newYork = try await progress.dashboard().object()
            #expect(newYork["workoutsThisWeek"] as? Int == 0, "the workout moved to last week")
            #expect(newYork["streakWeeks"] as? Int == 1, "last week's workout keeps the streak while this week runs")

            #expect(try await api.settings(["timeZone": "UTC"]).status == .ok)
            #expect(try await progress.dashboard().object()["workoutsThisWeek"] as? Int == 1)
        }
    }

    @Test(
        "a volume that lands on a twentieth is rounded alike on Stats and Home, however the sets were added",
        arguments: TestDatabase.all)
    func volumeOnATwentieth(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let (api, progress, clock) = (h.workouts(), h.progress(), h.clock)
            let (squat, bench) = try await api.exercises(.squat, .bench)
            // 5.24 x 9 + 25.79 x 10 + 26.43 x 3 = 47.16 + 257.9 + 79.29 = 384.35 kg, which rounds up to 384.4;
            // added in another order, or with compensation (SQLite's SUM), it is 384.34999999999997.
            // The bench's 28.5 x 5 + 7.9 x 3 + 21.45 = 187.65 kg rounds to 187.7 whatever the order.
            try await pgLog(
                api, clock, at: testNow - pgDay, name: "Odd plates",
                [
                    (squat, [pgSet(9, 5.24), pgSet(10, 25.79), pgSet(3, 26.43)]),
                    (bench, [pgSet(5, 28.5), pgSet(3, 7.9), pgSet(1, 21.45)]),
                ])
            clock.set(testNow)
            let stats = try await progress.stats().object()
            #expect(wkNumber(stats["volume"]) == 572.0)
            let week = try #require((stats["weeks"] as? [[String: Any]])?.dropLast().last)
            #expect(wkNumber(week["volume"]) == 572.0)
            let muscles = (stats["muscles"] as? [[String: Any]] ?? []).map {
                "\($0["muscle"] as? String ?? "?") \(wkNumber($0["volume"]) ?? -1)"
            }
            // Squat: legs and glutes 384.35, core and back half (192.175); bench: chest 187.65, triceps and shoulders half (93.825).
            #expect(
                muscles == [
                    "glutes 384.4", "legs 384.4", "back 192.2", "core 192.2", "chest 187.7", "shoulders 93.8", "triceps 93.8",
                ])
            let home = try await progress.dashboard().object()
            let lastWeek = try #require((home["weeklyVolume"] as? [[String: Any]])?.dropLast().last)
            #expect(wkNumber(lastWeek["volume"]) == 572.0)
        }
    }

    @Test("stats: totals, muscles, days and the workout type filter", arguments: TestDatabase.all)
    func stats(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let (api, progress, clock) = (h.workouts(), h.progress(), h.clock)
            let (squat, bench) = try await api.exercises(.squat, .bench)
            let types = try await api.workoutTypes()
            try #require(types.count >= 2)
            let (push, legs) = (types[0], types[1])

            // Sat 19 Sep: bench 2 x 5 x 100 (1000 kg) and a warm-up; Sun 20 Sep: squat 5 x 120 (600 kg)
            // and a set planned but not done; 120 days ago, outside three months: bench 10 x 50.
            try await pgLog(
                api, clock, at: testNow - 120 * pgDay, name: "Old push", [(bench, [pgSet(10, 50)])],
                fields: ["workoutTypeId": push])
            try await pgLog(
                api, clock, at: testNow - 2 * pgDay, name: "Push",
                [(bench, [pgSet(5, 60, kind: "warmup"), pgSet(5, 100), pgSet(5, 100)])], fields: ["workoutTypeId": push])
            try await pgLog(
                api, clock, at: testNow - 1 * pgDay, name: "Legs",
                [(squat, [pgSet(5, 120), pgSet(5, 130, done: false)])], fields: ["workoutTypeId": legs])
            // A workout in progress is not counted.
            try await pgLog(api, clock, at: testNow - 600, name: "Now", [(squat, [pgSet(5, 200)])], finish: false)
            clock.set(testNow)

            let response = try await progress.stats()
            #expect(response.status == .ok)
            let body = try response.object()
            #expect(body["unit"] as? String == "kg")
            #expect(body["range"] as? String == "3m", "the default range")
            #expect(wkNone(body["workoutTypeId"]))
            #expect(body["workouts"] as? Int == 2)
            #expect(body["sets"] as? Int == 3, "done working sets: no warm-up, no planned set")
            #expect(wkNumber(body["volume"]) == 1_600)
            let muscles = (body["muscles"] as? [[String: Any]] ?? []).map {
                "\($0["muscle"] as? String ?? "?") \(wkNumber($0["volume"]) ?? -1)"
            }
            // Bench: chest 1000, triceps and shoulders half. Squat: legs and glutes 600, core and back half.
            #expect(
                muscles == [
                    "chest 1000.0", "glutes 600.0", "legs 600.0", "shoulders 500.0", "triceps 500.0", "back 300.0", "core 300.0",
                ])
            let days = (body["days"] as? [[String: Any]] ?? []).map {
                "\($0["day"] as? String ?? "?") \($0["workouts"] as? Int ?? -1)"
            }
            #expect(days == ["2026-09-19 1", "2026-09-20 1"])
            let weeks = try #require(body["weeks"] as? [[String: Any]])
            #expect(weeks.count == 15, "the weeks of 15 Jun to 21 Sep")
            #expect(weeks.first?["weekStart"] as? String == "2026-06-15T00:00:00Z")
            #expect(weeks.last?["weekStart"] as? String == "2026-09-21T00:00:00Z")
            #expect(weeks.map { $0["workouts"] as? Int ?? -1 }.reduce(0, +) == 2)
            let week = try #require(weeks.dropLast().last)
            #expect(week["weekStart"] as? String == "2026-09-14T00:00:00Z")
            #expect(week["workouts"] as? Int == 2)
            #expect(wkNumber(week["volume"]) == 1_600)
            let weekMuscles = (week["muscles"] as? [String: Any] ?? [:]).mapValues { wkNumber($0) ?? -1 }
            #expect(
                weekMuscles == [
                    "chest": 1000, "triceps": 500, "shoulders": 500, "legs": 600, "glutes": 600, "core": 300, "back": 300,
                ])
            #expect(weeks.last?["workouts"] as? Int == 0)
            #expect(wkNumber(weeks.last?["volume"]) == 0)

            // Only the push type.
            let pushOnly = try await progress.stats("type=\(push)")
            #expect(pushOnly.status == .ok)
            let pushBody = try pushOnly.object()
            #expect(pushBody["workoutTypeId"] as? String == push)
            #expect(pushBody["workouts"] as? Int == 1)
            #expect(pushBody["sets"] as? Int == 2)
            #expect(wkNumber(pushBody["volume"]) == 1_000)
            #expect(
                (pushBody["muscles"] as? [[String: Any]])?.map { $0["muscle"] as? String } == ["chest", "shoulders", "triceps"])
            #expect((pushBody["days"] as? [[String: Any]])?.map { $0["day"] as? String } == ["2026-09-19"])

            // All time: the old workout counts too.
            let allTime = try await progress.stats("range=all").object()
            #expect(allTime["range"] as? String == "all")
            #expect(allTime["workouts"] as? Int == 3)
            #expect(allTime["sets"] as? Int == 4)
            #expect(wkNumber(allTime["volume"]) == 2_100)
            let allPush = try await progress.stats("range=all&type=\(push)").object()
            #expect(allPush["workouts"] as? Int == 2)
            #expect(wkNumber(allPush["volume"]) == 1_500)
            let fourWeeks = try await progress.stats("range=4w").object()
            #expect(fourWeeks["workouts"] as? Int == 2)
            #expect((fourWeeks["weeks"] as? [Any])?.count == 4, "31 Aug to 21 Sep")

            // Another lifter's type, an unknown one, a malformed one, a bad range.
            let bensType = try #require(try await h.workouts(.ben).workoutTypes().first)
            for id in [bensType, wkID()] {
                let missing = try await progress.stats("type=\(id)")
                #expect(missing.status == .notFound)
                #expect(try missing.error().code == "not_found")
                #expect(try missing.error().message == "The workout type was not found.")
            }
            let malformed = try await progress.stats("type=push")
            #expect(malformed.status == .badRequest)
            #expect(try malformed.error().field == "type")
            #expect(try malformed.error().message == "The workout type id is not valid.")
            let badRange = try await progress.stats("range=week")
            #expect(badRange.status == .badRequest)
            #expect(try badRange.error().field == "range")
            #expect(try badRange.error().message == "The range must be one of: 4w, 3m, 1y, all.")

            // Ben sees none of it, and Ana's type is not his.
            let bens = try await ProgressCalls(client: client, token: h.benToken).stats("range=all").object()
            #expect(bens["workouts"] as? Int == 0)
            #expect(wkNumber(bens["volume"]) == 0)
            #expect((bens["muscles"] as? [Any])?.isEmpty == true)
            #expect(try await ProgressCalls(client: client, token: h.benToken).stats("type=\(push)").status == .notFound)
        }
    }

    @Test("another lifter cannot read the progress of a custom exercise", arguments: TestDatabase.all)
    func crossUserExercise(engine: TestDatabase) async throws {
        try await withApp(engine) { client, h in
            let (api, anas, bens, clock) = (h.workouts(), h.progress(), h.progress(.ben), h.clock)
            let fly = try await h.createCustomExercise()
            try await pgLog(api, clock, at: testNow - 2 * pgDay, name: "Chest", [(fly, [pgSet(12, 20)])])
            try await pgLog(api, clock, at: testNow - 1 * pgDay, name: "Chest", [(fly, [pgSet(12, 22.5)])])
            clock.set(testNow)
            let before = try await anas.exercise(fly, "range=all").text
            let dashboard = try await anas.dashboard().text

            for query in ["", "range=all", "range=4w"] {
                let refused = try await bens.exercise(fly, query)
                #expect(refused.status == .notFound)
                #expect(try refused.error().message == "The exercise was not found.")
            }
            // Ben logging the same id in a workout is refused too, and his progress stays empty.
            let bw = wkID()
            #expect(try await WorkoutCalls(client: client, token: h.benToken).start(bw).status == .created)
            #expect(
                try await WorkoutCalls(client: client, token: h.benToken).entry(bw, wkID(), ["exerciseId": fly]).status
                    == .badRequest)
            #expect((try await bens.dashboard().object()["bestLifts"] as? [Any])?.isEmpty == true)

            let after = try await anas.exercise(fly, "range=all")
            #expect(after.status == .ok)
            #expect(after.text == before)
            #expect(try await anas.dashboard().text == dashboard)
            #expect(wkNumber(pgRecords(try after.object())["heaviest"]) == 22.5)
            #expect(pgSessions(try after.object()).count == 2)
        }
    }
}
