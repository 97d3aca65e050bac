import YarukiCore
enum YarukiVersionProbe { static let current = YarukiVersion.current }
