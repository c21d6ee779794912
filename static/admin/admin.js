/* The content studio's start: plain script (no build step), run after decap-cms.js. */
;(function () {
  var CMS = window.CMS
  function readJson(url) {
    return fetch(url, { cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        var type = response.headers.get("content-type") || ""
        return response.ok && type.indexOf("application/json") === 0 ? response.json() : null
      })
      .catch(function () {
        return null
      })
  }
  // Which backend, in this order (docs/studio.md#the-proxy-backend):
  // - on the site's own server (npm run serve / npm start), backend.json names its proxy backend,
  //   behind the owner's session (the server's login page came first: no second login here);
  // - during `npm run edit`, the development site tells where decap-server listens;
  // - elsewhere (a static host) neither exists and config.yml's git backend is used as is.
  // The owner's rooms beside the studio, on the site's own server only: the inbox (/admin/demandes/),
  // the questions maxAi could not answer (/admin/questions/), the stock book (/admin/stock/) and
  // the go-live checklist (/admin/mise-en-ligne/), one more link each in Decap's header, styled as
  // its own links (Decap 3 has no registerAdditionalLink), put back whenever Decap draws its header
  // again. Icons drawn like Decap's: an envelope, a speech bubble with a question mark, a box, a ticked circle.
  var ROOMS = [
    {
      id: "lien-demandes",
      path: "demandes/",
      label: "Demandes",
      icon: "M4 5h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Zm0 2.3V17h16V7.3l-8 5.3-8-5.3ZM5.6 7l6.4 4.2L18.4 7H5.6Z",
    },
    {
      id: "lien-questions",
      path: "questions/",
      label: "Questions",
      icon: "M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm0 2v11h2v2l2.5-2H20V5H4Zm8 1.5a3 3 0 0 1 3 3c0 1.3-.8 2-1.5 2.5-.4.3-.5.5-.5 1V13h-2v-.5c0-1.1.6-1.7 1.2-2.1.5-.4.8-.6.8-.9a1 1 0 0 0-2 0H9a3 3 0 0 1 3-3ZM11 14h2v1.5h-2V14Z",
    },
    {
      id: "lien-stock",
      path: "stock/",
      label: "Stock",
      icon: "M3 7 12 3l9 4v10l-9 4-9-4V7Zm2 1.6v7.1l6 2.7v-7.1L5 8.6Zm14 0-6 2.7v7.1l6-2.7V8.6ZM12 5.2 6.4 7.7 12 10.2l5.6-2.5L12 5.2Z",
    },
    {
      id: "lien-mise-en-ligne",
      path: "mise-en-ligne/",
      label: "Mise en ligne",
      icon: "M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm4.3 4.3 1.4 1.4-7.2 7.2-4.2-4.2 1.4-1.4 2.8 2.8 5.8-5.8Z",
    },
  ]
  function linkRooms() {
    new MutationObserver(function () {
      var own = document.querySelector("header nav li > a")
      if (!own) return
      ROOMS.forEach(function (room) {
        if (document.getElementById(room.id)) return
        var link = document.createElement("a")
        link.id = room.id
        link.className = own.className.replace("header-link-active", "")
        link.href = new URL(room.path, document.baseURI).href
        // Decap's own icon wrapper (size, colour).
        var icon = own.querySelector("span")
        if (icon) {
          icon = icon.cloneNode(false)
          icon.innerHTML = '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><path d="' + room.icon + '"/></svg>'
          link.appendChild(icon)
        }
        link.appendChild(document.createTextNode(room.label))
        var item = document.createElement("li")
        item.appendChild(link)
        own.parentNode.parentNode.appendChild(item)
      })
    }).observe(document.body, { childList: true, subtree: true })
  }
  // Decap's « Déconnexion » (account menu) only forgets its own login; on the site's own server
  // it logs out of the server in one tap: a same-origin POST to /admin/logout (a form, as the
  // inbox's button), which ends the session and shows the login page. GET /admin/logout changes
  // nothing (it shows a page with that button, for someone who types the address).
  function logoutThroughServer(event) {
    var item = event.target instanceof Element ? event.target.closest('[role="menuitem"]') : null
    var pressed = event.type === "click" || event.key === "Enter" || event.key === " "
    if (!item || !pressed || item.textContent.trim() !== "Déconnexion") return
    event.preventDefault()
    event.stopPropagation()
    var form = document.createElement("form")
    form.method = "post"
    form.action = new URL("logout", document.baseURI).href
    document.body.appendChild(form)
    form.submit()
  }
  readJson("backend.json")
    .then(function (own) {
      if (!own) return readJson("/__contenu/decap")
      window.localStorage.setItem("decap-cms-user", JSON.stringify({ backendName: "proxy" }))
      linkRooms()
      window.addEventListener("click", logoutThroughServer, true)
      window.addEventListener("keydown", logoutThroughServer, true)
      return own
    })
    .then(function (extra) {
      CMS.init({ config: extra || {} })
    })
})()
