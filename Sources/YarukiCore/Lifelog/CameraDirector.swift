import Foundation

/// Where the map looks while a day plays: a square `span` metres across around `center`.
public struct Viewport: Codable, Equatable, Sendable {
    public var center: GeoPoint
    public var span: Double

    public init(center: GeoPoint, span: Double) {
        self.center = center
        self.span = span
    }
}

/// Decides the map's viewport from the marker and the path a few seconds ahead of it, and moves
/// it as little as it can: only when the marker leaves the inner box of the view, or the span
/// the coming path needs differs from the view's by more than about a third. A person dragging
/// the map takes the camera (following stops; playback goes on) until they press "follow".
/// The browser's `js/lifelog/camera.js` is its twin, replaying vectors these tests write.
public struct CameraDirector: Equatable, Sendable {
    /// The inner box, as a share of the view's span, that the marker may roam without a move (a fresh
    /// frame puts the marker up to a third of the span from the centre, inside it).
    public static let innerBox = 0.8
    /// A span change smaller than this share keeps the view.
    public static let spanTolerance = 1.0 / 3.0
    /// The coming path is framed with room around it, and never closer than a street.
    public static let margin = 1.5
    public static let minimumSpan = 250.0

    public private(set) var viewport: Viewport?
    public private(set) var following = true

    public init() {}

    /// The viewport to move to, or nil to stay (or when not following).
    public mutating func update(marker: GeoPoint, ahead: [GeoPoint]) -> Viewport? {
        guard following else { return nil }
        let needed = CameraDirector.frame([marker] + ahead)
        if let current = viewport {
            let (dx, dy) = CameraDirector.offset(from: current.center, to: marker)
            let half = current.span * CameraDirector.innerBox / 2
            let inside = abs(dx) <= half && abs(dy) <= half
            let ratio = needed.span / current.span
            let steady = ratio <= 1 + CameraDirector.spanTolerance && ratio >= 1 / (1 + CameraDirector.spanTolerance)
            if inside && steady { return nil }
        }
        viewport = needed
        return needed
    }

    /// The person dragged or zoomed the map.
    public mutating func userMoved() { following = false }

    /// "Follow": the camera is the director's again, and frames the marker at the next update.
    public mutating func follow() {
        following = true
        viewport = nil
    }

    /// The square around `points` with the margin, at least `minimumSpan` across.
    public static func frame(_ points: [GeoPoint]) -> Viewport {
        let lats = points.map(\.latitude), lons = points.map(\.longitude)
        let center = GeoPoint(latitude: (lats.min()! + lats.max()!) / 2, longitude: (lons.min()! + lons.max()!) / 2)
        let (w, _) = offset(from: GeoPoint(latitude: center.latitude, longitude: lons.min()!), to: GeoPoint(latitude: center.latitude, longitude: lons.max()!))
        let (_, h) = offset(from: GeoPoint(latitude: lats.min()!, longitude: center.longitude), to: GeoPoint(latitude: lats.max()!, longitude: center.longitude))
        return Viewport(center: center, span: max(minimumSpan, max(abs(w), abs(h)) * margin))
    }

    /// East and north metres from `a` to `b` on a local plane.
    public static func offset(from a: GeoPoint, to b: GeoPoint) -> (Double, Double) {
        let scale = Geo.earthRadius * .pi / 180
        return ((b.longitude - a.longitude) * scale * cos(a.latitude * .pi / 180), (b.latitude - a.latitude) * scale)
    }
}
