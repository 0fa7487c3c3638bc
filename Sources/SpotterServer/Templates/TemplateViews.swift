import Foundation
import Mustache
import SpotterCore

/// A template as a card shows it: name, first exercises, size, duration, last use.
struct TemplateCardView {
    let id: String
    let name: String
    let category: String
    let preview: String
    let moreCount: Int?
    let exerciseCount: Int
    let duration: String
    /// "14 min", for the stat tiles.
    let minutes: String
    let lastUsed: String
    let pinned: Bool
    let archived: Bool
    let isPreset: Bool
    let guided: Bool
    /// "12:30" the guided player takes, for guided templates.
    let playTime: String?

    init(_ template: WorkoutTemplate, names: [UUID: String], now: Date, timeZone: TimeZone) {
        id = template.id.text
        name = template.name
        category = template.category.displayName
        let shown = template.exercises.prefix(3).map { names[$0.exerciseID] ?? "Unknown exercise" }
        preview = shown.joined(separator: ", ")
        moreCount = template.exerciseCount > 3 ? template.exerciseCount - 3 : nil
        exerciseCount = template.exerciseCount
        // A guided template lasts what its player takes; another, two minutes a set.
        let seconds =
            template.isGuided
            ? template.estimatedPlaySeconds(defaultRestSeconds: TemplateExercise.defaultRestSeconds)
            : template.estimatedDurationSeconds
        duration = TemplateText.duration(seconds)
        minutes = "\(max(1, (seconds + 30) / 60)) min"
        lastUsed =
            template.lastUsedAt.map { "Last used " + TemplateText.relativeDay($0, now: now, timeZone: timeZone) } ?? "Never used"
        pinned = template.pinned
        archived = template.isArchived
        isPreset = template.isPreset
        guided = template.isGuided
        playTime =
            template.isGuided
            ? GuidedText.clock(template.estimatedPlaySeconds(defaultRestSeconds: TemplateExercise.defaultRestSeconds)) : nil
    }
}

/// One exercise of a template on its read-only detail page.
struct TemplateExerciseView {
    let number: Int
    let name: String
    let prescription: String
    /// "60 kg" or "Suggested 100 kg (last time)"; a name no outer view has, so nil
    /// renders nothing (Mustache looks a missing name up in the views around it).
    let weightNote: String?
    let rest: String
    /// Named apart from the template's own `notes`: an exercise without notes
    /// must not show the template's (Mustache looks a missing name up outside).
    let exerciseNotes: String?
    /// A break card of a guided template.
    let isBreak: Bool
}

/// Words and numbers of the template pages.
enum TemplateText {
    /// "about 36 min", "about 1 h 10 min".
    static func duration(_ seconds: Int) -> String {
        let minutes = seconds / 60
        return minutes < 60
            ? "about \(minutes) min" : "about \(minutes / 60) h" + (minutes % 60 == 0 ? "" : " \(minutes % 60) min")
    }

    /// "today", "yesterday", "3 days ago", "2 weeks ago", "on 3 Nov 2026": by
    /// calendar day in the lifter's time zone.
    static func relativeDay(_ date: Date, now: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let days =
            calendar.dateComponents([.day], from: calendar.startOfDay(for: date), to: calendar.startOfDay(for: now)).day ?? 0
        switch days {
        case ..<1: return "today"
        case 1: return "yesterday"
        case 2..<14: return "\(days) days ago"
        case 14..<60: return "\(days / 7) weeks ago"
        default:
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = timeZone
            formatter.dateFormat = "d MMM yyyy"
            return "on " + formatter.string(from: date)
        }
    }

    static func date(_ date: Date, timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "d MMM yyyy"
        return formatter.string(from: date)
    }

    /// "3 x 5", "3 x 8-12 reps", "3 x 30 s".
    static func prescription(_ item: TemplateExercise) -> String {
        if let seconds = item.targetDurationSeconds { return "\(item.setCount) x \(seconds) s" }
        return "\(item.setCount) x \(item.reps.label) reps" + (item.targetRPE.map { " @ RPE \(WeightFormat.trim($0))" } ?? "")
    }

    static func weight(_ mass: Mass) -> String { "\(WeightFormat.trim(mass.value)) \(mass.unit.rawValue)" }

    static func rest(_ seconds: Int?, fallback: Int) -> String {
        let value = seconds ?? fallback
        if value == 0 { return "no rest" }
        return value % 60 == 0
            ? "\(value / 60) min rest" : (value > 60 ? "\(value / 60) min \(value % 60) s rest" : "\(value) s rest")
    }
}

// Mustache finds a field by reflection (a Mirror walk over every property) unless
// the value names its children itself. A library page renders a dozen fields for
// each of hundreds of cards, and profiling showed the reflection as most of its
// time, so the card answers by name.
extension TemplateCardView: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "id": id
        case "name": name
        case "category": category
        case "preview": preview
        case "moreCount": moreCount
        case "exerciseCount": exerciseCount
        case "duration": duration
        case "minutes": minutes
        case "lastUsed": lastUsed
        case "pinned": pinned
        case "archived": archived
        case "isPreset": isPreset
        case "guided": guided
        case "playTime": playTime
        default: nil
        }
    }
}

struct TemplatePresetGroup {
    let routine: String
    let category: String
    var cards: [TemplateCardView]
}
