/*
 * Where the site's republication stands, shown in the studio (README, "Studio"): a small fixed
 * box at the bottom of the screen, « Publication en cours… », « Site à jour — publié à 10 h 42 »
 * or « Échec : … » with the reasons and « Réessayer ». Plain script (no build step), on its own:
 * it reads GET publication.json (behind the session, src/server/studio/publication.ts) and does
 * nothing where that does not answer (a static host, `npm run edit`) or says "off".
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
  var box, sentence, reasons, action, timer, shown

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
    ".publication button:focus-visible,.publication summary:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}"

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
    action = element("button")
    action.type = "button"
    action.addEventListener("click", republish)
    box.appendChild(sentence)
    box.appendChild(reasons)
    box.appendChild(action)
    document.body.appendChild(box)
    // Its height changes with the sentence and the opened reasons; the screen with rotation, zoom, keyboard.
    if (window.ResizeObserver) new window.ResizeObserver(place).observe(box)
    if (window.visualViewport) {
      window.visualViewport.addEventListener("resize", place)
      window.visualViewport.addEventListener("scroll", place)
    }
    window.addEventListener("resize", place)
  }

  /**
   * At the bottom of what the owner sees: the right-hand corner, or the whole width of a phone.
   * Placed from the visual viewport, not by CSS alone: on a phone Decap's editor is wider than
   * the screen, which widens the layout viewport that `position: fixed` follows (800 × 1732 px
   * for a 390 × 844 screen), and a box at its bottom would be off screen.
   */
  function place() {
    if (!box || box.hidden) return
    var view = window.visualViewport || { width: window.innerWidth, height: window.innerHeight, offsetLeft: 0, offsetTop: 0 }
    var narrow = view.width <= 480
    var margin = narrow ? 8 : 12
    box.style.width = narrow ? view.width - 2 * margin + "px" : ""
    box.style.maxWidth = narrow ? "none" : Math.min(448, view.width - 2 * margin) + "px"
    box.style.left = (narrow ? view.offsetLeft + margin : view.offsetLeft + view.width - box.offsetWidth - margin) + "px"
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
