export { PageChrome, type PageChromeContent } from "./PageChrome"
