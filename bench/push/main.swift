// Encrypts COUNT Web Push messages (RFC 8291, aes128gcm) for one subscription's keys, each with
// a fresh sender key and salt as delivery does, and prints the microseconds per message as JSON.
// Usage: yaruki-push-bench COUNT P256DH AUTH (the keys base64url, as a browser gives them)
import Foundation
import YarukiServer

func base64url(_ text: String) -> Data? {
    var s = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while s.count % 4 != 0 { s += "=" }
    return Data(base64Encoded: s)
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[1]), count > 0, let p256dh = base64url(arguments[2]), let auth = base64url(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: yaruki-push-bench COUNT P256DH AUTH\n".utf8))
    exit(2)
}
let message = Data(#"{"title":"Yaruki","body":"Rest is over. Next: Squat, set 2","url":"/#/session","tag":"restEnd"}"#.utf8)
var bytes = 0
for _ in 0..<min(200, count) { bytes = try WebPushCrypto.encrypt(message, p256dh: p256dh, auth: auth).count }  // warm-up
let start = DispatchTime.now().uptimeNanoseconds
for _ in 0..<count { bytes = try WebPushCrypto.encrypt(message, p256dh: p256dh, auth: auth).count }
let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
print(#"{"count":\#(count),"microsecondsPerMessage":\#(seconds / Double(count) * 1e6),"bodyBytes":\#(bytes)}"#)
