"""The reference: pywebpush encrypting the same message for the same keys COUNT times (each with a
fresh sender key and salt, as it sends), microseconds per message as JSON.
Usage: encrypt.py COUNT P256DH AUTH"""
import json
import sys
import time

from pywebpush import WebPusher

count, p256dh, auth = int(sys.argv[1]), sys.argv[2], sys.argv[3]
pusher = WebPusher({"endpoint": "http://127.0.0.1/push/bench", "keys": {"p256dh": p256dh, "auth": auth}})
message = json.dumps({"title": "Yaruki", "body": "Rest is over. Next: Squat, set 2", "url": "/#/session", "tag": "restEnd"}).encode()
for _ in range(min(200, count)):
    body = pusher.encode(message, content_encoding="aes128gcm")["body"]
start = time.perf_counter()
for _ in range(count):
    body = pusher.encode(message, content_encoding="aes128gcm")["body"]
seconds = time.perf_counter() - start
print(json.dumps({"count": count, "microsecondsPerMessage": seconds / count * 1e6, "bodyBytes": len(body)}))
