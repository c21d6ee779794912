/**
 * The studio's rules (docs/studio.md#one-set-of-rules-before-every-save), bundled apart from the site by build-steps/studio-rules.ts
 * (esbuild) into /admin/rules.js: only /admin/ loads it, after Decap's bundle and before
 * admin.js starts Decap, so nothing of it enters the visitor's bundle.
 * - Every backend a static host can use, and decap-server's (npm run edit), is wrapped by
 *   checked-backend.ts: the build's own rules before each commit (on the site's own server,
 *   the server applies them).
 * - The `decimal` and `item_number` fields (widgets.ts).
 * - A photo picked smaller than its entry's minimum is refused before Decap enlarges it (picked-photos.ts).
 * - Decap's notifications keep the lines of a refusal apart (one problem per line).
 * - Decap's French with the studio's own phrases, its list rows in the site's formats (words.ts).
 */
import type { ContentFile } from "../../build-steps/content/rules"
import { checkedBackend } from "./checked-backend"
import { guardPickedPhotos } from "./picked-photos"
import type { DecapWindow } from "./decap"
import { SCHEMAS } from "./schemas"
import { registerWidgets } from "./widgets"
import { registerFrench } from "./words"

/** Decap 3's git hosts, its in-memory test repository, and the proxy (decap-server, or the site's own server). */
const BACKENDS = ["github", "gitlab", "gitea", "bitbucket", "azure", "git-gateway", "test-repo", "proxy"]

export function wrapBackends(decap: DecapWindow, schemas: Record<ContentFile, unknown>): void {
  for (const name of BACKENDS) {
    const record = decap.CMS.getBackend(name)
    if (!record) continue
    const init = record.init.bind(record)
    record.init = (config, options) => checkedBackend(init(config, options), config, schemas)
  }
}

const decap = window as unknown as DecapWindow
wrapBackends(decap, SCHEMAS)
registerWidgets(decap)
registerFrench(decap)
guardPickedPhotos(window, SCHEMAS)
const style = document.createElement("style")
style.textContent = ".Toastify__toast-body { white-space: pre-line; }"
document.head.append(style)
