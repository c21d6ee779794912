/*
 * What studio.css cannot do for the owner (docs/studio.md#on-a-phone; e2e/studio-touch.spec.mjs): plain
 * script, loaded before admin.js starts Decap. Decap's list buttons are bare icons, so they get
 * French names; the list's × asks before it deletes; on a phone the editor opens on the form
 * alone (the eye button shows the preview); a list item dragged by touch lands under the finger;
 * a refused save brings its first field in error into view; picked photos get names of their own;
 * Decap's English sentences about photos are said in French. Hooks are Decap's component names in
 * its classes (see studio.css) and attributes it renders; nothing here changes what Decap saves.
 */
;(function () {
  var PHONE = window.matchMedia("(max-width: 799px)")
  var TOP_BAR = '[class*="-StyledListItemTopBar"]'
  var ITEM = '[class*="-ListItem"]'
  var SUMMARY = '[class*="-NestedObjectLabel"]'

  // Decap remembers the pane beside the form (cms.right-pane); a phone has room for one: the form.
  if (PHONE.matches) window.localStorage.setItem("cms.right-pane", "none")

  function summaryOf(button) {
    var item = button.closest(ITEM)
    var summary = item && item.querySelector(SUMMARY)
    return summary ? summary.textContent.trim() : ""
  }

  // The × of a list item deletes it at once in Decap: ask first, in French. Capture phase on
  // window runs before React's own listener, so a « non » stops the click before Decap sees it.
  window.addEventListener(
    "click",
    function (event) {
      var target = event.target instanceof Element ? event.target : null
      var remove = target && target.closest(TOP_BAR + " > button:last-child")
      if (!remove) return
      var summary = summaryOf(remove)
      var question =
        (summary ? "Supprimer « " + summary + " » de la liste ?" : "Supprimer cet élément de la liste ?") +
        "\nIl disparaîtra du site à la prochaine publication (« Publier › Publier maintenant »)."
      if (!window.confirm(question)) {
        event.preventDefault()
        event.stopPropagation()
      }
    },
    true,
  )

  // A collapsed item's summary opens it, like its chevron: the owner taps the words she reads.
  window.addEventListener("click", function (event) {
    var target = event.target instanceof Element ? event.target : null
    var summary = target && target.closest(SUMMARY)
    var item = summary && summary.closest(ITEM)
    var chevron = item && item.querySelector(TOP_BAR + " > button:first-child")
    if (chevron) chevron.click()
    // Decap opens an item by changing its classes, which the observer below does not see: look again.
    window.setTimeout(later, 100)
  })

  // Reordering by touch lands where the finger is lifted. Decap's list (dnd-kit) scrolls its pane
  // while the finger is in the pane's last fifth, up to 2 px a millisecond: a finger resting on an
  // item near the bottom of a phone's screen sent the dragged item to the end of the list. While a
  // finger drags a handle, the pane scrolls only when the finger leaves it (onto the toolbar, or
  // the strip under the editor where the eye button sits: studio.css), at most 3 px a step; inside
  // the pane nothing scrolls, and the item lands on the item under the finger.
  var HANDLE = TOP_BAR + ' > [aria-roledescription="sortable"]'
  var STEP = 3
  var fingerY = null
  window.addEventListener(
    "touchstart",
    function (event) {
      var target = event.target instanceof Element ? event.target : null
      fingerY = target && target.closest(HANDLE) && event.touches.length === 1 ? event.touches[0].clientY : null
    },
    { capture: true, passive: true },
  )
  window.addEventListener(
    "touchmove",
    function (event) {
      if (fingerY !== null && event.touches.length > 0) fingerY = event.touches[0].clientY
    },
    { capture: true, passive: true },
  )
  ;["touchend", "touchcancel"].forEach(function (type) {
    window.addEventListener(
      type,
      function () {
        fingerY = null
      },
      { capture: true, passive: true },
    )
  })
  var scrollBy = Element.prototype.scrollBy
  Element.prototype.scrollBy = function (x, y) {
    if (fingerY === null || typeof y !== "number") return scrollBy.apply(this, arguments)
    // What the owner sees of the scrolled pane (the page itself: the screen but for its edges).
    var pane = this === document.scrollingElement ? { top: 0, bottom: window.innerHeight } : this.getBoundingClientRect()
    var top = Math.max(pane.top, 24)
    var bottom = Math.min(pane.bottom, window.innerHeight - 24)
    var step = fingerY > bottom && y > 0 ? Math.min(y, STEP) : fingerY < top && y < 0 ? Math.max(y, -STEP) : 0
    if (step !== 0) scrollBy.call(this, 0, step)
  }

  // A phone names every photo its camera takes « image.jpg »: a second one would meet the first in
  // the media library, where Decap asks (in English) to replace it, and both items would show the
  // last. Each picked photo gets its own name (the server renames it after its item on saving).
  window.addEventListener(
    "change",
    function (event) {
      var input = event.target
      if (!(input instanceof HTMLInputElement) || input.type !== "file" || !input.files || input.files.length === 0) return
      var stamp = "-" + Date.now().toString(36)
      var renamed = new DataTransfer()
      for (var i = 0; i < input.files.length; i += 1) {
        var file = input.files[i]
        var dot = file.name.lastIndexOf(".")
        var name = dot > 0 ? file.name.slice(0, dot) + stamp + file.name.slice(dot) : file.name + stamp
        renamed.items.add(new File([file], name, { type: file.type, lastModified: file.lastModified }))
      }
      input.files = renamed.files
    },
    true,
  )

  // Decap's few English sentences, in French: the replace question and the photo notifications.
  var FRENCH = [
    [/^(.*) already exists\. Do you want to replace it\?$/, "« $1 » existe déjà dans la médiathèque. La remplacer ?"],
    [/^Failed to persist media: /, "Échec de l'envoi de la photo : "],
    [/^Failed to delete media: /, "Échec de la suppression de la photo : "],
  ]
  function inFrench(text) {
    return FRENCH.reduce(function (sentence, rule) {
      return sentence.replace(rule[0], rule[1])
    }, text)
  }
  // Decap keeps a copy of the entry being typed in the browser and, when the entry opens again,
  // asks in a native pop-up whether to bring it back (« Une sauvegarde locale a été trouvée… »):
  // after a refused save and a reload that brought the refused draft back over the saved file.
  // Decap 3.16 has no setting to turn its local backup off (no local_backup option in its
  // bundle): its question is answered « non » here, Decap then deletes its copy, and an entry
  // always opens as it is saved on the server.
  var LOCAL_BACKUP_QUESTION = /sauvegarde locale|local backup/i
  var confirmInBrowser = window.confirm.bind(window)
  window.confirm = function (message) {
    if (LOCAL_BACKUP_QUESTION.test(String(message))) return false
    return confirmInBrowser(inFrench(String(message)))
  }
  function translateNotifications() {
    var bodies = document.querySelectorAll(".Toastify__toast-body")
    for (var i = 0; i < bodies.length; i += 1) {
      var walker = document.createTreeWalker(bodies[i], NodeFilter.SHOW_TEXT)
      for (var text = walker.nextNode(); text; text = walker.nextNode()) {
        var french = inFrench(text.nodeValue)
        if (french !== text.nodeValue) text.nodeValue = french
      }
    }
  }

  // Names for the icon-only controls (screen readers, and the words the tests look for).
  function name(selector, label) {
    var controls = document.querySelectorAll(selector)
    for (var i = 0; i < controls.length; i += 1) {
      if (controls[i].getAttribute("aria-label") !== label) controls[i].setAttribute("aria-label", label)
    }
  }
  // A save refused for a field (« requis », not a number…) draws the field's errors and nothing
  // else: the first field in error comes to the middle of the form, wherever the owner had scrolled;
  // in a folded item (whose fields Decap keeps hidden), the item is opened first.
  var ERRORS = '[class*="-ControlErrorsList"]'
  var errorsShown = 0
  var errorToShow = 0
  // Each « Publier… » tapped is a save Decap may refuse with the same errors as the last one.
  window.addEventListener(
    "click",
    function (event) {
      var item = event.target instanceof Element ? event.target.closest('[role="menuitem"]') : null
      if (!item || !/^Publier/.test(item.textContent.trim())) return
      errorToShow = 4
      window.setTimeout(later, 150)
    },
    true,
  )
  function showFirstError() {
    var lists = document.querySelectorAll(ERRORS)
    // A few redraws at most: each opens one folded item around the field.
    if (lists.length > errorsShown) errorToShow = 4
    errorsShown = lists.length
    if (lists.length === 0) errorToShow = 0
    if (errorToShow === 0) return
    errorToShow -= 1
    var shown = lists[0].closest('[class*="-ControlContainer"]') || lists[0]
    if (shown.getClientRects().length > 0) {
      errorToShow = 0
      shown.scrollIntoView({ block: "center" })
      return
    }
    var folded = shown.parentElement && shown.parentElement.closest(ITEM)
    while (folded && folded.parentElement && folded.parentElement.closest(ITEM) && folded.getClientRects().length === 0) {
      folded = folded.parentElement.closest(ITEM)
    }
    // Only a folded item (its summary shown) is opened: never an open one folded (the form hidden behind the preview).
    var summary = folded && folded.querySelector(":scope > " + SUMMARY)
    var chevron = summary && summary.getClientRects().length > 0 && folded.querySelector(TOP_BAR + " > button:first-child")
    if (chevron) chevron.click()
    // Decap opens an item by changing its classes, which the observer below does not see: look again.
    window.setTimeout(later, 100)
  }

  var pending = false
  function later() {
    if (pending) return
    pending = true
    window.requestAnimationFrame(tidy)
  }
  function tidy() {
    pending = false
    showFirstError()
    name(TOP_BAR + " > button:first-child", "Ouvrir ou fermer")
    name(TOP_BAR + " > button:last-child", "Supprimer de la liste")
    name(TOP_BAR + ' > [aria-roledescription="sortable"]', "Glisser pour déplacer")
    translateNotifications()
  }
  new MutationObserver(later).observe(document.documentElement, { childList: true, subtree: true })
})()
