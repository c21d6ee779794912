// Read by decap-cms.js when it loads: admin.js starts the CMS itself, once it knows where the
// local backend listens (npm run edit) — see gatsby-node's /__contenu/decap route.
window.CMS_MANUAL_INIT = true
