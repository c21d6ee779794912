// Only the launcher: the window is loaded on demand by the launcher itself.
export { ChatLauncher } from "./ChatLauncher"
export type { ChatContent } from "./types"
