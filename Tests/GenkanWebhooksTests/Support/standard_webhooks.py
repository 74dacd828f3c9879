"""Signs and verifies Standard Webhooks messages with the `standardwebhooks` package (the
specification's own Python library), for GenkanWebhooksTests to hold Genkan's signer to an
independent implementation.

    python standard_webhooks.py verify < cases.jsonl   one line per case: {"secret", "id",
        "timestamp", "signature", "body" (base64)}; prints {"ok": true} or {"ok": false,
        "error": …} per case
    python standard_webhooks.py sign < cases.jsonl     one line per case: {"secret", "id",
        "timestamp", "body" (base64)}; prints {"signature": …} per case"""

import base64
import json
import sys
from datetime import datetime, timezone

from standardwebhooks.webhooks import Webhook, WebhookVerificationError


def main():
    mode = sys.argv[1]
    for line in sys.stdin:
        if not line.strip():
            continue
        case = json.loads(line)
        hook = Webhook(case["secret"])
        body = base64.b64decode(case["body"]).decode("utf-8")
        if mode == "sign":
            when = datetime.fromtimestamp(int(case["timestamp"]), tz=timezone.utc)
            print(json.dumps({"signature": hook.sign(case["id"], when, body)}), flush=True)
        else:
            headers = {"webhook-id": case["id"], "webhook-timestamp": str(case["timestamp"]), "webhook-signature": case["signature"]}
            try:
                hook.verify(body, headers, json_parse=False)
                print(json.dumps({"ok": True}), flush=True)
            except WebhookVerificationError as error:
                print(json.dumps({"ok": False, "error": str(error)}), flush=True)


if __name__ == "__main__":
    main()
