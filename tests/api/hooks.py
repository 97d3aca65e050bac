"""Schemathesis hooks for the fuzz run: an upload's body is the file's bytes as they are, under any
of the media types the document names (the server reads the bytes, not the Content-Type)."""
import schemathesis

MEDIA = ["video/mp4", "video/quicktime", "video/webm", "image/jpeg", "image/png", "image/webp", "image/heic",
         "audio/mp4", "audio/webm", "audio/ogg", "audio/mpeg", "audio/wav", "application/zip", "application/xml", "text/xml"]


@schemathesis.serializer(*MEDIA)
def raw_bytes(ctx, value):
    if isinstance(value, bytes):
        return value
    return str(value).encode()
