public enum YarukiVersion { public static let current = "0.1.0" }
