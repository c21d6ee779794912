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
  // Which backend, in this order (README, "Studio"):
  // - on the site's own server (npm run serve / npm start), backend.json names its proxy backend,
  //   behind the owner's session (the server's login page came first: no second login here);
  // - during `npm run edit`, the development site tells where decap-server listens;
  // - elsewhere (a static host) neither exists and config.yml's git backend is used as is.
  // Decap's « Déconnexion » (account menu) only forgets its own login; on the site's own server
  // it leads to the server's logout page, which ends the session.
  function logoutThroughServer(event) {
    var item = event.target instanceof Element ? event.target.closest('[role="menuitem"]') : null
    var pressed = event.type === "click" || event.key === "Enter" || event.key === " "
    if (!item || !pressed || item.textContent.trim() !== "Déconnexion") return
    event.preventDefault()
    event.stopPropagation()
    window.location.assign("logout")
  }
  readJson("backend.json")
    .then(function (own) {
      if (!own) return readJson("/__contenu/decap")
      window.localStorage.setItem("decap-cms-user", JSON.stringify({ backendName: "proxy" }))
      window.addEventListener("click", logoutThroughServer, true)
      window.addEventListener("keydown", logoutThroughServer, true)
      return own
    })
    .then(function (extra) {
      CMS.init({ config: extra || {} })
    })
})()
