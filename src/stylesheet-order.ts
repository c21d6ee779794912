/**
 * The global styles and the stylesheets both pages use, imported first by the app
 * (src/wrap-root.tsx), by each page (src/pages/index.tsx, 404.tsx) and by each chunk loaded
 * later (the chat window), always in this order. The build writes one CSS file for the whole site; when two
 * pages reach shared stylesheets in different orders, webpack cannot order their rules for both
 * ("Conflicting order" at build time, CI fails on it) and the cascade between them is left to
 * chance. A page that starts using another shared piece adds it here. It sits at the top of src/,
 * beside wrap-root.tsx, above the components and sections it lists: a manifest of them, not a style.
 */
// Element and reset rules first: every component rule comes after them and wins a tie.
import "./styles/global.css"
import "./styles/utils.css"
import "./components/Button/Button.css"
import "./components/Logo/Logo.css"
import "./components/SkipLink/SkipLink.css"
import "./components/Toast/Toast.css"
import "./components/PrivacyNotice/PrivacyNotice.css"
import "./components/Chat/ChatLauncher.css"
import "./sections/Header/Header.css"
import "./sections/Footer/Footer.css"
