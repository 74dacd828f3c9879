// Genkan's progressive enhancement. Every page works without this file; with it, fields are
// checked as the user types (by the server's own rules, through POST /api/validate), the password
// checklist ticks itself off, passwords can be shown, and a form cannot be sent twice.
(function () {
  "use strict";

  // The checklist ticks itself off only with this script: without it, it is a plain list.
  document.documentElement.classList.add("js");

  var DEBOUNCE_MS = 250;

  function each(list, fn) { Array.prototype.forEach.call(list, fn); }

  // Moves focus to the error summary so that screen readers announce the problems.
  function focusSummary() {
    var summary = document.getElementById("error-summary");
    if (summary) { summary.focus(); }
  }

  // Lists the ids in aria-describedby, adding or removing one.
  function describedBy(input, id, present) {
    var ids = (input.getAttribute("aria-describedby") || "").split(/\s+/).filter(Boolean);
    var index = ids.indexOf(id);
    if (present && index < 0) { ids.push(id); }
    if (!present && index >= 0) { ids.splice(index, 1); }
    if (ids.length) { input.setAttribute("aria-describedby", ids.join(" ")); }
    else { input.removeAttribute("aria-describedby"); }
  }

  function showIssues(form, field, issues) {
    var input = form.querySelector("#" + field);
    var box = document.getElementById(field + "-error");
    if (!input || !box) { return; }
    while (box.firstChild) { box.removeChild(box.firstChild); }
    issues.forEach(function (issue) {
      var p = document.createElement("p");
      p.textContent = issue.message;
      box.appendChild(p);
    });
    var invalid = issues.length > 0;
    var wrapper = input.closest(".field");
    if (wrapper) { wrapper.classList.toggle("field-invalid", invalid); }
    if (invalid) { input.setAttribute("aria-invalid", "true"); }
    else { input.removeAttribute("aria-invalid"); }
    describedBy(input, field + "-error", invalid);
  }

  // Ticks off the checklist of a new-password field (the renderer names it "<field>-checklist").
  function showChecklist(field, items) {
    each(document.querySelectorAll("#" + field + "-checklist li[data-requirement]"), function (li) {
      var code = li.getAttribute("data-requirement");
      items.forEach(function (item) {
        if (item.code === code) {
          li.classList.toggle("met", item.met);
          li.classList.toggle("unmet", !item.met);
          if (item.message) { li.textContent = item.message; }
        }
      });
    });
  }

  // What a field submits: a box that is not ticked submits nothing.
  function valueOf(element) {
    if (element.type === "checkbox") { return element.checked ? element.value : ""; }
    return element.value;
  }

  // Asks the server about one field, with the form's other values as context.
  function validate(form, field, done) {
    var body = new URLSearchParams();
    body.set("form", form.getAttribute("data-form"));
    body.set("field", field);
    each(form.elements, function (element) {
      if (element.name && element.type !== "submit" && element.type !== "button") {
        body.set(element.name, valueOf(element));
      }
    });
    var target = form.elements[field];
    body.set("value", target ? valueOf(target) : "");
    fetch("/api/validate", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: body.toString(),
      credentials: "same-origin"
    }).then(function (response) {
      return response.ok ? response.json() : null;
    }).then(function (result) {
      if (result) { done(result); }
    }).catch(function () { /* the server will check on submit */ });
  }

  function enhanceValidation(form) {
    form.noValidate = true; // the server's messages replace the browser's bubbles
    var touched = {};
    var timers = {};
    each(form.querySelectorAll("input[id]:not([type=hidden])"), function (input) {
      var field = input.id;
      var run = function (showErrors) {
        clearTimeout(timers[field]);
        timers[field] = setTimeout(function () {
          validate(form, field, function (result) {
            if (showErrors) { showIssues(form, field, result.issues || []); }
            if (result.checklist) { showChecklist(field, result.checklist); }
          });
        }, DEBOUNCE_MS);
      };
      input.addEventListener("blur", function () {
        if (input.value !== "" || touched[field]) { touched[field] = true; run(true); }
      });
      input.addEventListener("input", function () {
        run(Boolean(touched[field]));
        if (document.getElementById(field + "-checklist") && form.elements["password-confirmation"] &&
            touched["password-confirmation"]) {
          // A changed new password may make the confirmation right or wrong.
          validate(form, "password-confirmation", function (result) {
            showIssues(form, "password-confirmation", result.issues || []);
          });
        }
      });
    });
  }

  function enhancePasswords(form) {
    each(form.querySelectorAll("input[type=password][data-show-label]"), function (input) {
      var show = input.getAttribute("data-show-label");
      var hide = input.getAttribute("data-hide-label");
      var row = document.createElement("div");
      row.className = "password-row";
      input.parentNode.insertBefore(row, input);
      row.appendChild(input);
      var button = document.createElement("button");
      button.type = "button";
      button.className = "toggle-password";
      button.setAttribute("aria-controls", input.id);
      button.setAttribute("aria-pressed", "false");
      button.textContent = show;
      button.addEventListener("click", function () {
        var visible = input.type === "password";
        input.type = visible ? "text" : "password";
        button.textContent = visible ? hide : show;
        button.setAttribute("aria-pressed", visible ? "true" : "false");
        input.focus();
      });
      row.appendChild(button);
    });
  }

  // Tells the server the reader's time zone, so that dates ("signed in …") are shown in the
  // reader's own time from the next page on; without it they are shown in UTC, saying so.
  function rememberTimeZone() {
    var zone;
    try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone; } catch (e) { return; }
    if (!zone || !/^[A-Za-z0-9_+\/-]{1,63}$/.test(zone)) { return; }
    var secure = location.protocol === "https:";
    var name = (secure ? "__Host-" : "") + "genkan_tz";
    if (document.cookie.split("; ").indexOf(name + "=" + zone) >= 0) { return; }
    document.cookie = name + "=" + zone + "; Path=/; Max-Age=31536000; SameSite=Lax" + (secure ? "; Secure" : "");
  }

  // "Copy" beside the recovery codes: rendered hidden, shown where the clipboard can be written
  // (without it the list is there to select, and the download holds the same codes).
  function enhanceCopy() {
    if (!navigator.clipboard || !window.isSecureContext) { return; }
    each(document.querySelectorAll("button[data-copy]"), function (button) {
      var list = document.getElementById(button.getAttribute("data-copy"));
      if (!list) { return; }
      button.hidden = false;
      button.addEventListener("click", function () {
        var codes = [];
        each(list.querySelectorAll("[data-recovery-code]"), function (code) { codes.push(code.textContent); });
        navigator.clipboard.writeText(codes.join("\n") + "\n").then(function () {
          button.textContent = button.getAttribute("data-copied-label");
        });
      });
    });
  }

  function enhanceSubmit(form) {
    // The language switcher (a GET form) only reloads the page: nothing to wait for.
    if (form.method === "get") { return; }
    form.addEventListener("submit", function (event) {
      var button = form.querySelector("button[type=submit]");
      if (!button) { return; }
      if (button.disabled) { event.preventDefault(); return; }
      each(form.querySelectorAll("input[type=text][aria-controls], .password-row input"), function (input) {
        input.type = input.type === "text" && input.closest(".password-row") ? "password" : input.type;
      });
      button.setAttribute("data-label", button.textContent);
      button.disabled = true;
      form.setAttribute("aria-busy", "true");
      while (button.firstChild) { button.removeChild(button.firstChild); }
      var spinner = document.createElement("span");
      spinner.className = "spinner";
      spinner.setAttribute("aria-hidden", "true");
      button.appendChild(spinner);
      button.appendChild(document.createTextNode(button.getAttribute("data-progress") || ""));
    });
  }

  // A page restored from the back-forward cache must not keep a disabled button.
  window.addEventListener("pageshow", function () {
    each(document.querySelectorAll("button[type=submit][data-label]"), function (button) {
      button.disabled = false;
      button.textContent = button.getAttribute("data-label");
      button.removeAttribute("data-label");
      var form = button.form;
      if (form) { form.removeAttribute("aria-busy"); }
    });
  });

  document.addEventListener("DOMContentLoaded", function () {
    each(document.querySelectorAll("form.auth-form"), function (form) {
      enhanceValidation(form);
      enhancePasswords(form);
    });
    each(document.querySelectorAll("form"), enhanceSubmit);
    enhanceCopy();
    rememberTimeZone();
    focusSummary();
  });
})();
