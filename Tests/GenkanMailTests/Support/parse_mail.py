#!/usr/bin/env python3
"""Parses messages with Python's email package (policy=email.policy.default) for GenkanMailTests.

Prints a JSON array with, for each .eml path given, what a mail client would show: subject,
From and To (display names and addresses), date, Message-ID, content type, both bodies as
decoded text, each part's charset and transfer encoding, and every defect the parser noted
in the message, its parts and its headers. "toDecoded" is the To field decoded by the older
email.header API, which drops the space between adjacent encoded-words as RFC 2047 §6.2 says
(policy.default's address parser keeps it before CPython gh-128110).
"""
import json
import sys
from email import message_from_bytes, policy
from email.header import decode_header, make_header
from email.parser import BytesParser


def mailboxes(header):
    return [{"name": a.display_name, "address": a.addr_spec} for a in header.addresses] if header else []


def describe(path):
    with open(path, "rb") as file:
        data = file.read()
    message = BytesParser(policy=policy.default).parsebytes(data)
    defects = []
    for part in message.walk():
        defects += [type(d).__name__ for d in part.defects]
        for name, value in part.items():
            defects += ["%s: %s" % (name, type(d).__name__) for d in getattr(value, "defects", ())]
    raw_to = message_from_bytes(data, policy=policy.compat32)["to"]
    text, html = message.get_body(("plain",)), message.get_body(("html",))
    return {
        "subject": str(message["subject"]),
        "from": mailboxes(message["from"]),
        "to": mailboxes(message["to"]),
        "date": message["date"].datetime.isoformat() if message["date"] and message["date"].datetime else None,
        "messageID": str(message["message-id"]),
        "contentType": message.get_content_type(),
        "text": text.get_content() if text else None,
        "html": html.get_content() if html else None,
        "parts": [{"type": p.get_content_type(), "charset": p.get_content_charset(),
                   "encoding": p.get("content-transfer-encoding")} for p in message.iter_parts()],
        "defects": defects,
        "toDecoded": str(make_header(decode_header(raw_to.replace("\r\n", "").replace("\n", "")))) if raw_to else None,
    }


if __name__ == "__main__":
    json.dump([describe(path) for path in sys.argv[1:]], sys.stdout)
