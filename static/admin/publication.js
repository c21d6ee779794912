/*
 * Where the site's republication stands, shown in the studio (docs/studio.md#status-what-the-studio-says): a small fixed
 * box at the bottom of the screen, « Publication en cours… », « Site à jour — publié à 10 h 42 »
 * or « Échec : … » with the reasons and « Réessayer ». Plain script (no build step), on its own:
 * it reads GET publication.json (behind the session, src/server/studio/publication.ts) and does
 * nothing where that does not answer (a static host, `npm run edit`) or says "off".
 *
 * On a phone (below 800 px, as static/admin/studio.css) it covers no field: it is a pill in the
 * strip studio.css keeps free at the bottom of the screen, beside the preview's eye button, the
 * editor ending above that strip; the sentence on two lines at most, « Détails » opening the
 * reasons and the button over the form until « Réduire » (e2e/studio-desk.spec.mjs).
 *
 * What must stay true: the sentence is in a polite live region (read once when it changes,
 * never on every poll); buttons are 44 px high at least; polling runs only while the tab is
 * visible (a hidden tab does not keep the owner's session alive), every 3 s, every second
 * while a publication runs, and at once after a save in Decap (its postSave event).
 */
;(function () {
  var SLOW_MS = 3000
  var FAST_MS = 1000
  var COLOURS = { building: "#1d4ed8", published: "#15803d", failed: "#b91c1c", stale: "#b45309", off: "#4b5563" }
  // studio.css's phone layout, and the strip it leaves free under the editor (its height there).
  var PHONE = window.matchMedia("(max-width: 799px)")
  var box, sentence, reasons, action, toggle, timer, shown

  var CSS =
    ".publication{position:fixed;left:0;top:0;z-index:150;box-sizing:border-box;max-width:28rem;" +
    "margin:0;padding:8px 12px;background:#fff;color:#111827;border:1px solid #d1d5db;border-left:6px solid var(--state);border-radius:8px;" +
    "box-shadow:0 4px 16px rgba(0,0,0,.18);font:14px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}" +
    ".publication[hidden]{display:none}" +
    ".publication p{margin:0;display:flex;gap:8px;align-items:baseline}" +
    ".publication p::before{content:'';flex:none;width:10px;height:10px;border-radius:50%;background:var(--state)}" +
    ".publication[data-state=building] p::before{animation:publication-pulse 1s ease-in-out infinite alternate}" +
    "@keyframes publication-pulse{to{opacity:.25}}" +
    "@media (prefers-reduced-motion:reduce){.publication[data-state=building] p::before{animation:none}}" +
    ".publication details{margin-top:4px}" +
    ".publication summary{min-height:44px;display:flex;align-items:center;cursor:pointer;color:#1d4ed8;text-decoration:underline}" +
    ".publication ul{margin:0 0 4px;padding-left:18px;max-height:30vh;overflow:auto;font-size:13px;white-space:pre-wrap;overflow-wrap:anywhere}" +
    ".publication button{min-height:44px;min-width:44px;margin-top:6px;padding:0 16px;border:0;border-radius:6px;" +
    "background:#1d4ed8;color:#fff;font:inherit;font-weight:600;cursor:pointer}" +
    ".publication button:focus-visible,.publication summary:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}" +
    ".publication .toggle{display:none}" +
    // A phone: the pill in the bottom strip (8 px from the edges, 52 px high like the eye button
    // at its right), laid out by CSS alone: the editor fits the screen there (studio.css).
    "@media (max-width:799px){" +
    ".publication{left:8px!important;right:68px;top:auto!important;bottom:8px;max-width:none!important;" +
    "min-height:52px;display:flex;align-items:center;gap:4px;padding:4px 4px 4px 10px}" +
    ".publication .toggle{display:block;flex:none;margin:0;padding:0 10px;background:#eef2ff;color:#1d4ed8}" +
    ".publication .toggle[hidden]{display:none}" +
    ".publication:not(.open) p{flex:1 1 auto;min-width:0;display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;overflow:hidden}" +
    ".publication:not(.open) p::before{display:inline-block;margin-right:8px}" +
    ".publication:not(.open) details,.publication:not(.open) .action{display:none}" +
    ".publication.open{flex-direction:column;align-items:stretch;max-height:70vh;overflow:auto;padding:8px 12px}" +
    ".publication.open .toggle{order:9;align-self:flex-end;margin-top:6px}" +
    // The pages beside the editor (the collections) scroll their last lines above it.
    "body{padding-bottom:76px}" +
    "}"

  function element(tag, className) {
    var node = document.createElement(tag)
    if (className) node.className = className
    return node
  }

  function build() {
    var style = element("style")
    style.textContent = CSS
    document.head.appendChild(style)
    box = element("aside", "publication")
    box.setAttribute("aria-label", "Publication du site")
    box.hidden = true
    sentence = element("p")
    sentence.setAttribute("role", "status")
    reasons = element("details")
    reasons.appendChild(element("summary")).textContent = "Voir pourquoi"
    reasons.appendChild(element("ul"))
    action = element("button", "action")
    action.type = "button"
    action.addEventListener("click", republish)
    // On a phone only (CSS): the reasons and the button, over the form, when the owner asks.
    toggle = element("button", "toggle")
    toggle.type = "button"
    toggle.addEventListener("click", function () {
      setOpen(!box.classList.contains("open"))
    })
    box.appendChild(sentence)
    box.appendChild(reasons)
    box.appendChild(action)
    box.appendChild(toggle)
    setOpen(false)
    document.body.appendChild(box)
    // Its height changes with the sentence and the opened reasons; the screen with rotation, zoom, keyboard.
    if (window.ResizeObserver) new window.ResizeObserver(place).observe(box)
    if (window.visualViewport) {
      window.visualViewport.addEventListener("resize", place)
      window.visualViewport.addEventListener("scroll", place)
    }
    window.addEventListener("resize", place)
  }

  function setOpen(open) {
    box.classList.toggle("open", open)
    toggle.setAttribute("aria-expanded", String(open))
    toggle.textContent = open ? "Réduire" : "Détails"
  }

  /**
   * From 800 px: at the bottom right-hand corner of what the owner sees, placed from the visual
   * viewport (a zoomed page keeps it in sight). A phone's pill is placed by the CSS above.
   */
  function place() {
    if (!box || box.hidden) return
    if (PHONE.matches) {
      box.style.maxWidth = box.style.left = box.style.top = ""
      return
    }
    var view = window.visualViewport || { width: window.innerWidth, height: window.innerHeight, offsetLeft: 0, offsetTop: 0 }
    var margin = 12
    box.style.maxWidth = Math.min(448, view.width - 2 * margin) + "px"
    box.style.left = view.offsetLeft + view.width - box.offsetWidth - margin + "px"
    box.style.top = view.offsetTop + view.height - box.offsetHeight - margin + "px"
  }

  function render(status) {
    if (!box) build()
    box.hidden = false
    box.setAttribute("data-state", status.state)
    box.style.setProperty("--state", COLOURS[status.state] || COLOURS.off)
    if (status.message !== shown) sentence.textContent = shown = status.message
    var list = reasons.querySelector("ul")
    reasons.hidden = !status.details || status.details.length === 0
    if (list.getAttribute("data-lines") !== JSON.stringify(status.details)) {
      list.textContent = ""
      list.setAttribute("data-lines", JSON.stringify(status.details))
      ;(status.details || []).forEach(function (line) {
        list.appendChild(element("li")).textContent = line
      })
    }
    action.hidden = !status.canRepublish
    action.textContent = status.state === "failed" ? "Réessayer" : "Republier le site"
    // « Détails » when there is more than the sentence: reasons, a button, or a sentence cut short.
    toggle.hidden = reasons.hidden && action.hidden && !box.classList.contains("open") && sentence.scrollHeight <= sentence.clientHeight + 1
    place()
  }

  function schedule(ms) {
    clearTimeout(timer)
    timer = setTimeout(poll, ms)
  }

  function read(response) {
    var type = response.headers.get("content-type") || ""
    return response.ok && type.indexOf("application/json") === 0 ? response.json() : null
  }

  function poll() {
    if (document.hidden) return
    fetch("publication.json", { cache: "no-store", credentials: "same-origin" })
      .then(read)
      .then(function (status) {
        // No answer: no republication here (or the session ended; Decap says so on the next save).
        // Off (STUDIO_PUBLISH=off): the operator publishes otherwise; nothing to show.
        if (!status || status.state === "off") return
        render(status)
        schedule(status.state === "building" ? FAST_MS : SLOW_MS)
      })
      .catch(function () {
        schedule(SLOW_MS)
      })
  }

  function republish() {
    action.disabled = true
    fetch("publication", { method: "POST", cache: "no-store", credentials: "same-origin" })
      .then(read)
      .then(function (status) {
        if (status) render(status)
      })
      .catch(function () {})
      .then(function () {
        action.disabled = false
        schedule(FAST_MS)
      })
  }

  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) poll()
  })
  if (window.CMS && window.CMS.registerEventListener) {
    window.CMS.registerEventListener({ name: "postSave", handler: poll })
  }
  poll()
})()
