import Foundation
import SpotterCore

/// How the API writes a date (`JSONEncoder.dateEncodingStrategy = .iso8601`).
func wkTime(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }

/// A new client-made id, spelled as the API spells ids.
func wkID() -> String { UUID().text }

/// A JSON object as text, keys sorted.
func wkJSON(_ object: [String: any Sendable]) -> String {
    let data = try! JSONSerialization.data(withJSONObject: object as [String: Any], options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
}

/// Any JSON value as canonical text (sorted keys), to compare two answers.
func wkCanonical(_ value: Any?) -> String {
    guard let value, JSONSerialization.isValidJSONObject([value]) else { return "invalid" }
    let data = try! JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
}

/// True when a value is unset: `null` or left out (workout, entry and rest
/// answers leave unset keys out; set answers write them as `null`).
func wkNone(_ value: Any?) -> Bool { value == nil || value is NSNull }

/// A JSON number as a Double, whether it was written as 100 or 100.0.
func wkNumber(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

func wkEntries(_ workout: [String: Any]) -> [[String: Any]] { workout["entries"] as? [[String: Any]] ?? [] }

func wkSets(_ entry: [String: Any]) -> [[String: Any]] { entry["sets"] as? [[String: Any]] ?? [] }

func wkRest(_ object: [String: Any]) -> [String: Any] { object["rest"] as? [String: Any] ?? [:] }

func wkSummary(_ workout: [String: Any]) -> [String: Any] { workout["summary"] as? [String: Any] ?? [:] }

func wkIDs(_ list: [[String: Any]]) -> [String] { list.compactMap { $0["id"] as? String } }
