/*
 * The inbox's one script (served as inbox.js; the pages work without it): the « Suivi » form is
 * saved without leaving the page, so a save that fails (session ended by a restart, connection
 * lost) keeps the status and note where the owner typed them, with a French message, instead of
 * an error page. The server answers JSON when asked for it (src/server/inbox/router.ts).
 * And the copy buttons, « Copier le lien » beside the seller's private link and « Copier l'IBAN »
 * at the payment step (hidden without this script: the value stays selectable in its field; the
 * IBAN is copied without its spaces, as banking apps take it).
 */
;(function () {
  if (!navigator.clipboard) return
  document.querySelectorAll("button[data-copy]").forEach(function (copy) {
    var field = document.getElementById(copy.getAttribute("data-copy"))
    if (!field) return
    copy.hidden = false
    copy.addEventListener("click", function () {
      // A field's value (the link), or a text's words (the IBAN, without its spaces).
      var value = field.classList.contains("iban") ? field.textContent.replace(/\s+/g, "") : field.value
      navigator.clipboard.writeText(value).then(
        function () {
          copy.textContent = copy.getAttribute("data-copied") || "Lien copié"
        },
        function () {
          field.select()
          copy.textContent = "Copiez-le dans le champ"
        },
      )
    })
  })
})()
;(function () {
  var form = document.querySelector("form[data-save-in-place]")
  if (!form || !window.fetch) return
  var outcome = form.querySelector("[data-outcome]")
  var button = form.querySelector("button[type=submit]")
  var badge = document.querySelector("[data-status-badge]")

  function say(text, refused) {
    var line = document.createElement("p")
    line.className = refused ? "problem" : "notice"
    line.setAttribute("role", refused ? "alert" : "status")
    line.textContent = text
    outcome.replaceChildren(line)
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault()
    button.disabled = true
    var label = button.textContent
    button.textContent = "Enregistrement…"
    fetch(form.action, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(new FormData(form)).toString(),
      credentials: "same-origin",
    })
      .then(function (response) {
        return response.json().then(
          function (answer) {
            return { status: response.status, answer: answer }
          },
          function () {
            return { status: response.status, answer: {} }
          },
        )
      })
      .then(function (result) {
        var answer = result.answer
        if (result.status === 200) {
          form.elements.version.value = answer.version
          if (badge) {
            badge.textContent = answer.statusLabel
            badge.className = "badge status-" + answer.status
          }
          return say("Suivi enregistré.", false)
        }
        if (answer.version) form.elements.version.value = answer.version
        if (result.status === 401)
          return say(
            "Votre session a pris fin\u00a0: reconnectez-vous dans un autre onglet (Studio), puis enregistrez à nouveau. Votre saisie reste ici.",
            true,
          )
        say(answer.error || "Le suivi n'a pas été enregistré (erreur du serveur). Votre saisie reste ici\u00a0: réessayez.", true)
      })
      .catch(function () {
        say("Connexion impossible\u00a0: le suivi n'a pas été enregistré. Votre saisie reste ici\u00a0: réessayez.", true)
      })
      .then(function () {
        button.disabled = false
        button.textContent = label
      })
  })
})()
