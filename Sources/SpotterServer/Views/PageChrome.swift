import Mustache
import SpotterCore

/// What every page's layout needs: title, theme, the form token and the navigation.
struct PageChrome {
    /// The sections a page belongs to. Five are tabs of the bottom navigation; the
    /// others live under More, whose tab is lit on their pages.
    enum Section: String, CaseIterable {
        case home, workout, history, progress, more, programs, exercises, settings

        /// The tabs, in order: five fit a phone's width with readable labels.
        static let tabs: [Section] = [.home, .workout, .history, .progress, .more]

        /// The tab lit on this section's pages.
        var tab: Section {
            switch self {
            case .programs, .exercises, .settings: .more
            default: self
            }
        }

        var label: String {
            switch self {
            case .home: "Home"
            case .workout: "Workout"
            case .history: "History"
            case .progress: "Progress"
            case .more: "More"
            case .programs: "Programs"
            case .exercises: "Exercises"
            case .settings: "Settings"
            }
        }

        var path: String {
            switch self {
            case .home: "/"
            case .workout: "/workout"
            case .history: "/history"
            case .progress: "/progress"
            case .more: "/more"
            case .programs: "/programs"
            case .exercises: "/exercises"
            case .settings: "/settings"
            }
        }
    }

    struct NavItem {
        let label: String
        let path: String
        let icon: String
        let active: Bool
    }

    let title: String
    let theme: String
    let csrf: String
    let signedIn: Bool
    let username: String
    let nav: [NavItem]
    /// The shared base (tokens, elements, buttons, fields), then the page's own:
    /// the app's, or a page's own (the player's, to stay small).
    let baseStylesheet: String
    var stylesheet: String
    /// The page's script: the app's, or a page's own (the player's, to stay small).
    var script: String
    let backLink: String?

    init(title: String, context: some SpotterRequestContext, section: Section?, backLink: String? = nil) {
        self.title = title
        let user = context.authentication?.user
        theme = user?.settings.theme.rawValue ?? Theme.system.rawValue
        csrf = context.authentication?.webSession?.csrfToken ?? context.preAuthCSRF ?? ""
        signedIn = user != nil
        username = user?.username ?? ""
        nav =
            user == nil
            ? []
            : Section.tabs.map {
                NavItem(label: $0.label, path: $0.path, icon: $0.rawValue, active: $0 == section?.tab)
            }
        baseStylesheet = AssetCatalog.shared.url(for: "base.css")
        stylesheet = AssetCatalog.shared.url(for: "app.css")
        script = AssetCatalog.shared.url(for: "app.js")
        self.backLink = backLink
    }
}

// Every form on a page reads `page.csrf`, from inside lists too; answering by name
// spares a reflection walk over the chrome for each (see `TemplateCardView`).
extension PageChrome: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "title": title
        case "theme": theme
        case "csrf": csrf
        case "signedIn": signedIn
        case "username": username
        case "nav": nav
        case "baseStylesheet": baseStylesheet
        case "stylesheet": stylesheet
        case "script": script
        case "backLink": backLink
        default: nil
        }
    }
}
