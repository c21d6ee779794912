/* The content studio's start: plain script (no build step), run after decap-cms.js. */
;(function () {
  var CMS = window.CMS
  // During `npm run edit`, the development site tells where decap-server listens; elsewhere
  // (the live site) that route does not exist and config.yml's git backend is used as is.
  fetch("/__contenu/decap", { cache: "no-store" })
    .then(function (response) {
      var type = response.headers.get("content-type") || ""
      return response.ok && type.indexOf("application/json") === 0 ? response.json() : {}
    })
    .catch(function () {
      return {}
    })
    .then(function (extra) {
      CMS.init({ config: extra })
    })
})()
