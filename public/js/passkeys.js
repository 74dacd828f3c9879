// Genkan's passkeys (WebAuthn). The server renders every passkey button hidden; this file shows
// them where the browser has WebAuthn, and runs the ceremonies through the server's JSON calls
// (form posts carrying the page's token). Problems are written, in the page's language, into the
// page's live region (#passkey-status): the texts come from its data-error-* attributes or from
// the server's answer, never from the browser's own message.
(function () {
  "use strict";

  if (!window.PublicKeyCredential || !navigator.credentials || !window.fetch) { return; }

  function each(list, fn) { Array.prototype.forEach.call(list, fn); }

  // base64url (RFC 4648 §5, no padding) to and from bytes.
  function toBytes(text) {
    var base64 = text.replace(/-/g, "+").replace(/_/g, "/");
    while (base64.length % 4) { base64 += "="; }
    var binary = atob(base64);
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) { bytes[i] = binary.charCodeAt(i); }
    return bytes.buffer;
  }

  function toText(buffer) {
    var bytes = new Uint8Array(buffer);
    var binary = "";
    for (var i = 0; i < bytes.length; i++) { binary += String.fromCharCode(bytes[i]); }
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function descriptors(list) {
    return (list || []).map(function (item) {
      var copy = { type: item.type, id: toBytes(item.id) };
      if (item.transports) { copy.transports = item.transports; }
      return copy;
    });
  }

  // The server's PublicKeyCredentialCreationOptionsJSON as create() takes it.
  function creationOptions(json) {
    var options = Object.assign({}, json);
    options.challenge = toBytes(json.challenge);
    options.user = Object.assign({}, json.user, { id: toBytes(json.user.id) });
    options.excludeCredentials = descriptors(json.excludeCredentials);
    return options;
  }

  // The server's PublicKeyCredentialRequestOptionsJSON as get() takes it.
  function requestOptions(json) {
    var options = Object.assign({}, json);
    options.challenge = toBytes(json.challenge);
    if (json.allowCredentials) { options.allowCredentials = descriptors(json.allowCredentials); }
    return options;
  }

  // RegistrationResponseJSON or AuthenticationResponseJSON (WebAuthn Level 3 §5.1).
  function credentialJSON(credential) {
    var response = credential.response;
    var json = {
      id: credential.id, rawId: toText(credential.rawId), type: credential.type,
      authenticatorAttachment: credential.authenticatorAttachment || null,
      clientExtensionResults: credential.getClientExtensionResults ? credential.getClientExtensionResults() : {},
      response: { clientDataJSON: toText(response.clientDataJSON) }
    };
    if (response.attestationObject) {
      json.response.attestationObject = toText(response.attestationObject);
      json.response.transports = response.getTransports ? response.getTransports() : [];
    } else {
      json.response.authenticatorData = toText(response.authenticatorData);
      json.response.signature = toText(response.signature);
      json.response.userHandle = response.userHandle ? toText(response.userHandle) : null;
    }
    return JSON.stringify(json);
  }

  // A form post to one of the server's passkey calls: resolves with its JSON, or rejects with
  // the server's message (and the page to go to, when it names one).
  function post(path, fields) {
    var body = new URLSearchParams();
    Object.keys(fields).forEach(function (name) { body.set(name, fields[name]); });
    return fetch(path, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: body.toString()
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (json) {
        if (response.ok) { return json; }
        var problem = new Error("server");
        problem.serverMessage = json.error && json.error.message;
        problem.location = json.location;
        throw problem;
      });
    });
  }

  var status = null;

  function say(text) {
    if (!status) { return; }
    status.textContent = text || "";
    status.classList.toggle("passkey-error", Boolean(text));
  }

  // What a failed ceremony reads as: the server's message, or one of the page's own for the
  // browser's errors (cancelled or timed out, already registered, anything else).
  function report(problem) {
    if (problem && problem.name === "AbortError") { return; }
    if (problem && problem.location) { window.location.assign(problem.location); return; }
    var key = "failed";
    if (problem && problem.serverMessage) { say(problem.serverMessage); return; }
    if (problem && problem.name === "NotAllowedError") { key = "cancelled"; }
    if (problem && problem.name === "InvalidStateError") { key = "exists"; }
    say(status ? status.getAttribute("data-error-" + key) : "");
  }

  function busy(button, on) {
    button.disabled = on;
    if (on) { button.setAttribute("aria-busy", "true"); } else { button.removeAttribute("aria-busy"); }
  }

  // MARK: Sign-in

  // The autofill request (conditional mediation) the sign-in page starts, if the browser offers
  // it: aborted before the button's own request, and silent when refused.
  var autofill = null;

  function finishSignIn(button, credential) {
    var fields = { csrf: button.getAttribute("data-csrf"), credential: credentialJSON(credential) };
    if (button.hasAttribute("data-return")) { fields["return"] = button.getAttribute("data-return"); }
    return post("/api/passkeys/sign-in", fields).then(function (answer) {
      window.location.assign(answer.location || "/account");
    });
  }

  function startAutofill(button) {
    if (!PublicKeyCredential.isConditionalMediationAvailable || !window.AbortController) { return; }
    PublicKeyCredential.isConditionalMediationAvailable().then(function (available) {
      if (!available || autofill) { return; }
      var controller = new AbortController();
      autofill = controller;
      post("/api/passkeys/sign-in/options", { csrf: button.getAttribute("data-csrf") }).then(function (answer) {
        if (controller.signal.aborted) { return null; }
        return navigator.credentials.get({
          publicKey: requestOptions(answer.publicKey), mediation: "conditional", signal: controller.signal
        });
      }).then(function (credential) {
        if (autofill === controller) { autofill = null; }
        if (!credential) { return; }
        say("");
        busy(button, true);
        return finishSignIn(button, credential).catch(function (problem) {
          busy(button, false);
          report(problem);
        });
      }, function () {
        // Refused, cancelled, or aborted for the button: no message.
        if (autofill === controller) { autofill = null; }
      });
    }).catch(function () { /* no autofill then */ });
  }

  function signIn(button) {
    if (autofill) { autofill.abort(); autofill = null; }
    say("");
    busy(button, true);
    post("/api/passkeys/sign-in/options", { csrf: button.getAttribute("data-csrf") }).then(function (answer) {
      return navigator.credentials.get({ publicKey: requestOptions(answer.publicKey) });
    }).then(function (credential) {
      return finishSignIn(button, credential);
    }).catch(function (problem) {
      busy(button, false);
      report(problem);
    });
  }

  // MARK: Adding a passkey

  function register(button) {
    var csrf = button.getAttribute("data-csrf");
    var name = document.getElementById("passkey-name");
    say("");
    busy(button, true);
    post("/api/passkeys/register/options", { csrf: csrf }).then(function (answer) {
      return navigator.credentials.create({ publicKey: creationOptions(answer.publicKey) });
    }).then(function (credential) {
      return post("/api/passkeys/register", { csrf: csrf, credential: credentialJSON(credential), name: name ? name.value : "" });
    }).then(function (answer) {
      window.location.assign(answer.location || "/account/passkeys");
    }).catch(function (problem) {
      busy(button, false);
      report(problem);
    });
  }

  // MARK: A passkey instead of the password on a confirmation form

  function reauthenticate(button) {
    var form = button.form;
    say("");
    busy(button, true);
    post("/api/passkeys/reauthenticate/options", { csrf: form.elements.csrf.value }).then(function (answer) {
      return navigator.credentials.get({ publicKey: requestOptions(answer.publicKey) });
    }).then(function (credential) {
      form.elements.passkey.value = credentialJSON(credential);
      form.submit();
    }).catch(function (problem) {
      busy(button, false);
      report(problem);
    });
  }

  var actions = { "sign-in": signIn, "register": register, "reauthenticate": reauthenticate };

  document.addEventListener("DOMContentLoaded", function () {
    status = document.getElementById("passkey-status");
    each(document.querySelectorAll("[data-passkey-name]"), function (element) { element.hidden = false; });
    each(document.querySelectorAll("button[data-passkey-action]"), function (button) {
      var action = actions[button.getAttribute("data-passkey-action")];
      if (!action) { return; }
      button.hidden = false;
      button.addEventListener("click", function () { action(button); });
      if (button.getAttribute("data-passkey-action") === "sign-in") { startAutofill(button); }
    });
  });
})();
