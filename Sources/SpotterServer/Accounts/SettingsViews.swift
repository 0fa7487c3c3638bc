import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

struct TokenRowView {
    let id: String
    let name: String
    let prefix: String
    let created: String
    let lastUsed: String
}

struct NewTokenView {
    let name: String
    let secret: String
}
