import Foundation

extension TimeZone {
    /// The zone's IANA name, as a reply or a stored row should carry it. Foundation on Linux names
    /// the zone made from "UTC" "GMT" (every other name it keeps as given), so a person who chose
    /// UTC saw GMT beside their own setting; the two are one zone, and UTC is the name people pick.
    public var ianaName: String { identifier == "GMT" ? "UTC" : identifier }
}
